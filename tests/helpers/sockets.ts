/**
 * Real socket.io clients against the app under test: connect with a token, wait for a notice,
 * emit with an ack, and prove that no notice came.
 */
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { getHttpServer } from '../../server/configuration';

export type Client = Socket;

export interface Ack<T = any> {
  code: number;
  message: string;
  data: T;
}

export interface Notice<T = any> {
  kind: string;
  data: T;
}

/** The base URL of the in-process app's HTTP server (started by startApp on a free port). */
export async function serverUrl(): Promise<string> {
  const server = getHttpServer();
  if (!server) throw new Error('the app has no HTTP server; start it with startApp first');
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface ConnectOptions {
  /** Base URL (default: the in-process app). */
  url?: string;
  /** Keep socket.io-client's reconnection on (off by default, so a test decides when to reconnect). */
  reconnection?: boolean;
  language?: string;
  /** Send the token as the Authorization header instead of `auth.token`. */
  asHeader?: boolean;
}

/** Every notice a client received, in order, kept from the moment it is created. */
const seen = new WeakMap<Socket, Notice[]>();

function clientFor(token: string | null, url: string, opts: ConnectOptions): Socket {
  const auth: Record<string, string> = {};
  if (token && !opts.asHeader) auth.token = token;
  if (opts.language) auth.language = opts.language;
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    timeout: 60_000, // a handshake on a loaded machine can take seconds
    auth,
    extraHeaders: token && opts.asHeader ? { Authorization: token } : undefined,
  });
  const list: Notice[] = [];
  seen.set(socket, list);
  socket.on('notice', (n: Notice) => list.push(n));
  return socket;
}

/** A connected client; rejects with the server's refusal (`connect_error`). */
export async function connect(token: string | null, opts: ConnectOptions = {}): Promise<Socket> {
  const socket = clientFor(token, opts.url ?? (await serverUrl()), opts);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return socket;
}

/** The refusal of a handshake with this token (fails the test when it connects). */
export async function refusedConnect(token: string | null, opts: ConnectOptions = {}): Promise<Error & { data?: { code: number; message: string } }> {
  try {
    const s = await connect(token, opts);
    s.close();
  } catch (err) {
    return err as Error & { data?: { code: number; message: string } };
  }
  throw new Error('the handshake was accepted');
}

/** Emits `event` with `payload` and resolves with the ack. */
export function emitAck<T = any>(socket: Socket, event: string, payload: unknown, timeoutMs = 60_000): Promise<Ack<T>> {
  return socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<Ack<T>>;
}

/** Notices received so far (optionally of one kind). */
export function notices<T = any>(socket: Socket, kind?: string): Array<Notice<T>> {
  return (seen.get(socket) ?? []).filter((n) => !kind || n.kind === kind) as Array<Notice<T>>;
}

/** The first notice (received before or after this call) of `kind` that `match` accepts. */
export async function waitNotice<T = any>(socket: Socket, kind: string, match: (data: T) => boolean = () => true, timeoutMs = 60_000): Promise<Notice<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const hit = notices<T>(socket, kind).find((n) => match(n.data));
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no '${kind}' notice within ${timeoutMs} ms; got ${JSON.stringify(notices(socket)).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits `ms`, then says whether a notice of `kind` matching `match` arrived (it should not have). */
export async function noticeWithin<T = any>(socket: Socket, kind: string, match: (data: T) => boolean, ms = 400): Promise<boolean> {
  await new Promise((r) => setTimeout(r, ms));
  return notices<T>(socket, kind).some((n) => match(n.data));
}

/** Closes clients and waits until each is disconnected. */
export async function closeAll(...sockets: Array<Socket | null | undefined>): Promise<void> {
  for (const s of sockets) s?.close();
  await new Promise((r) => setTimeout(r, 50));
}

/**
 * The sockets one test file opens, closed together in its afterAll:
 * `const sockets = socketPool(); const s = await sockets.open(person.token); ... await sockets.closeAll();`
 */
export function socketPool(): { open(token: string | null): Promise<Socket>; closeAll(): Promise<void> } {
  const opened: Socket[] = [];
  return {
    async open(token) {
      const s = await connect(token);
      opened.push(s);
      return s;
    },
    closeAll: () => closeAll(...opened.splice(0)),
  };
}
