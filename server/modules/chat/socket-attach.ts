/**
 * When the socket server (socket.server.ts) starts on the HTTP server.
 *
 * With Redis it starts with the app: this instance's deliveries reach the sockets of the other
 * instances through its adapter, whether or not a socket ever connects here.
 *
 * Alone (no Redis), a process has nothing to deliver until a socket connects to it, so socket.io
 * and the socket handlers are loaded and attached by the first request or upgrade under
 * `/socket.io/`, which waits for them (a few tens of milliseconds, once). A start pays nothing for
 * them, and a process that no socket reaches (an API client's, a probe's) never loads them.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Core } from '../../core/api';
import type { SocketServerOptions } from './socket.server';

/** socket.io's path (socket.server.ts) with the slash its engine matches on. */
const SOCKET_PATH = '/socket.io/';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export async function startSocketServer(core: Core, http: HttpServer, opts: SocketServerOptions): Promise<void> {
  const attach = async () => {
    const { attachSocketServer } = await import('./socket.server');
    await attachSocketServer(core, http, opts);
  };
  if (core.config.redisUrl) return attach();

  // The app's own request listener (koa's), called for everything else; once attached, socket.io's
  // engine takes this listener as the one it hands other requests to.
  const app = http.listeners('request') as RequestListener[];
  http.removeAllListeners('request');
  let attached = false;
  let attaching: Promise<void> | null = null;
  const ready = () =>
    (attaching ??= attach().then(
      () => {
        attached = true;
        // The engine answers upgrades from now on (and ends those to other paths, as this did).
        http.off('upgrade', onUpgrade);
      },
      (err: unknown) => {
        attaching = null;
        throw err;
      },
    ));
  const failed = (err: unknown) => opts.logError(err, 'socket server start');
  const forSocket = (req: IncomingMessage) => req.url?.startsWith(SOCKET_PATH) === true;

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    if (attached || !forSocket(req)) {
      for (const listener of app) listener.call(http, req, res);
      return;
    }
    ready().then(
      () => http.emit('request', req, res),
      (err: unknown) => {
        failed(err);
        res.statusCode = 503;
        res.end();
      },
    );
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // As Node does for an upgrade nobody listens to.
    if (!forSocket(req)) return void socket.destroy();
    ready().then(
      () => http.emit('upgrade', req, socket, head),
      (err: unknown) => {
        failed(err);
        socket.destroy();
      },
    );
  }

  http.on('request', onRequest);
  http.on('upgrade', onUpgrade);
}
