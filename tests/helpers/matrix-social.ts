/** Permission-matrix fixtures of the hand-written calls of friends and notifications. */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';

export const SOCIAL_FIXTURES: Record<string, (w: World) => Fixture> = {};
