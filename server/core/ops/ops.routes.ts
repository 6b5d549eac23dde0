/**
 * The operations routes beside `GET /health` (liveness, app.ts), for load balancers and scrapers:
 *
 * - `GET /health/ready`: 200 `{code: 1000, data: {ready: true}}` while the instance takes work;
 *   503 `{code: 1003, data: {ready: false, reason}}` with reason `starting`, `draining` (after
 *   SIGTERM), `db` or `cache` (the database or Redis does not answer within 2 s). Public, no-store,
 *   not written to the request log.
 * - `GET /metrics`: Prometheus text (metrics.ts), for an administrator's token or
 *   `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set; 401 without either, 403 for
 *   another signed-in user.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Core } from '../core';
import { l, type Labels } from '../entity/define';
import type { JsonSchema } from '../entity/model';
import { BOOL, STR, obj } from '../calls/answer';
import { fail } from '../errors';
import type { CallDescription, Route } from '../http/route';
import { t } from '../i18n/messages';
import { currentPhase } from './lifecycle';
import { metricsRegistry } from './metrics';
import { OPS } from './ops.messages';

export type NotReady = 'starting' | 'draining' | 'db' | 'cache';

/** How long the readiness answer waits for the database or Redis. */
const CHECK_MS = 2000;

function within<T>(p: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), ms)))]).finally(() => clearTimeout(timer));
}

/** Why the instance is not ready, or null when it is. */
export async function notReady(core: Core): Promise<NotReady | null> {
  const phase = currentPhase();
  if (phase !== 'ready') return phase;
  const [db, cache] = await Promise.all([
    within(
      core.db.query('SELECT 1 AS ok').then(
        () => true,
        () => false,
      ),
      CHECK_MS,
      false,
    ),
    core.config.redisUrl ? within(core.cache.ping(), CHECK_MS, false) : Promise.resolve(true),
  ]);
  return !db ? 'db' : !cache ? 'cache' : null;
}

const REASON_KEY = {
  starting: OPS.not_ready_starting,
  draining: OPS.not_ready_draining,
  db: OPS.not_ready_db,
  cache: OPS.not_ready_cache,
} as const;

/**
 * The description of a probe: it takes nothing (a query string is not read) and changes nothing;
 * its answer is its own format, not an envelope.
 */
export function probe(answer: JsonSchema, who: Labels): CallDescription {
  return { input: { type: 'object', properties: {}, additionalProperties: false }, answer, effect: 'read', access: who, description: null };
}

function readyRoute(core: Core): Route {
  return {
    method: 'GET',
    path: '/health/ready',
    guard: 'public',
    permission: null,
    summary: l('Readiness', '就绪检查', '就緒檢查'),
    module: 'base',
    group: 'health',
    raw: true,
    quiet: true,
    call: probe(obj({ ready: BOOL, reason: STR }, ['reason']), { en: 'anyone', 'zh-cn': '任何人', 'zh-tw': '任何人' }),
    async handler(req) {
      const reason = await notReady(core);
      req.ctx.set('Cache-Control', 'no-store');
      req.ctx.status = reason ? 503 : 200;
      req.ctx.body = reason
        ? { code: 1003, message: t(req.lang, REASON_KEY[reason]), data: { ready: false, reason } }
        : { code: 1000, message: 'success', data: { ready: true } };
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether `header` is `Bearer <token>` (or the bare token), compared in constant time. */
export function bearerMatches(header: string, token: string): boolean {
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return timingSafeEqual(digest(given), digest(token));
}

function metricsRoute(core: Core): Route {
  return {
    method: 'GET',
    path: '/metrics',
    guard: 'public',
    permission: null,
    summary: l('Metrics (Prometheus)', '监控指标（Prometheus）', '監控指標（Prometheus）'),
    module: 'base',
    group: 'health',
    raw: true,
    quiet: true,
    call: probe(
      { type: 'string', description: 'the Prometheus text format' },
      { en: 'the administrator, or the bearer of METRICS_TOKEN', 'zh-cn': '管理员，或持有 METRICS_TOKEN 者', 'zh-tw': '管理員，或持有 METRICS_TOKEN 者' },
    ),
    async handler(req) {
      const token = core.config.env.METRICS_TOKEN?.trim();
      const header = req.ctx.get('authorization');
      const allowed = !!req.user?.isAdmin || (!!token && !!header && bearerMatches(header, token));
      if (!allowed) {
        if (req.user) throw fail.forbidden();
        throw fail.unauthorized(header ? (token ? OPS.metrics_token_invalid : 'token_invalid') : 'not_signed_in');
      }
      req.ctx.set('Cache-Control', 'no-store');
      const registry = metricsRegistry();
      req.ctx.set('Content-Type', registry.contentType);
      req.ctx.status = 200;
      req.ctx.body = await registry.metrics();
    },
  };
}

export function opsRoutes(core: Core): Route[] {
  return [readyRoute(core), metricsRoute(core)];
}
