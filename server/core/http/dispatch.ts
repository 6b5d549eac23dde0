/**
 * The API's front door, one koa middleware: finds the route in a prebuilt table (no per-request
 * object graphs), authenticates, checks the permission key, parses the body, runs the handler and
 * shapes the envelope. Anything that is not an API route goes to the web app (static files and the
 * SPA's index.html for browser navigations) or gets a 404 envelope.
 */
import type { Context } from 'koa';
import type { AuthService, Caller } from '../auth/auth.service';
import { pickLang, t, type Lang } from '../i18n/messages';
import { readJsonBody } from './body';
import { flatQuery } from './query-string';
import { AppError, KIND_STATUS, errorStatus, type AnyMessageKey, type ErrorKind } from '../errors';
import type { ApiRequest, Route, RouteTable } from './route';
import type { RawFieldError } from '../crud/validate';
import { requestLogEntry, type RequestLogEntry } from '../log/request-log';
import { opsState } from '../ops/request-context';
import { outageError, outageLogDue, outageOf } from '../outage';
import { keyAllowsRoute } from '../auth/api-keys';

export interface DispatchDeps {
  routes: RouteTable;
  auth: AuthService;
  /** Serves the web app; returns false when it has nothing for this request. */
  web?: (ctx: Context) => Promise<boolean>;
  logError: (err: unknown, ctx: Context) => void;
  /** Receives one entry per API request (never blocks, never throws). */
  requestLog?: { record(e: RequestLogEntry): void };
  /** COOL_COMPAT (cool-compat.ts): a handler's business refusals answer HTTP 200 (errors.ts, errorStatus). */
  coolCompat?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The envelope, serialized here: koa answers a string body as it is, while an object body costs a
 * content-type lookup and a header removal on every answer. A value JSON cannot hold throws here,
 * inside the dispatcher, and becomes the 500 envelope.
 */
function send(ctx: Context, status: number, code: number, message: string, data: unknown): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Type', JSON_TYPE);
  ctx.body = JSON.stringify({ code, message, data });
}

function sendError(
  ctx: Context,
  lang: Lang,
  kind: ErrorKind,
  key: AnyMessageKey,
  params?: Record<string, string | number>,
  data: unknown = null,
  status = KIND_STATUS[kind].status,
): void {
  send(ctx, status, KIND_STATUS[kind].code, t(lang, key, params), data);
}

export function localizeFieldErrors(lang: Lang, data: unknown): unknown {
  if (!Array.isArray(data)) return data;
  return (data as RawFieldError[]).map((e) => ({
    field: e.field,
    rule: e.rule,
    message: `${e.field} ${t(lang, `field_${e.rule}`, e.params)}`,
  }));
}

/**
 * Why the route's guard refuses a signed-in `user` (403), or null when it lets them through: the
 * administrator guard wants role 1, the permission guard the route's key. Shared with calls made
 * inside the process on a member's behalf (in-process.ts), so both refuse alike.
 */
export function refusedByGuard(route: Route, user: Caller, can: (c: Caller, permission: string) => boolean): 'no_permission' | null {
  // An API key's scope narrows every guard, the administrator's too (api-keys.ts).
  if (user.key && !keyAllowsRoute(user, route)) return 'no_permission';
  if (route.guard === 'admin' && !user.isAdmin) return 'no_permission';
  if (route.guard === 'permission' && !can(user, route.permission!)) return 'no_permission';
  return null;
}

export function createDispatcher(deps: DispatchDeps) {
  // It never calls a next middleware: every request ends here (API, web app, or a 404 envelope).
  return async function dispatch(ctx: Context): Promise<void> {
    const lang = pickLang(ctx.get('language') || ctx.get('accept-language'));
    const raw = ctx.path;
    const viaApi = raw === '/api' || raw.startsWith('/api/');
    const path = viaApi ? raw.slice(4) || '/' : raw;
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const found = deps.routes.find(method, path);
    if (!found.route) {
      if (!viaApi && deps.web && (await deps.web(ctx))) return;
      return sendError(ctx, lang, 'not_found', 'route_not_found');
    }
    const route = found.route;
    opsState(ctx).route = route.path;
    let user: Caller | null = null;
    let body: unknown;
    // Parsed here rather than through ctx.query, whose cache keeps one object per request keyed by
    // the whole query string: a new property name for every distinct query, which V8 pays for.
    const qs = ctx.querystring;
    const query = qs ? flatQuery(qs) : {};
    try {
      const authHeader = ctx.get('authorization') || undefined;
      if (route.guard === 'public') {
        if (authHeader) user = await deps.auth.authenticate(authHeader, ctx.ip);
        // A public call outside a key's scope is answered as to anybody (unless the route applies the scope to each of its parts).
        if (user?.key && !route.scopedInside && !keyAllowsRoute(user, route)) user = null;
      } else {
        if (!authHeader) return sendError(ctx, lang, 'unauthorized', 'not_signed_in');
        user = await deps.auth.authenticate(authHeader, ctx.ip);
        if (!user) return sendError(ctx, lang, 'unauthorized', 'token_invalid');
        const refused = refusedByGuard(route, user, (c, p) => deps.auth.can(c, p));
        if (refused) return sendError(ctx, lang, 'forbidden', refused);
      }
      body = method === 'POST' && route.body !== 'raw' ? await readJsonBody(ctx) : undefined;
      const req: ApiRequest = {
        ctx,
        body,
        query,
        user,
        lang,
        path,
        params: found.params,
      };
      const data = await route.handler(req);
      if (route.raw) return;
      send(ctx, 200, 1000, 'success', data === undefined ? null : data);
    } catch (err) {
      if (err instanceof AppError) {
        const data = err.kind === 'validation' ? localizeFieldErrors(lang, err.data) : err.data;
        if (err.kind === 'too_many' && typeof err.params.retryAfter === 'number') ctx.set('Retry-After', String(err.params.retryAfter));
        return sendError(ctx, lang, err.kind, err.key, err.params, data, errorStatus(err.kind, deps.coolCompat ?? false));
      }
      // The database or Redis is away: 503 at once (logged now and then, not once per request).
      const outage = outageOf(err);
      if (outage) {
        if (outageLogDue(outage)) deps.logError(err, ctx);
        const e = outageError(outage);
        return sendError(ctx, lang, e.kind, e.key);
      }
      deps.logError(err, ctx);
      sendError(ctx, lang, 'server', 'server_error');
    } finally {
      if (deps.requestLog && route.path !== '/health' && !route.quiet) {
        deps.requestLog.record(requestLogEntry(path, user, ctx.ip, body, query, opsState(ctx).reqId, user?.key?.name));
      }
    }
  };
}
