/**
 * A small socket.io server speaking the chat's wire contract (docs/reference/realtime.md) for the web's
 * realtime tests: token handshake (refusal 1001), `sendMessage` storing once per clientId with a
 * per-conversation seq, `sync` answering from the stored array, `read`, `auth` (a refreshed token),
 * `notice` delivery, and the end of a session (its notice, then the disconnect).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import type { ChatMessage, Target } from '../../web/src/app/socket';

interface Ack {
  code: number;
  message: string;
  data: unknown;
}

/** What the next `sendMessage` does instead of succeeding. */
export type SendFault = { refuse: Ack } | 'storeWithoutAck' | 'noAck';

export interface FakeChatServer {
  url: string;
  io: Server;
  /** token -> user id; a token missing here is refused at the handshake. */
  tokens: Map<string, number>;
  messages: ChatMessage[];
  handshakes: Array<{ token: unknown; language: unknown }>;
  /** Tokens handed over by `auth` events (a known token of the same user is taken). */
  auths: unknown[];
  syncs: Array<Array<Target & { afterSeq: number }>>;
  reads: Array<Target & { seq: number; userId: number }>;
  sendFaults: SendFault[];
  /** Most messages one sync answers per conversation (the server's 200). */
  syncPage: number;
  /** Stores a message from `fromId`; `deliver: false` leaves a hole for the receivers. */
  store(fromId: number, body: Target & { content?: unknown; clientId?: string }, deliver?: boolean): ChatMessage;
  notice(userId: number, kind: string, data: unknown): void;
  /** Ends the user's sockets as the server does when a session ends: the session notice, then the disconnect. */
  endSessions(userId: number, reason: string): void;
  /** Closes every client's transport (a network drop: clients reconnect by themselves). */
  dropAll(): void;
  close(): Promise<void>;
}

function conversationKey(fromId: number, t: Target): string {
  return t.toType === 1 ? `g:${t.toId}` : `p:${Math.min(fromId, t.toId)}:${Math.max(fromId, t.toId)}`;
}

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  let nextId = 1;

  const s: FakeChatServer = {
    url: `http://127.0.0.1:${port}`,
    io,
    tokens: new Map(),
    messages: [],
    handshakes: [],
    auths: [],
    syncs: [],
    reads: [],
    sendFaults: [],
    syncPage: 200,
    store(fromId, body, deliver = true) {
      const conversation = conversationKey(fromId, body);
      const old = body.clientId ? s.messages.find((m) => m.fromId === fromId && m.clientId === body.clientId) : undefined;
      if (old) return old;
      const seq = s.messages.filter((m) => m.conversation === conversation).reduce((n, m) => Math.max(n, m.seq), 0) + 1;
      const m: ChatMessage = {
        id: nextId++,
        fromId,
        toType: body.toType,
        toId: body.toId,
        content: body.content ?? `m${nextId}`,
        conversation,
        seq,
        clientId: body.clientId ?? null,
      };
      s.messages.push(m);
      if (deliver) {
        if (m.toType === 1) io.emit('notice', { kind: 'message', data: m });
        else io.to([`user:${fromId}`, `user:${m.toId}`]).emit('notice', { kind: 'message', data: m });
      }
      return m;
    },
    notice(userId, kind, data) {
      io.to(`user:${userId}`).emit('notice', { kind, data });
    },
    endSessions(userId, reason) {
      io.to(`user:${userId}`).emit('notice', { kind: 'session', data: { reason } });
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    dropAll() {
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
    },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; language?: unknown };
    s.handshakes.push({ token: auth.token, language: auth.language });
    const userId = typeof auth.token === 'string' ? s.tokens.get(auth.token) : undefined;
    if (userId == null) return next(Object.assign(new Error('unauthorized'), { data: { code: 1001, message: 'Token invalid' } }));
    socket.data.userId = userId;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const userId = socket.data.userId as number;
    void socket.join(`user:${userId}`);
    socket.on('sendMessage', (body: Target & { content: unknown; clientId: string }, ack: (a: Ack) => void) => {
      const fault = s.sendFaults.shift();
      if (fault === 'noAck') return;
      if (fault === 'storeWithoutAck') return void s.store(userId, body);
      if (fault) return ack(fault.refuse);
      ack({ code: 1000, message: 'success', data: s.store(userId, body) });
    });
    socket.on('sync', (body: { since: Array<Target & { afterSeq: number }> }, ack: (a: Ack) => void) => {
      s.syncs.push(body.since);
      const data = body.since.map((c) => {
        const key = conversationKey(userId, c);
        const after = s.messages.filter((m) => m.conversation === key && m.seq > c.afterSeq).sort((a, b) => a.seq - b.seq);
        return { toType: c.toType, toId: c.toId, list: after.slice(0, s.syncPage), hasMore: after.length > s.syncPage };
      });
      ack({ code: 1000, message: 'success', data });
    });
    socket.on('auth', (body: { token?: unknown }, ack: (a: Ack) => void) => {
      s.auths.push(body?.token);
      const ok = typeof body?.token === 'string' && s.tokens.get(body.token) === userId;
      ack(ok ? { code: 1000, message: 'success', data: { expire: 7200 } } : { code: 1001, message: 'Token invalid', data: null });
    });
    socket.on('read', (body: Target & { seq: number }, ack: (a: Ack) => void) => {
      s.reads.push({ ...body, userId });
      ack({ code: 1000, message: 'success', data: body });
    });
  });
  return s;
}

/** Waits until `check` holds (polling), failing after `ms`. */
export async function until(check: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
