/** Permission-matrix fixtures of the hand-written calls of groups, group members, teams and desktops. */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';

export const GROUP_FIXTURES: Record<string, (w: World) => Fixture> = {};
