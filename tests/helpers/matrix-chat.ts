/** Permission-matrix fixtures of the hand-written calls of messages and the socket-facing calls (base/message). */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';

export const CHAT_FIXTURES: Record<string, (w: World) => Fixture> = {};
