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
import { bareListener } from './core/http/bare-context';
import { coolCompat } from './core/cool-compat';
import { createWebServer, pickWebRoot } from './core/http/web';
import { withSiteProxy } from './core/http/site-proxy';
import { WEB_DIR } from './core/paths';
import { startSocketServer } from './modules/chat/socket-attach';
import { beginDrain, drainBudgetMs, drainServer, keepAliveTimeoutMs, markReady, markStarting, whenListening } from './core/ops/lifecycle';
import { requestContext } from './core/ops/request-context';
import { logFields } from './core/ops/json-log';
import { outageLogDue, outageOf } from './core/outage';

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
    markStarting();
    started = await startCore(
      { ...readConfig(), ...configOverride },
      // While the database or Redis is away, every timer's work fails alike: one line each 10 s.
      (err) => (!outageOf(err) || outageLogDue('background')) && this.logger.error('background work failed: %s', (err as Error)?.stack ?? String(err)),
      (line) => this.logger.warn('%s', line),
    );
    const { core } = started;
    const logError = (err: unknown, ctx: { method: string; path: string; state: { reqId?: string } }) =>
      this.logger.error('%s %s failed: %s', ctx.method, ctx.path, (err as Error)?.stack ?? String(err), logFields({ reqId: ctx.state.reqId }));
    const dispatch = createDispatcher({
      routes: core.routes,
      auth: core.auth,
      web: withSiteProxy(createWebServer(pickWebRoot(WEB_DIR)), core.config.env),
      logError,
      requestLog: core.requestLog,
      coolCompat: coolCompat(core.config.env),
    });
    const request = requestContext();
    // First in koa's chain, ahead of Midway's per-request container: the API answers every request
    // it owns (all errors included) without building request-scoped objects it would never use.
    // Ahead of it, the request id, `Connection: close` while draining, and the request metrics (core/ops).
    (this.app as unknown as { middleware: unknown[] }).middleware.unshift(request, dispatch);
    // The same two, without koa, for the calls whose handlers need no koa context (core/http/bare-context.ts).
    // Midway asks for the listener after onReady; tests' requests ask the same method.
    const viaKoa = this.app.callback.bind(this.app);
    (this.app as unknown as { callback: () => unknown }).callback = () => bareListener(core.routes, this.app, request, dispatch, logError, viaKoa());
  }

  /**
   * The socket server (docs/reference/realtime.md) shares the HTTP server, which exists once the
   * framework runs; without Redis it is loaded by the first socket that connects (chat/socket-attach.ts).
   */
  async onServerReady(): Promise<void> {
    httpServer = (this.app.getFramework() as unknown as koa.Framework).getServer() as Server;
    // The framework has asked to listen (and set MIDWAY_HTTP_PORT) without waiting: a taken port fails the start here.
    const port = process.env.MIDWAY_HTTP_PORT;
    if (port) await whenListening(httpServer, port);
    // Longer than a proxy keeps its idle upstream connections (core/ops/lifecycle.ts, deploy/nginx).
    httpServer.keepAliveTimeout = keepAliveTimeoutMs(getStarted().core.config.env);
    await startSocketServer(getStarted().core, httpServer, {
      logError: (err, where) => this.logger.error('%s failed: %s', where, (err as Error)?.stack ?? String(err)),
    });
    markReady();
  }

  /** The graceful stop (core/ops/lifecycle.ts): SIGTERM has turned readiness false already. */
  async onStop(): Promise<void> {
    beginDrain();
    // Midway closes the HTTP server only after onStop: stop taking connections now and let the
    // requests in flight finish, so their log entries are queued before the queue's last write.
    const drained = drainServer((this.app.getFramework() as unknown as koa.Framework).getServer(), drainBudgetMs(started?.core.config.env ?? process.env));
    // Sockets are told to reconnect (elsewhere) and closed: an open websocket would hold the close for
    // the whole budget. Their users' presence is written while the database is still open.
    await started?.core.realtime.close();
    await drained;
    httpServer = undefined;
    await started?.close();
    started = null;
  }
}
