/**
 * This process's place in its life, for the readiness answer and the graceful stop (issue 24):
 * `starting` until the HTTP and socket servers are up, `ready` while it takes work, `draining` from
 * the stop signal on. One state per process (an instance is a process), so the signal handler, the
 * middleware and the readiness route read the same flag without passing the core around.
 *
 * The stop (SIGTERM or SIGINT; Midway runs the configuration's onStop, see server/configuration.ts):
 * readiness turns false at once, the listener closes (no new connections), then answers on the
 * connections already open carry `Connection: close`, requests in flight finish within the drain
 * budget, idle kept-alive connections end by their keep-alive timeout, sockets get a reconnect hint
 * and are closed, then the core closes (task runs ended or logged, the request log flushed,
 * connections closed). The whole stop is bounded by SHUTDOWN_TIMEOUT_MS.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';

export type Phase = 'starting' | 'ready' | 'draining';

let phase: Phase = 'starting';
/** Set once the listener is closed: from then on every answer ends its connection (see drainServer). */
let closingConnections = false;

export function currentPhase(): Phase {
  return phase;
}

/** The servers are about to start (again, in a process that boots several apps in turn). */
export function markStarting(): void {
  phase = 'starting';
  closingConnections = false;
}

/** The HTTP and socket servers are up: the instance takes work. */
export function markReady(): void {
  if (phase === 'starting') phase = 'ready';
}

/** The stop has begun: readiness is false from now on (answers close their connections once drainServer has closed the listener). */
export function beginDrain(): void {
  phase = 'draining';
}

export function isDraining(): boolean {
  return phase === 'draining';
}

/** Whether answers end their connection (`Connection: close`): only once no new connection can be opened. */
export function closesConnections(): boolean {
  return closingConnections;
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
 * KEEP_ALIVE_TIMEOUT_MS: how long a kept-alive connection may sit idle before the server closes it
 * (server.keepAliveTimeout; default 10000, Node's own is 5 s), always and during the drain. It must be
 * longer than a proxy in front keeps its idle upstream connections (deploy/nginx: `keepalive_timeout
 * 4s`): the proxy then always closes an idle connection first, and never sends a request on one the
 * server is closing at that moment (a proxy does not resend a POST it has begun to send: a 502).
 */
export function keepAliveTimeoutMs(env: Record<string, string | undefined>): number {
  const n = Number(env.KEEP_ALIVE_TIMEOUT_MS);
  return Number.isFinite(n) && n >= 1000 ? Math.floor(n) : 10_000;
}

/**
 * Stops accepting connections and waits (at most `graceMs`) for the open ones to end, then cuts the
 * rest. The order matters behind a proxy:
 * 1. The listener closes first. A new connection is then refused, which a proxy retries on another
 *    instance, POSTs included, since nothing was sent. A connection the system has completed but the
 *    server not yet accepted when the listener closes is reset, with a request the proxy may have
 *    sent on it already (nginx answers 502, four at once under 40 concurrent POSTs): so the listener
 *    closes only once its accept queue is empty (acceptQueue), each turn of the event loop accepting
 *    what waits, for at most a second.
 * 2. Only then do answers carry `Connection: close` (request-context.ts): an answer that ends its
 *    connection while the listener still takes new ones makes the proxy open a new connection at
 *    once, into the queue of a listener about to close.
 * 3. Connections already open keep being served: a connection serving a request ends after its
 *    answer; an idle one ends when it has been idle for server.keepAliveTimeout (keepAliveTimeoutMs),
 *    which is longer than the proxy keeps it, so the proxy drops it first or uses it once more and
 *    gets `Connection: close` back. None is closed under a request the proxy is sending.
 * 4. After `graceMs` whatever is still open is cut (within SHUTDOWN_TIMEOUT_MS, see drainBudgetMs).
 */
export async function drainServer(server: Server | undefined, graceMs: number): Promise<void> {
  if (!server?.listening) {
    closingConnections = true;
    return;
  }
  // The signal may be handled in the same turn of the event loop as connections and data that have
  // arrived already: let that turn accept and read them first, so they count as open; then as many
  // turns as it takes to find no connection waiting to be accepted.
  const port = (server.address() as AddressInfo | null)?.port;
  const until = Date.now() + 1000;
  do await new Promise<void>((resolve) => setImmediate(resolve));
  while (port !== undefined && (acceptQueue(port) ?? 0) > 0 && Date.now() < until);
  // net's close, not http's: since Node 19 http.Server#close also cuts idle kept-alive connections at once.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  closingConnections = true;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  server.closeAllConnections();
}

/**
 * How many connections the system has completed on the listener of `port` that the server has not
 * accepted yet (Linux: a listening socket's rx_queue in /proc/net/tcp and tcp6 is its accept queue),
 * or null where that cannot be read.
 */
export function acceptQueue(port: number): number | null {
  let total: number | null = null;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    total ??= 0;
    for (const line of text.split('\n').slice(1)) {
      // "sl local_address rem_address st tx_queue:rx_queue ...": addresses as HEX:PORT, 0A is LISTEN.
      const f = line.trim().split(/\s+/);
      if (f[3] === '0A' && parseInt(f[1]?.split(':').pop() ?? '', 16) === port) total += parseInt(f[4]?.split(':')[1] ?? '0', 16) || 0;
    }
  }
  return total;
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
        err.code === 'EADDRINUSE'
          ? `port ${port} is in use (another server runs there; set PORT to another port)`
          : err.code === 'EACCES'
            ? `port ${port} may not be opened by this user (set PORT above 1023)`
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
