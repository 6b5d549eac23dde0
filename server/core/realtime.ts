/**
 * The realtime hub every module delivers through (docs/reference/realtime.md). The socket server
 * (server/modules/chat) attaches itself as the transport once the HTTP server listens; before
 * that, and in processes without one, deliveries are dropped. That loses nothing: whatever is
 * delivered (a message, a notification) is stored first, and a client that was not there catches
 * up with `sync` or a page call.
 *
 * Deliver after the commit of the transaction that stored the thing delivered
 * (`t.afterCommit(() => core.realtime.toGroup(...))`), never before: a notice must not announce a
 * row that a rollback takes back.
 */

/** The `kind` of the one server -> client event, `notice { kind, data }`. */
export type NoticeKind =
  | 'message'
  | 'change'
  | 'typing'
  | 'mute'
  | 'delta'
  | 'chain'
  | 'toolCall'
  | 'notify'
  | 'notifyRead'
  | 'members'
  | 'presence'
  | 'read'
  | 'server'
  | 'session'
  | 'knowledge';

/**
 * Why a socket's session ended (`notice {kind: 'session', data: {reason}}`, sent just before the
 * socket is disconnected). `expired`: the access token it holds expired and no fresher one came
 * (`auth` event) within the grace; the client refreshes over HTTP and connects again. Any other
 * reason ends the session itself: the client stops reconnecting and signs in again.
 */
export type SessionEndReason = 'logout' | 'password' | 'disabled' | 'deleted' | 'revoked' | 'expired';

/** The sockets a session end reaches: every socket of these users, and of these sessions. */
export interface SessionTarget {
  userIds?: number[];
  sids?: string[];
}

export interface Notice {
  kind: NoticeKind;
  data: unknown;
}

/** What the socket server provides: rooms `user:{id}` and `group:{id}` on every instance. */
export interface RealtimeTransport {
  /** To every socket of these users. */
  toUsers(userIds: number[], notice: Notice): void;
  /** To every socket in the group's room (its members' sockets). */
  toGroup(groupId: number, notice: Notice): void;
  /** Every socket of these users, on every instance, joins the group's room. */
  joinGroup(userIds: number[], groupId: number): Promise<void>;
  /** Every socket of these users, on every instance, leaves the group's room. */
  leaveGroup(userIds: number[], groupId: number): Promise<void>;
  /** Whether the user has at least one socket connected, on any instance. */
  isOnline(userId: number): Promise<boolean>;
  /** Tells these sockets, on every instance, why their session ended, then disconnects them. */
  endSessions(target: SessionTarget, reason: SessionEndReason): void;
  /** Sockets connected to this instance (for the metrics). */
  localCount?(): number;
  /** Closes this instance's sockets, telling them first to reconnect (`notice {kind: 'server', data: {reconnect: true}}`). */
  close(): Promise<void>;
  /** To the hub of every other instance (through Redis); absent or a no-op when this instance is alone. */
  toOtherInstances?(topic: string, data: unknown): void;
  /** Where this transport hands what other instances sent (`toOtherInstances`). */
  fromOtherInstances?(deliver: (topic: string, data: unknown) => void): void;
}

/** What an instance does when it hears `topic` (its own `toInstances` included). */
export type InstanceHandler = (data: unknown) => void;

export class RealtimeHub {
  private transport: RealtimeTransport | null = null;
  private readonly handlers = new Map<string, Set<InstanceHandler>>();

  /** Called by the socket server once it is up. */
  attach(t: RealtimeTransport): void {
    this.transport = t;
    t.fromOtherInstances?.((topic, data) => this.hear(topic, data));
  }

  private hear(topic: string, data: unknown): void {
    for (const fn of this.handlers.get(topic) ?? []) {
      try {
        fn(data);
      } catch (err) {
        console.error(`[realtime] a handler of ${topic} failed: ${(err as Error).message}`);
      }
    }
  }

  /**
   * Tells every instance, this one first (at once, before this returns) and the others through the
   * transport: for work that lives in one process's memory (an AI answer streaming there) and must
   * hear about a change made on any instance (its asker stopped it). Nothing is stored: an instance
   * that is down hears nothing, so what is told must also be in the database.
   */
  toInstances(topic: string, data: unknown): void {
    this.hear(topic, data);
    this.transport?.toOtherInstances?.(topic, data);
  }

  /** Handles `topic` told by any instance (toInstances); answers the function that stops handling it. */
  onInstances(topic: string, fn: InstanceHandler): () => void {
    const set = this.handlers.get(topic) ?? this.handlers.set(topic, new Set()).get(topic)!;
    set.add(fn);
    return () => set.delete(fn);
  }

  get attached(): boolean {
    return this.transport !== null;
  }

  toUsers(userIds: number[], notice: Notice): void {
    if (userIds.length) this.transport?.toUsers([...new Set(userIds)], notice);
  }

  toGroup(groupId: number, notice: Notice): void {
    this.transport?.toGroup(groupId, notice);
  }

  async joinGroup(userIds: number[], groupId: number): Promise<void> {
    if (userIds.length) await this.transport?.joinGroup([...new Set(userIds)], groupId);
  }

  async leaveGroup(userIds: number[], groupId: number): Promise<void> {
    if (userIds.length) await this.transport?.leaveGroup([...new Set(userIds)], groupId);
  }

  /** Ends the sockets of these users or sessions on every instance (after the commit that ended them). */
  endSessions(target: SessionTarget, reason: SessionEndReason): void {
    const userIds = [...new Set(target.userIds ?? [])];
    const sids = [...new Set(target.sids ?? [])];
    if (userIds.length || sids.length) this.transport?.endSessions({ userIds, sids }, reason);
  }

  async isOnline(userId: number): Promise<boolean> {
    return (await this.transport?.isOnline(userId)) ?? false;
  }

  /** Sockets connected to this instance. */
  get localSockets(): number {
    return this.transport?.localCount?.() ?? 0;
  }

  async close(): Promise<void> {
    const t = this.transport;
    this.transport = null;
    await t?.close();
  }
}
