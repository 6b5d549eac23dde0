/**
 * A route called inside the process as a given user, through the path an HTTP request takes in the
 * dispatcher (dispatch.ts): the route's guard (the same `refusedByGuard`), then its handler, whose
 * declared call reads the input (1002 naming each bad field), checks its access rule (403) and runs
 * the operation. What an HTTP caller would get as an envelope comes back as a value: the data, or
 * the code, HTTP status and message (in `lang`) of the refusal, with the localized bad fields.
 *
 * For callers acting on a member's behalf (AI members' tools): whatever the member may not do over
 * HTTP is refused here alike. The request has no socket: its ip is the caller's address when given
 * (an MCP client's), else the loopback address; its headers only `language`. A route that answers raw (files, redirects) or reads its body as a
 * stream (uploads) cannot be called this way.
 *
 * @example
 * ```ts
 * const r = await callInProcess(core, { method: 'POST', path: '/admin/goods/order/myOrders', user, input: {}, lang: 'en' });
 * if (r.ok) use(r.data); else explain(r.status, r.code, r.message, r.data);
 * ```
 */
import type { Context } from 'koa';
import type { Caller } from '../auth/auth.service';
import type { Core } from '../core';
import { AppError, KIND_STATUS } from '../errors';
import { t, type Lang } from '../i18n/messages';
import { outageError, outageOf } from '../outage';
import { localizeFieldErrors, refusedByGuard } from './dispatch';
import type { ApiRequest, Route } from './route';

export interface InProcessCall {
  method: string;
  /** The path under /admin (no /api prefix). */
  path: string;
  user: Caller;
  /** The body of a POST, or the query of a GET (values sent as text, as a query string carries them). */
  input: Record<string, unknown>;
  lang: Lang;
  /** The address the call comes from (per-address rate limits of handlers); the loopback address when not given. */
  ip?: string;
}

export type InProcessResult =
  | { ok: true; data: unknown }
  | {
      ok: false;
      /** The envelope's code: 1001 refused, 1002 bad input (`data` names the fields), 1003 server fault. */
      code: number;
      status: number;
      message: string;
      data: unknown;
    };

/** A query string's view of `input`: every value as text (objects as JSON), as HTTP would carry it. */
function asQuery(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** The few parts of a koa context handlers read (method, headers, ip, origin); writing an answer is not theirs here. */
function requestContext(method: string, path: string, lang: Lang, ip: string): Context {
  const headers: Record<string, string> = { language: lang };
  const state = {};
  return {
    method,
    path,
    ip,
    origin: '',
    headers,
    state,
    query: {},
    get: (name: string) => headers[name.toLowerCase()] ?? '',
    set: () => undefined,
  } as unknown as Context;
}

/** The refusal as its envelope says it (the status is the API's own, whatever COOL_COMPAT makes of it over HTTP). */
function refusal(lang: Lang, err: AppError): InProcessResult {
  const data = err.kind === 'validation' ? localizeFieldErrors(lang, err.data) : err.data;
  return { ok: false, code: KIND_STATUS[err.kind].code, status: KIND_STATUS[err.kind].status, message: t(lang, err.key, err.params), data: data ?? null };
}

/** Calls the route at `call.method call.path` as `call.user` (see the top of this file). */
export async function callInProcess(core: Core, call: InProcessCall): Promise<InProcessResult> {
  const { lang } = call;
  const found = core.routes.find(call.method, call.path);
  if (!found.route) return refusal(lang, new AppError('not_found', 'route_not_found'));
  return callRoute(core, found.route, found.params, call);
}

/** Calls `route` (found already) as `call.user`. */
export async function callRoute(core: Core, route: Route, params: Record<string, string>, call: InProcessCall): Promise<InProcessResult> {
  const { lang, user } = call;
  if (route.raw || route.body === 'raw') return refusal(lang, new AppError('bad_request', 'route_not_found'));
  const guard = refusedByGuard(route, user, (c, p) => core.auth.can(c, p));
  if (guard) return refusal(lang, new AppError('forbidden', guard));
  const get = route.method === 'GET';
  const req: ApiRequest = {
    ctx: requestContext(route.method, call.path, lang, call.ip ?? '127.0.0.1'),
    body: get ? undefined : call.input,
    query: get ? asQuery(call.input) : {},
    user,
    lang,
    path: call.path,
    params,
  };
  try {
    const data = await route.handler(req);
    return { ok: true, data: data === undefined ? null : data };
  } catch (err) {
    if (err instanceof AppError) return refusal(lang, err);
    const outage = outageOf(err);
    if (outage) return refusal(lang, outageError(outage));
    console.error(`[in-process] ${route.method} ${call.path} as user ${user.id} failed:`, err);
    return { ok: false, code: KIND_STATUS.server.code, status: KIND_STATUS.server.status, message: t(lang, 'server_error'), data: null };
  }
}
