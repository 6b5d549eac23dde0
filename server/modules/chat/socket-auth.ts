/**
 * A socket outlives the access token it connected with: after an HTTP refresh the client sends the
 * new token (`auth {token}`), which must name the same user; the socket then holds it (its checks,
 * its session room, its expiry). A socket whose token expired and got no fresher one within the
 * grace (SOCKET_TOKEN_GRACE seconds, 60 by default) is told `notice {kind: 'session', data:
 * {reason: 'expired'}}` and disconnected: it stops receiving what its session may no longer read.
 */
import type { Socket } from 'socket.io';
import { fail } from '../../core/api';
import type { Core } from '../../core/api';
import { okAck, type Ack } from './socket-ack';
import { sessionRoom } from './socket-transport';

/** What a socket holds of its session (part of its `socket.data`). */
export interface SocketSession {
  token: string;
  userId: number;
  sid: string | null;
  /** When the token expires (seconds since the epoch). */
  exp: number;
}

/** Longest a Node timer waits (about 24.8 days); a later deadline is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The grace after a token's expiry, in milliseconds. */
export function tokenGrace(core: Core): number {
  const s = Number(core.config.env.SOCKET_TOKEN_GRACE);
  return (Number.isFinite(s) && s >= 0 ? s : 60) * 1000;
}

/** Runs `onExpired` once the socket's token is past its expiry plus the grace. */
export class TokenExpiry {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly graceMs: number,
    private readonly onExpired: () => void,
  ) {
    this.reset();
  }

  /** Starts over from the token the socket holds now. */
  reset(): void {
    this.stop();
    const due = (this.socket.data as SocketSession).exp * 1000 + this.graceMs - Date.now();
    if (due <= 0) {
      this.onExpired();
      return;
    }
    this.timer = setTimeout(() => this.reset(), Math.min(due, MAX_TIMER_MS));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The `auth` event: takes a fresher access token of the same user, or refuses it (1001/1002) and keeps the old one. */
export async function reauthenticate(core: Core, socket: Socket, payload: unknown): Promise<Ack> {
  const token = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).token : undefined;
  if (typeof token !== 'string' || !token) throw fail.invalid([{ field: 'token', rule: 'required', params: {} }]);
  const data = socket.data as SocketSession;
  const user = await core.auth.authenticate(token);
  if (!user || user.id !== data.userId || !user.exp) throw fail.unauthorized('token_invalid');
  if (user.sid !== data.sid) {
    if (data.sid) await socket.leave(sessionRoom(data.sid));
    if (user.sid) await socket.join(sessionRoom(user.sid));
  }
  Object.assign(data, { token, sid: user.sid, exp: user.exp } satisfies Partial<SocketSession>);
  return okAck({ expire: Math.max(0, user.exp - Math.floor(Date.now() / 1000)) });
}
