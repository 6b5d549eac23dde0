/**
 * The socket server (docs/reference/realtime.md; the wire contract of issue 15, in docs/reference/realtime.md).
 * socket.io on the HTTP server's port, namespace `/`, path `/socket.io`.
 *
 * - Handshake: `auth: { token, language? }`, or the `Authorization` (and `language`) headers. A
 *   missing, bad, expired or ended token is refused at connect: `connect_error` with message
 *   `unauthorized` and `data: {code: 1001, message}`.
 * - A socket joins `user:{id}` and `group:{id}` of every live group its user is an active member of;
 *   `core.realtime.joinGroup/leaveGroup` move a user's sockets later, on every instance.
 * - Events (client -> server), each answered through its ack with `{code, message, data}`:
 *   `sendMessage`, `sync`, `read` (see send.service.ts, history.service.ts, read.service.ts);
 *   `editMessage`, `recallMessage`, `react`, `pin` (message-change.ts) and `typing` (typing.ts).
 *   `auth {token}` hands the socket a refreshed access token (socket-auth.ts).
 * - A socket is in `session:{sid}` too. A session that ends (logout, a reused refresh token, a new
 *   password, a disabled or deleted account) ends its sockets on every instance: `notice {kind:
 *   'session', data: {reason}}`, then the disconnect (core/realtime.ts). Every event checks the
 *   session again besides, and a refusal (1001) ends the socket the same way.
 * - One event server -> client: `notice {kind, data}`.
 * - Presence: see presence.service.ts; `notice {kind: 'presence', data: {userId, online}}` goes to
 *   the rooms of the user's groups when the user comes online or goes offline.
 *
 * socket.io's connection state recovery is not used: it does not work with the Redis pub/sub
 * adapter. A client that reconnects calls `sync` with the last seq it has of each conversation.
 * Behind a load balancer with several instances, clients use the websocket transport only
 * (`transports: ['websocket']`) or the balancer keeps sessions sticky (long-polling needs that).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Redis } from 'ioredis';
import { RedisStore, pickLang, t as translate, type Lang } from '../../core/api';
import type { Core, AuthUser, Notice, SessionEndReason } from '../../core/api';
import { groupIdsOfUser } from './chat.queries';
import { syncConversations } from './history.service';
import { markOffline, markOnline } from './presence.service';
import { hitReadLimit, markRead } from './read.service';
import { hitSendLimit, sendMessage } from './send.service';
import { EDIT_INPUT, PIN_INPUT, REACT_INPUT, RECALL_INPUT, TYPING_INPUT } from './change-inputs';
import { readInput } from './conversation';
import { editMessage, pinMessage, reactToMessage, recallMessage } from './message-change';
import { announceTyping } from './typing';
import { errorAck, okAck, type Ack } from './socket-ack';
import { groupRoom, sessionRoom, SocketTransport, userRoom } from './socket-transport';
import { reauthenticate, tokenGrace, TokenExpiry, type SocketSession } from './socket-auth';

export interface SocketServerOptions {
  /** Where faults go (a failed event, failed presence work); never to the client. */
  logError(err: unknown, where: string): void;
}

/** The session part (token, userId, sid, exp) changes with an `auth` event (socket-auth.ts). */
interface SocketData extends SocketSession {
  lang: Lang;
  groupIds: number[];
}

/** Largest packet a client may send (content is at most 10,000 characters; CJK text is 3 bytes each). */
const MAX_PACKET = 256 * 1024;

function header(socket: Socket, name: string): string | undefined {
  const v = socket.handshake.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function langOf(socket: Socket): Lang {
  const auth = socket.handshake.auth as Record<string, unknown> | undefined;
  return pickLang(typeof auth?.language === 'string' ? auth.language : (header(socket, 'language') ?? header(socket, 'accept-language')));
}

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as Record<string, unknown> | undefined;
  return typeof auth?.token === 'string' && auth.token ? auth.token : header(socket, 'authorization');
}

function refusal(message: string, code: number, text: string): Error {
  return Object.assign(new Error(message), { data: { code, message: text } });
}

/** The handshake: a valid session, and the rooms of the user's groups read before the socket connects. */
async function admit(core: Core, socket: Socket, opts: SocketServerOptions): Promise<void> {
  const lang = langOf(socket);
  const token = tokenOf(socket);
  let data: SocketData | null = null;
  try {
    // Sockets take a session's token, not an API key: a key's scope speaks of HTTP calls (api-keys.ts).
    const user = token ? await core.auth.authenticate(token) : null;
    if (user && !user.key) data = { token: token!, lang, userId: user.id, sid: user.sid, exp: user.exp ?? 0, groupIds: await groupIdsOfUser(core, user.id) };
  } catch (err) {
    opts.logError(err, 'socket handshake');
    throw refusal('server error', 1003, translate(lang, 'server_error'));
  }
  if (!data) throw refusal('unauthorized', 1001, translate(lang, 'token_invalid'));
  socket.data = data;
}

type Handler = (caller: AuthUser, payload: unknown) => Promise<unknown>;

/**
 * Registers an event whose answer goes to the ack; an ack never throws and never carries a stack.
 * `limit(userId)` (a rate limit of the socket's user) is counted beside the session check, so the
 * two cache round trips are one; a closed session is refused first, then an exceeded limit.
 */
function onEvent(core: Core, socket: Socket, event: string, fn: Handler, opts: SocketServerOptions, limit?: (userId: number) => Promise<void>): void {
  socket.on(event, (payload?: unknown, ack?: unknown) => {
    const reply = (typeof ack === 'function' ? ack : typeof payload === 'function' ? payload : null) as ((a: Ack) => void) | null;
    const input = typeof payload === 'function' ? undefined : payload;
    const { token, lang, userId } = socket.data as SocketData;
    void (async () => {
      let ended = false;
      let answer: Ack;
      try {
        const [session, limited] = await Promise.allSettled([core.auth.authenticate(token), limit?.(userId)]);
        if (session.status === 'rejected') throw session.reason;
        const caller = session.value;
        if (!caller) {
          ended = true;
          answer = { code: 1001, message: translate(lang, 'token_invalid'), data: null };
        } else {
          if (limited.status === 'rejected') throw limited.reason;
          answer = okAck(await fn(caller, input));
        }
      } catch (err) {
        answer = errorAck(err, lang, (e) => opts.logError(e, `socket event ${event}`));
      }
      reply?.(answer);
      if (ended) endSocket(socket, expired((socket.data as SocketData).exp) ? 'expired' : 'revoked');
    })();
  });
}

const expired = (exp: number) => exp * 1000 <= Date.now();

/** Tells one socket why its session ended, then disconnects it. */
function endSocket(socket: Socket, reason: SessionEndReason): void {
  socket.emit('notice', { kind: 'session', data: { reason } } satisfies Notice);
  socket.disconnect(true);
}

function presence(transport: SocketTransport, rooms: string[], userId: number, online: boolean): void {
  if (rooms.length) transport.io.to(rooms).emit('notice', { kind: 'presence', data: { userId, online } });
}

function onConnection(core: Core, transport: SocketTransport, socket: Socket, opts: SocketServerOptions): void {
  const { userId, sid, groupIds } = socket.data as SocketData;
  // Joined before this returns, so the client's `connect` means its rooms are in place.
  void socket.join([userRoom(userId), ...(sid ? [sessionRoom(sid)] : []), ...groupIds.map(groupRoom)]);
  const expiry = new TokenExpiry(socket, tokenGrace(core), () => endSocket(socket, 'expired'));
  socket.on('auth', (payload?: unknown, ack?: unknown) => {
    const reply = (typeof ack === 'function' ? ack : null) as ((a: Ack) => void) | null;
    void reauthenticate(core, socket, payload).then(
      (answer) => {
        if (answer.code === 1000) expiry.reset();
        reply?.(answer);
      },
      (err) => reply?.(errorAck(err, (socket.data as SocketData).lang, (e) => opts.logError(e, 'socket event auth'))),
    );
  });
  // The send and read rate limits are counted by onEvent, beside the session check.
  onEvent(
    core,
    socket,
    'sendMessage',
    async (caller, p) => (await sendMessage(core, caller, p, { rateLimit: false })).message,
    opts,
    (id) => hitSendLimit(core, id),
  );
  onEvent(core, socket, 'sync', (caller, p) => syncConversations(core, caller, p), opts);
  // Changes of sent messages count against the send limit, as sends do (message-change.ts).
  const sendLimited = (id: number) => hitSendLimit(core, id);
  onEvent(core, socket, 'editMessage', (caller, p) => ((i) => editMessage(core, caller, i.id, i.content))(readInput(EDIT_INPUT, p)), opts, sendLimited);
  onEvent(core, socket, 'recallMessage', (caller, p) => recallMessage(core, caller, readInput(RECALL_INPUT, p).id), opts, sendLimited);
  onEvent(core, socket, 'react', (caller, p) => ((i) => reactToMessage(core, caller, i.id, i.emoji, i.on))(readInput(REACT_INPUT, p)), opts, sendLimited);
  onEvent(core, socket, 'pin', (caller, p) => ((i) => pinMessage(core, caller, i.id, i.pinned))(readInput(PIN_INPUT, p)), opts, sendLimited);
  onEvent(core, socket, 'typing', async (caller, p) => ({ sent: await announceTyping(core, caller, readInput(TYPING_INPUT, p)) }), opts);
  onEvent(
    core,
    socket,
    'read',
    (caller, p) => markRead(core, caller, p, { rateLimit: false }),
    opts,
    (id) => hitReadLimit(core, id),
  );

  const arrival = markOnline(core, userId, socket.id).then(
    (cameOnline) => cameOnline && presence(transport, groupIds.map(groupRoom), userId, true),
    (err) => opts.logError(err, 'presence on connect'),
  );
  transport.track(arrival);
  let rooms: string[] = [];
  socket.on('disconnecting', () => {
    rooms = [...socket.rooms].filter((r) => r.startsWith('group:'));
  });
  socket.on('disconnect', () => {
    expiry.stop();
    const away = arrival
      .then(() => markOffline(core, userId, () => transport.socketIds(userId)))
      .then((wentOffline) => wentOffline && presence(transport, rooms, userId, false))
      .catch((err) => opts.logError(err, 'presence on disconnect'));
    transport.track(away);
  });
}

/** The Redis adapter: a publishing and a subscribing connection, keyed like the cache store. */
async function redisAdapter(io: Server, core: Core): Promise<{ pub: Redis; sub: Redis }> {
  const { default: RedisClient } = await import('ioredis');
  const { createAdapter } = await import('@socket.io/redis-adapter');
  // A command waiting while Redis is away fails after 3 reconnection attempts instead of hanging.
  // The publishes of one turn of the event loop (a busy group's deliveries) go out in one write.
  const pub = new RedisClient(core.config.redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  const sub = pub.duplicate({ enableAutoPipelining: false });
  // Failed reconnections while Redis is away are expected (requests answer 503, readiness says 'cache').
  for (const c of [pub, sub]) c.on('error', () => undefined);
  await Promise.all([pub.connect(), sub.connect()]);
  const prefix = core.cache instanceof RedisStore ? core.cache.prefix : 'cosmac:';
  io.adapter(createAdapter(pub, sub, { key: `${prefix}socket.io`, requestsTimeout: 3000 }));
  return { pub, sub };
}

/** Starts the socket server on `http` and makes it the realtime hub's transport. */
export async function attachSocketServer(core: Core, http: HttpServer, opts: SocketServerOptions): Promise<SocketTransport> {
  const io = new Server(http, { path: '/socket.io', serveClient: false, maxHttpBufferSize: MAX_PACKET });
  const redis = core.config.redisUrl ? await redisAdapter(io, core) : null;
  const transport = new SocketTransport(io, redis);
  io.use((socket, next) => {
    admit(core, socket, opts).then(
      () => next(),
      (err: Error) => next(err),
    );
  });
  io.on('connection', (socket) => onConnection(core, transport, socket, opts));
  core.realtime.attach(transport);
  return transport;
}
