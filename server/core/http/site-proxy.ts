/**
 * Forwards the public site pages (000 §1) to the marketing site: with SITE_PROXY_URL set, GET and
 * HEAD requests for SITE_PROXY_PATHS (default `/` only) are streamed from there. The API and the
 * app's own routes are never forwarded, whatever the list says, so a wrong setting cannot hide the
 * console. An upstream that fails or stays silent past SITE_PROXY_TIMEOUT_MS answers 502.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Context } from 'koa';
import { pickLang, t } from '../i18n/messages';
import { SITE_PROXY } from './site-proxy.messages';

/** Paths the web app routes itself (router.tsx) or the server owns; never forwarded. */
const APP_PREFIXES = [
  '/api',
  '/assets',
  '/upload',
  '/private',
  '/socket.io',
  '/login',
  '/admin',
  '/register',
  '/reset-password',
  '/my',
  '/space',
  '/workbench',
  '/person',
  '/goods',
  '/apply_profile',
  '/join_team',
  '/discord',
  '/payment',
  '/workflow_store',
  '/test',
  '/demo',
  '/helper',
  '/401',
  '/403',
  '/404',
  '/500',
  '/502',
  '/home',
  '/work',
];

/** Connection-level headers a proxy must not pass on (RFC 9110 §7.6.1), plus the app's credentials. */
const DROP_REQUEST = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'authorization',
  'cookie',
]);
const DROP_RESPONSE = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

export interface SiteProxyOptions {
  url: string;
  paths: string[];
  timeoutMs: number;
}

/** The proxy's settings from the environment, or null when SITE_PROXY_URL is unset (the default). */
export function readSiteProxy(env: Record<string, string | undefined>): SiteProxyOptions | null {
  const url = (env.SITE_PROXY_URL ?? '').trim();
  if (!url) return null;
  const base = new URL(url);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('SITE_PROXY_URL must be an http(s) address');
  const paths = (env.SITE_PROXY_PATHS ?? '/')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith('/'));
  const timeoutMs = Math.max(100, Number(env.SITE_PROXY_TIMEOUT_MS) || 10_000);
  return { url: base.href.replace(/\/$/, ''), paths, timeoutMs };
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** Whether a request path goes to the marketing site: `/` only as itself, other entries with their sub-paths. */
export function isSitePath(path: string, paths: string[]): boolean {
  if (APP_PREFIXES.some((p) => under(path, p))) return false;
  return paths.some((p) => (p === '/' ? path === '/' : under(path, p.replace(/\/$/, ''))));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendDown(ctx: Context): void {
  const lang = pickLang(ctx.get('language') || ctx.get('accept-language'));
  const [title, text, link] = [SITE_PROXY.site_proxy_down_title, SITE_PROXY.site_proxy_down_text, SITE_PROXY.site_proxy_down_link].map((k) =>
    escapeHtml(t(lang, k)),
  );
  ctx.status = 502;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'");
  ctx.type = 'text/html; charset=utf-8';
  ctx.body =
    `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>502 ${title}</title><body style="font-family:sans-serif;text-align:center;padding:15vh 16px;color:#333">` +
    `<h1 style="font-size:64px;margin:0;color:#FA9819">502</h1><h2>${title}</h2><p>${text}</p><p><a href="/workbench">${link}</a></p></body></html>`;
}

function upstreamHeaders(ctx: Context, host: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(ctx.headers)) if (v !== undefined && !DROP_REQUEST.has(k)) out[k] = v;
  out.host = host;
  const prior = ctx.get('x-forwarded-for');
  out['x-forwarded-for'] = prior ? `${prior}, ${ctx.ip}` : ctx.ip;
  out['x-forwarded-proto'] = ctx.protocol;
  out['x-forwarded-host'] = ctx.host;
  return out;
}

/** Resolves with the upstream's answer (headers in), or rejects on an error or on silence past the timeout. */
function ask(target: URL, method: string, headers: Record<string, string | string[]>, timeoutMs: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method, headers });
    const timer = setTimeout(() => req.destroy(new Error('site proxy: upstream timed out')), timeoutMs);
    req.once('response', (res) => {
      clearTimeout(timer);
      // A body that stalls midway is cut after the same idle time.
      res.socket.setTimeout(timeoutMs, () => res.destroy(new Error('site proxy: upstream stalled')));
      resolve(res);
    });
    req.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end();
  });
}

export function createSiteProxy(opts: SiteProxyOptions) {
  const base = new URL(opts.url);
  return async function siteProxy(ctx: Context): Promise<boolean> {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isSitePath(ctx.path, opts.paths)) return false;
    const target = new URL(opts.url + ctx.path + ctx.search);
    let res: IncomingMessage;
    try {
      res = await ask(target, ctx.method, upstreamHeaders(ctx, base.host), opts.timeoutMs);
    } catch {
      sendDown(ctx);
      return true;
    }
    ctx.status = res.statusCode ?? 502;
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !DROP_RESPONSE.has(k)) ctx.set(k, v);
    ctx.body = res;
    return true;
  };
}

/** The web handler with the site proxy in front of it (when configured). */
export function withSiteProxy(web: (ctx: Context) => Promise<boolean>, env: Record<string, string | undefined>) {
  const opts = readSiteProxy(env);
  if (!opts) return web;
  const proxy = createSiteProxy(opts);
  return async (ctx: Context) => (await proxy(ctx)) || web(ctx);
}
