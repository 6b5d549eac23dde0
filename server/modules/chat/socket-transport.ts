/**
 * The realtime hub's transport on socket.io: rooms `user:{id}` (every socket of a user) and
 * `group:{id}` (every socket of the group's members). With REDIS_URL the rooms span every instance
 * through @socket.io/redis-adapter (two connections, publish and subscribe, which reconnect by
 * themselves after a Redis restart); without it they live in this process. Joining and leaving
 * a group is applied to the user's sockets wherever they are (on other instances one pub/sub hop
 * later).
 */
import type { Server } from 'socket.io';
import type { Redis } from 'ioredis';
import type { Notice, RealtimeTransport, SessionEndReason, SessionTarget } from '../../core/api';

export const userRoom = (id: number) => `user:${id}`;
export const groupRoom = (id: number) => `group:${id}`;
/** Every socket connected with a token of this session (the token's `sid`). */
export const sessionRoom = (sid: string) => `session:${sid}`;

/** The server-side event instances tell each other by (RealtimeHub.toInstances). */
const INSTANCE_EVENT = 'cosmac:instances';

/** How long a stop waits for the presence work of the sockets it closed. */
const CLOSE_GRACE_MS = 1000;

function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export class SocketTransport implements RealtimeTransport {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly io: Server,
    private readonly redis: { pub: Redis; sub: Redis } | null,
  ) {}

  toUsers(userIds: number[], notice: Notice): void {
    this.io.to(userIds.map(userRoom)).emit('notice', notice);
  }

  toGroup(groupId: number, notice: Notice): void {
    this.io.to(groupRoom(groupId)).emit('notice', notice);
  }

  async joinGroup(userIds: number[], groupId: number): Promise<void> {
    this.io.in(userIds.map(userRoom)).socketsJoin(groupRoom(groupId));
  }

  async leaveGroup(userIds: number[], groupId: number): Promise<void> {
    this.io.in(userIds.map(userRoom)).socketsLeave(groupRoom(groupId));
  }

  /**
   * The notice and the disconnect go out through the adapter in this order (one Redis connection
   * publishes both, every instance handles them in order), so each socket has the notice first.
   */
  endSessions(target: SessionTarget, reason: SessionEndReason): void {
    const rooms = [...(target.userIds ?? []).map(userRoom), ...(target.sids ?? []).map(sessionRoom)];
    if (!rooms.length) return;
    this.io.to(rooms).emit('notice', { kind: 'session', data: { reason } } satisfies Notice);
    this.io.in(rooms).disconnectSockets(true);
  }

  /** Through the Redis adapter to every other instance's socket server; alone (no Redis) there is nobody to tell. */
  toOtherInstances(topic: string, data: unknown): void {
    if (this.redis) this.io.serverSideEmit(INSTANCE_EVENT, topic, data);
  }

  fromOtherInstances(deliver: (topic: string, data: unknown) => void): void {
    this.io.on(INSTANCE_EVENT, (topic: unknown, data: unknown) => {
      if (typeof topic === 'string') deliver(topic, data);
    });
  }

  /** Ids of the user's sockets on every instance; null when the other instances cannot be asked. */
  async socketIds(userId: number): Promise<string[] | null> {
    try {
      return (await this.io.in(userRoom(userId)).fetchSockets()).map((s) => s.id);
    } catch {
      return null;
    }
  }

  async isOnline(userId: number): Promise<boolean> {
    const ids = await this.socketIds(userId);
    if (ids !== null) return ids.length > 0;
    // The other instances do not answer (Redis down): what this one knows.
    return (await this.io.local.in(userRoom(userId)).fetchSockets()).length > 0;
  }

  /** Keeps work a socket started (presence on disconnect) so a stop can wait for it. */
  track(work: Promise<unknown>): void {
    this.pending.add(work);
    const done = () => void this.pending.delete(work);
    work.then(done, done);
  }

  localCount(): number {
    return this.io.of('/').sockets.size;
  }

  /**
   * Tells this instance's sockets to reconnect (`notice {kind: 'server', data: {reconnect: true}}`:
   * the instance is stopping, another one takes them) and disconnects them (their users go offline
   * unless connected elsewhere), then closes the engine and the Redis connections. The HTTP server
   * is left to its owner.
   */
  async close(): Promise<void> {
    this.io.local.emit('notice', { kind: 'server', data: { reconnect: true } } satisfies Notice);
    this.io.local.disconnectSockets(true);
    await within(Promise.allSettled([...this.pending]), CLOSE_GRACE_MS);
    this.io.engine.close();
    await within(
      Promise.resolve(this.io.of('/').adapter.close()).catch(() => undefined),
      300,
    );
    this.redis?.pub.disconnect();
    this.redis?.sub.disconnect();
  }
}
