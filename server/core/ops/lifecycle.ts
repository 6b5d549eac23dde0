/**
 * This process's place in its life, for the readiness answer and the graceful stop (issue 24):
 * `starting` until the HTTP and socket servers are up, `ready` while it takes work, `draining` from
 * the stop signal on. One state per process (an instance is a process), so the signal handler, the
 * middleware and the readiness route read the same flag without passing the core around.
 *
 * The stop (SIGTERM or SIGINT; Midway runs the configuration's onStop, see server/configuration.ts):
 * readiness turns false at once, the listener closes (no new connections), answers on kept-alive
 * connections carry `Connection: close`, requests in flight finish within the drain budget, sockets
 * get a reconnect hint and are closed, then the core closes (task runs ended or logged, the request
 * log flushed, connections closed). The whole stop is bounded by SHUTDOWN_TIMEOUT_MS.
 */
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

export type Phase = 'starting' | 'ready' | 'draining';

let phase: Phase = 'starting';

export function currentPhase(): Phase {
  return phase;
}

/** The servers are about to start (again, in a process that boots several apps in turn). */
export function markStarting(): void {
  phase = 'starting';
}

/** The HTTP and socket servers are up: the instance takes work. */
export function markReady(): void {
  if (phase === 'starting') phase = 'ready';
}

/** The stop has begun: readiness is false from now on and answers close their connections. */
export function beginDrain(): void {
  phase = 'draining';
}

export function isDraining(): boolean {
  return phase === 'draining';
}

/** SHUTDOWN_TIMEOUT_MS: the whole stop, signal to exit (default 25 s, under Kubernetes' 30 s grace). */
export function shutdownTimeoutMs(env: Record<string, string | undefined>): number {
  const n = Number(env.SHUTDOWN_TIMEOUT_MS);
  return Number.isFinite(n) && n >= 1000 ? Math.floor(n) : 25_000;
}

/**
 * How long requests in flight may take to finish: the stop's budget less a reserve for what follows
 * them (sockets, task runs, the request log, the database), at most 5 s of it.
 */
export function drainBudgetMs(env: Record<string, string | undefined>): number {
  const total = shutdownTimeoutMs(env);
  return Math.max(500, total - Math.min(5000, Math.floor(total / 2)));
}

/**
 * SHUTDOWN_IDLE_GRACE_MS: how long kept-alive connections that sit idle may stay open into the drain
 * (default 5000). A proxy may be sending a request on one at the very moment it is closed, and a proxy
 * never resends a POST it began to send; so they are left to the proxy, which closes its idle upstream
 * connections sooner (deploy/nginx: 4 s), or uses them once more and gets `Connection: close` back.
 */
export function idleGraceMs(env: Record<string, string | undefined>): number {
  const n = Number(env.SHUTDOWN_IDLE_GRACE_MS);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 5000;
}

/**
 * Stops accepting connections at once and waits (at most `graceMs`) for open ones to finish, then
 * cuts the rest. A connection serving a request is closed after its answer (`Connection: close`,
 * request-context.ts); an idle kept-alive one after `idleMs` (see idleGraceMs), so a connection whose
 * request is under way (or half received) is served first and none is cut under a proxy's request.
 */
export async function drainServer(server: Server | undefined, graceMs: number, idleMs = 5000): Promise<void> {
  if (!server?.listening) return;
  // The signal may be handled in the same turn of the event loop as connections and data that have
  // arrived already: let that turn accept and read them first, so they count as in flight.
  await new Promise<void>((resolve) => setImmediate(resolve));
  // net's close, not http's: since Node 19 http.Server#close also cuts idle kept-alive connections at once.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  let idle: NodeJS.Timeout | undefined;
  const startIdle = setTimeout(() => {
    server.closeIdleConnections();
    idle = setInterval(() => server.closeIdleConnections(), 25);
  }, Math.min(idleMs, graceMs));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(startIdle);
  clearInterval(idle);
  clearTimeout(timer);
  server.closeAllConnections();
}

/**
 * Resolves once `server` listens; rejects with a plain message when it cannot (the port is taken,
 * or not ours to open). Midway's koa framework calls listen() without waiting for it or for its
 * error, so without this a second server on a taken port printed that it was running, logged the
 * EADDRINUSE as an unhandled error and went on serving nothing.
 */
export function whenListening(server: Server, port: number | string): Promise<void> {
  if (server.listening) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const why =
        err.code === 'EADDRINUSE' ? `port ${port} is in use (another server runs there; set PORT to another port)`
        : err.code === 'EACCES' ? `port ${port} may not be opened by this user (set PORT above 1023)`
        : `port ${port} cannot be opened: ${err.message}`;
      reject(new Error(why));
    };
    server.once('listening', onListening);
    server.once('error', onError);
  });
}

/**
 * For the production entry: on SIGTERM or SIGINT, readiness turns false before anything else runs,
 * and the process exits with 1 should the stop not end within SHUTDOWN_TIMEOUT_MS. Install it before
 * Midway's own handlers (which run the stop and exit with 0).
 */
export function installStopSignals(env: Record<string, string | undefined>, write: (line: string) => void): void {
  const timeout = shutdownTimeoutMs(env);
  const onSignal = () => {
    beginDrain();
    setTimeout(() => {
      write(`Shutdown did not finish within ${timeout} ms (SHUTDOWN_TIMEOUT_MS); exiting anyway`);
      process.exit(1);
    }, timeout).unref();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
