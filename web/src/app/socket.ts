/**
 * The web's realtime connection (000 §4, §9; the wire contract in docs/reference/realtime.md).
 * Framework-free: the chat store and, later, the screens sit on top of it.
 *
 *   const rt = createRealtime({ getToken: () => api.session.getToken(), getLanguage: currentLang });
 *   rt.tokenChanged();                       // after sign-in, refresh and logout
 *   rt.subscribe((s) => show(s.state));      // 'offline' | 'connecting' | 'online'
 *   const stored = await rt.send({ toType: 1, toId: 7, content: 'hi', clientId });
 *
 * Decisions the spec leaves open:
 * - The socket connects only while a token exists; `tokenChanged()` connects or disconnects. A new
 *   token while connected (a refresh) keeps the connection and is handed to the server (`auth
 *   {token}`), so the socket outlives the access token it connected with; `auth` of the handshake is
 *   a function, so a reconnect carries the current token too.
 * - `notice {kind: 'session', data: {reason}}`: the server ended the session and disconnects. For
 *   `expired` (the access token ran out unrefreshed) the client retries, and the handshake decides;
 *   for any other reason it stops (state 'offline', reason 'ended') and tells `onSessionEnd`
 *   listeners, with the token the socket held, until `tokenChanged()` brings another token.
 * - `pause()` disconnects until the next `tokenChanged()` (a password change of one's own, whose
 *   answer brings the new session that the socket then connects with).
 * - A handshake refused with code 1001 (bad or ended session) stops retrying: state 'offline',
 *   reason 'refused', until `tokenChanged()` is called again. Any other refusal (1003, a fault)
 *   and a disconnect by the server are retried with the same 1-5 s delays, up to 1000 times.
 * - `send`, `sync` and `read` reject at once while not online instead of letting socket.io buffer
 *   them: a message the screen shows as failed is never sent later behind the user's back (a
 *   retry with the same clientId is safe either way: the server stores it once).
 * - `onReconnect` listeners run on every connection, the first one included: messages that came
 *   between the screen's first HTTP load and the socket's first connect are caught up too.
 */
import { io as ioClient, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type RealtimeState = 'offline' | 'connecting' | 'online';
/** Why the socket is offline: no token, the server refused the token, or retries ran out. */
export type OfflineReason = 'noToken' | 'refused' | 'gaveUp' | 'ended' | 'paused';

/** Why the server ended the socket's session (docs/reference/realtime.md). */
export interface SessionEnd {
  reason: string;
  /** The access token the socket held: the session that ended. */
  token: string | null;
}

export interface RealtimeStatus {
  state: RealtimeState;
  reason?: OfflineReason;
  /** The server's message for a refusal, in the socket's language. */
  message?: string;
}

export type ToType = 0 | 1;
export interface Target {
  toType: ToType;
  toId: number;
}

/** A stored message as the server sends it (base/message). */
export interface ChatMessage extends Target {
  id: number;
  fromId: number;
  type?: number | null;
  content: unknown;
  at?: number[] | null;
  conversation: string;
  seq: number;
  clientId?: string | null;
  createTime?: string;
  [extra: string]: unknown;
}

export interface OutgoingMessage extends Target {
  content: unknown;
  clientId: string;
  type?: number;
  at?: number[];
  replyTo?: number;
}

export interface SyncSince extends Target {
  afterSeq: number;
  /** The last change number held: the answer brings the changes after it. */
  afterChange?: number;
}
/** A change of a sent message (edit, recall, reaction, pin), numbered per conversation, with the message as it is now. */
export interface MessageChange {
  kind: 'edit' | 'recall' | 'react' | 'pin' | 'unpin';
  change: number;
  byId: number | null;
  emoji?: string | null;
  message: ChatMessage;
}
export interface Synced extends Target {
  list: ChatMessage[];
  hasMore: boolean;
  changes?: MessageChange[];
  changesMore?: boolean;
}
export interface ReadMark extends Target {
  seq: number;
}

/** Notices the server sends (`notice {kind, data}`); other kinds arrive as `unknown`. */
export interface NoticeData {
  message: ChatMessage;
  read: ReadMark & { userId: number };
  presence: { userId: number; online: boolean };
  notify: Record<string, unknown>;
  /** These notifications of the receiver were marked read on the server (e.g. a request answered elsewhere). */
  notifyRead: { ids: number[]; type?: number };
  /** Who is in this group changed (joined, added, left, removed, renamed): read its members again. */
  members: { groupId: number };
  delta: Record<string, unknown>;
  change: MessageChange;
  /** Someone is typing in a conversation (toId as the receiver names it). */
  typing: Target & { userId: number };
  /** The member muted or unmuted a conversation (on another device too). */
  mute: Target & { muted: boolean };
  /** A document of a group's knowledge was queued, indexed further, ended, or removed. */
  knowledge: { groupId: number; docId: number; state: 'queued' | 'indexing' | 'ready' | 'failed' | 'unsupported' | 'removed'; progress: number };
  /** A chain of AI replies started, took a step or ended (workspace/apps/chains.ts). */
  chain: ChainNotice;
  /** A write an AI member proposed was confirmed, run or cancelled by its asker (workspace/chat/ToolProposal.tsx). */
  toolCall: { id: number; state: string };
}

/** How a chain of AI replies stands: state 0 answering, 1 done, 2 stopped, 3 reply cap reached, 4 loop stopped. */
export interface ChainNotice {
  id: number;
  rootId: number;
  conversation: string;
  state: number;
  steps: number;
  payerId: number;
  loopIds: number[] | null;
}
export type NoticeKind = keyof NoticeData;

/** A refused or failed event: `code` is the envelope code, 0 when no answer came (offline, timeout). */
export class RealtimeError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RealtimeError';
    this.code = code;
    this.data = data;
  }
}

export const SUCCESS_CODE = 1000;
export const REFUSED_CODE = 1001;
/** 000 §9: up to 1000 reconnects, 1 s growing to at most 5 s. */
export const RECONNECT = { attempts: 1000, delay: 1000, delayMax: 5000 } as const;
export const DEFAULT_ACK_TIMEOUT_MS = 10_000;

type IoFactory = (url: string | undefined, opts: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface RealtimeOptions {
  /** The server's origin; the page's own when left out. */
  url?: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** socket.io-client's `io`, replaceable in tests. */
  io?: IoFactory;
  ackTimeoutMs?: number;
}

export interface Realtime {
  readonly status: RealtimeStatus;
  subscribe(fn: (status: RealtimeStatus) => void): () => void;
  /** Connects when a token exists, disconnects when it is gone. */
  tokenChanged(): void;
  send(message: OutgoingMessage): Promise<ChatMessage>;
  sync(since: SyncSince[]): Promise<Synced[]>;
  read(target: Target, seq: number): Promise<ReadMark>;
  /** Any other event of the socket answered through its ack (editMessage, recallMessage, react, pin, typing). */
  request<T>(event: string, payload: unknown): Promise<T>;
  onNotice<K extends NoticeKind>(kind: K, handler: (data: NoticeData[K]) => void): () => void;
  onNotice(kind: string, handler: (data: unknown) => void): () => void;
  /** Runs after every (re)connection; the chat store syncs here. */
  onReconnect(fn: () => void): () => void;
  /** Runs when the server ended the socket's session for good (any reason but `expired`). */
  onSessionEnd(fn: (end: SessionEnd) => void): () => void;
  /** Disconnects until the next `tokenChanged()`. */
  pause(): void;
  /** Disconnects for good (the app is unloading). */
  close(): void;
}

type Ack = { code: number; message?: string; data?: unknown };

const defaultIo: IoFactory = (url, opts) => (url === undefined ? ioClient(opts) : ioClient(url, opts));

export function createRealtime(opts: RealtimeOptions): Realtime {
  const ackTimeout = opts.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
  const socket = (opts.io ?? defaultIo)(opts.url, {
    path: '/socket.io',
    autoConnect: false,
    transports: ['websocket'],
    reconnectionAttempts: RECONNECT.attempts,
    reconnectionDelay: RECONNECT.delay,
    reconnectionDelayMax: RECONNECT.delayMax,
    auth: (cb: (data: object) => void) => {
      offeredToken = opts.getToken();
      cb({ token: offeredToken ?? '', language: opts.getLanguage() });
    },
  });
  /** The token of the last handshake, and the one the server holds for the connected socket. */
  let offeredToken: string | null = null;
  let heldToken: string | null = null;
  /** Set by a session notice: the server ended this token's session (not retried while it stays). */
  let ended: SessionEnd | null = null;
  const endListeners = new Set<(end: SessionEnd) => void>();
  let status: RealtimeStatus = { state: 'offline', reason: 'noToken' };
  const listeners = new Set<(s: RealtimeStatus) => void>();
  const reconnectListeners = new Set<() => void>();
  /** Our own retries, for refusals and server disconnects socket.io does not retry itself. */
  let manualAttempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function setStatus(next: RealtimeStatus): void {
    if (next.state === status.state && next.reason === status.reason && next.message === status.message) return;
    status = next;
    for (const fn of [...listeners]) fn(status);
  }

  function cancelRetry(): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  /** Hands the server a token fresher than the one it holds; a refused one makes the handshake decide. */
  function reauthenticate(token: string): void {
    const sent = heldToken;
    socket.timeout(ackTimeout).emit('auth', { token }, (err: Error | null, ack?: Ack) => {
      if (err || !ack || heldToken !== sent) return;
      if (ack.code === SUCCESS_CODE) heldToken = token;
      else if (ack.code === REFUSED_CODE) {
        socket.disconnect();
        connect();
      }
    });
  }

  function connect(): void {
    cancelRetry();
    const token = opts.getToken();
    if (!token) return setStatus({ state: 'offline', reason: 'noToken' });
    if (ended && ended.token === token) return setStatus({ state: 'offline', reason: 'ended' });
    ended = null;
    if (socket.connected) {
      // A refreshed token keeps the connection.
      if (token !== heldToken) reauthenticate(token);
      return setStatus({ state: 'online' });
    }
    setStatus({ state: 'connecting' });
    if (!socket.active) socket.connect();
  }

  /** A retry socket.io will not make: same delays as its own, growing to 5 s. */
  function retryLater(): void {
    if (!opts.getToken()) return setStatus({ state: 'offline', reason: 'noToken' });
    if (++manualAttempts > RECONNECT.attempts) return setStatus({ state: 'offline', reason: 'gaveUp' });
    setStatus({ state: 'connecting' });
    cancelRetry();
    retryTimer = setTimeout(connect, Math.min(RECONNECT.delay * manualAttempts, RECONNECT.delayMax));
  }

  socket.on('connect', () => {
    heldToken = offeredToken;
    manualAttempts = 0;
    setStatus({ state: 'online' });
    for (const fn of [...reconnectListeners]) fn();
  });
  socket.on('connect_error', (err: Error & { data?: { code?: number; message?: string } }) => {
    if (socket.active) return setStatus({ state: 'connecting' }); // socket.io retries by itself
    if (err.data?.code === REFUSED_CODE) {
      return setStatus({ state: 'offline', reason: 'refused', message: err.data.message ?? err.message });
    }
    retryLater();
  });
  socket.on('notice', (notice: { kind?: string; data?: { reason?: unknown } }) => {
    if (notice?.kind !== 'session') return;
    const reason = typeof notice.data?.reason === 'string' ? notice.data.reason : 'ended';
    if (reason !== 'expired') ended = { reason, token: heldToken };
  });
  socket.on('disconnect', (reason) => {
    if (ended) {
      const end = ended;
      cancelRetry();
      if (socket.active) socket.disconnect();
      setStatus({ state: 'offline', reason: 'ended' });
      for (const fn of [...endListeners]) fn(end);
      return;
    }
    if (socket.active) return setStatus({ state: 'connecting' });
    if (reason === 'io server disconnect') return retryLater(); // e.g. the session ended: the handshake decides
    if (status.state !== 'offline') setStatus({ state: 'offline', reason: opts.getToken() ? 'gaveUp' : 'noToken' });
  });
  socket.io.on('reconnect_failed', () => setStatus({ state: 'offline', reason: 'gaveUp' }));

  async function emit<T>(event: string, payload: unknown): Promise<T> {
    if (!socket.connected) throw new RealtimeError(0, 'offline');
    let ack: Ack;
    try {
      ack = (await socket.timeout(ackTimeout).emitWithAck(event, payload)) as Ack;
    } catch {
      throw new RealtimeError(0, 'timeout');
    }
    if (!ack || ack.code !== SUCCESS_CODE) {
      throw new RealtimeError(ack?.code ?? 0, ack?.message || 'failed', ack?.data);
    }
    return ack.data as T;
  }

  return {
    get status() {
      return status;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    tokenChanged() {
      if (opts.getToken()) {
        manualAttempts = 0;
        connect();
        return;
      }
      cancelRetry();
      socket.disconnect();
      setStatus({ state: 'offline', reason: 'noToken' });
    },
    send: (message) => emit<ChatMessage>('sendMessage', message),
    sync: (since) => emit<Synced[]>('sync', { since }),
    read: (target, seq) => emit<ReadMark>('read', { toType: target.toType, toId: target.toId, seq }),
    request: (event, payload) => emit(event, payload),
    onNotice(kind: string, handler: (data: never) => void) {
      const fn = (notice: { kind?: string; data?: unknown }) => {
        if (notice?.kind === kind) handler(notice.data as never);
      };
      socket.on('notice', fn);
      return () => void socket.off('notice', fn);
    },
    onReconnect(fn) {
      reconnectListeners.add(fn);
      return () => void reconnectListeners.delete(fn);
    },
    onSessionEnd(fn) {
      endListeners.add(fn);
      return () => void endListeners.delete(fn);
    },
    pause() {
      cancelRetry();
      socket.disconnect();
      setStatus({ state: 'offline', reason: 'paused' });
    },
    close() {
      cancelRetry();
      socket.disconnect();
      socket.removeAllListeners();
      setStatus({ state: 'offline', reason: 'noToken' });
    },
  };
}
