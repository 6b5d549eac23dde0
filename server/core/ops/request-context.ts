/**
 * The first koa middleware (ahead of the API's dispatcher): every answer carries `X-Request-Id`,
 * the caller's (a load balancer's) when it is a sane token, else one made here; the dispatcher
 * writes it into the request log row and the log lines of the request. While the instance drains
 * (once its listener is closed, see drainServer), answers carry `Connection: close`, so a kept-alive
 * connection ends after the request it brought.
 * It also counts the request for the metrics, by the route template the dispatcher matched.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { closesConnections } from './lifecycle';
import { observeRequest } from './metrics';

/** An incoming id is kept when it is at most 128 of these characters (nothing a log line could be forged with). */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id to use: `incoming` when sane, else a new one. */
export function requestId(incoming: string | undefined): string {
  return incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** What the dispatcher and the middleware share on `ctx.state`. */
export interface OpsState {
  reqId?: string;
  /** The template of the route that answered (set by the dispatcher). */
  route?: string;
}

export function opsState(ctx: Context): OpsState {
  return ctx.state as OpsState;
}

export function requestContext() {
  return async function requestContextMiddleware(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    const state = opsState(ctx);
    state.reqId = requestId(ctx.get('x-request-id') || undefined);
    ctx.set('X-Request-Id', state.reqId);
    try {
      await next();
    } finally {
      // Checked when the answer is made, so a request in flight when the listener closed ends its connection too.
      if (closesConnections()) ctx.set('Connection', 'close');
      const route = state.route ?? (ctx.status === 404 ? 'unmatched' : 'web');
      observeRequest(ctx.method, route, ctx.status, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
}
