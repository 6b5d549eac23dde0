/**
 * The Midway application. Midway hosts the process (lifecycle, configuration, logging, koa); the
 * API itself is the core's route table behind one middleware, built once at start-up.
 */
import { App, Configuration, type ILifeCycle, type ILogger, Logger } from '@midwayjs/core';
import * as koa from '@midwayjs/koa';
import type { Server } from 'node:http';
import DefaultConfig from './config/config.default';
import { readConfig, type AppConfig } from './core/core';
import { startCore, type Started } from './core/app';
import { createDispatcher } from './core/http/dispatch';
import { createWebServer, pickWebRoot } from './core/http/web';
import { WEB_DIR } from './core/paths';
import { attachSocketServer } from './modules/base/chat/socket.server';

/** How long a stop waits for requests in flight before cutting their connections. */
const DRAIN_MS = 3000;

/** Stops accepting connections and waits (at most `graceMs`) for open ones to finish, then cuts the rest. */
async function drainServer(server: Server | undefined, graceMs: number): Promise<void> {
  if (!server?.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection turns idle once its response is out; close it then rather than at its timeout.
  const idle = setInterval(() => server.closeIdleConnections(), 25);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearInterval(idle);
  clearTimeout(timer);
  server.closeAllConnections();
}

/** Set by whoever boots the app before it starts (tests pass their own configuration). */
let configOverride: Partial<AppConfig> = {};
let started: Started | null = null;

export function setAppConfig(c: Partial<AppConfig>): void {
  configOverride = c;
}

export function getStarted(): Started {
  if (!started) throw new Error('the core has not started');
  return started;
}

let httpServer: Server | undefined;

/** The HTTP server the API and the socket server listen on (set once the framework has created it). */
export function getHttpServer(): Server | undefined {
  return httpServer;
}

@Configuration({
  imports: [koa],
  importConfigs: [{ default: DefaultConfig }],
})
export class MainConfiguration implements ILifeCycle {
  @App('koa')
  app!: koa.Application;

  @Logger()
  logger!: ILogger;

  async onReady(): Promise<void> {
    started = await startCore(
      { ...readConfig(), ...configOverride },
      (err) => this.logger.error('background work failed: %s', (err as Error)?.stack ?? String(err)),
      (line) => this.logger.warn('%s', line),
    );
    const { core } = started;
    const dispatch = createDispatcher({
      routes: core.routes,
      auth: core.auth,
      web: createWebServer(pickWebRoot(WEB_DIR)),
      logError: (err, ctx) => this.logger.error('%s %s failed: %s', ctx.method, ctx.path, (err as Error)?.stack ?? String(err)),
      requestLog: core.requestLog,
    });
    // First in koa's chain, ahead of Midway's per-request container: the API answers every request
    // it owns (all errors included) without building request-scoped objects it would never use.
    (this.app as unknown as { middleware: unknown[] }).middleware.unshift(dispatch);
  }

  /** The socket server (ARCHITECTURE §5) shares the HTTP server, which exists once the framework runs. */
  async onServerReady(): Promise<void> {
    httpServer = (this.app.getFramework() as unknown as koa.Framework).getServer() as Server;
    await attachSocketServer(getStarted().core, httpServer, {
      logError: (err, where) => this.logger.error('%s failed: %s', where, (err as Error)?.stack ?? String(err)),
    });
  }

  async onStop(): Promise<void> {
    // Sockets first: an open websocket would hold the HTTP server's close for the whole grace time.
    // Their users' presence is written while the database is still open.
    await started?.core.realtime.close();
    // Midway closes the HTTP server only after onStop: stop taking requests and let those in flight
    // finish first, so their log entries are queued before the queue's last write.
    await drainServer((this.app.getFramework() as unknown as koa.Framework).getServer(), DRAIN_MS);
    httpServer = undefined;
    await started?.close();
    started = null;
  }
}
