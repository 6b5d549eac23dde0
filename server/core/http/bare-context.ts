/**
 * API requests answered without koa. A route whose handler never reads koa's context (`ctxFree`:
 * every generic CRUD route) goes through the same request middleware (ops/request-context.ts) and
 * the same dispatcher, over a BareContext: the few members of koa's Context those two use, each doing
 * what koa's does, over Node's request and response. Koa would build a context, a request and a
 * response object, finish listeners on the socket and the response, and a compose chain for each such
 * request and use none of them (about 10 µs of CPU per request, a third of what the API adds to a
 * bare node:http server on `info`). Every other request goes to koa as before.
 */
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'koa';
import type { RouteTable } from './route';

// Koa's own copies (it reads the path and query through parseurl's cache on the request), so every
// value and a status line's text are exactly the ones koa gives.
const fromKoa = createRequire(require.resolve('koa'));
const parseurl = fromKoa('parseurl') as (req: IncomingMessage) => { pathname: string | null; query: string | null } | undefined;
const statuses = fromKoa('statuses') as Record<number, string | undefined> & { empty: Record<number, boolean | undefined> };

/** The settings of the koa application a BareContext stands in for (its client-address rule). */
export interface ProxySettings {
  proxy: boolean;
  proxyIpHeader: string;
  maxIpsCount: number;
}

export class BareContext {
  readonly state: Record<string, unknown> = {};
  private answer: string | null = null;
  private explicitStatus = false;
  private address: string | null = null;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly app: ProxySettings,
  ) {
    // As koa's handleRequest: a request nobody answers is a 404.
    res.statusCode = 404;
  }

  get method(): string {
    return this.req.method ?? '';
  }

  get path(): string {
    return parseurl(this.req)?.pathname ?? '';
  }

  get querystring(): string {
    return parseurl(this.req)?.query || '';
  }

  /** A request header, '' when absent (koa's request.get). */
  get(field: string): string {
    const name = field.toLowerCase();
    const h = this.req.headers;
    if (name === 'referer' || name === 'referrer') return (h.referrer as string) || h.referer || '';
    return (h[name] as string) || '';
  }

  /** Sets a response header until the headers are sent (koa's response.set). */
  set(field: string, val: string | number): void {
    if (this.res.headersSent) return;
    this.res.setHeader(field, typeof val === 'string' ? val : String(val));
  }

  get status(): number {
    return this.res.statusCode;
  }

  set status(code: number) {
    if (this.res.headersSent) return;
    if (!Number.isInteger(code) || code < 100 || code > 999) throw new Error(`invalid status code: ${code}`);
    this.explicitStatus = true;
    this.res.statusCode = code;
    if (this.req.httpVersionMajor < 2) this.res.statusMessage = statuses[code]!;
  }

  get body(): string | null {
    return this.answer;
  }

  /** A text answer (the envelope), with koa's Content-Type default and Content-Length. */
  set body(val: string) {
    this.answer = val;
    if (!this.explicitStatus) this.status = 200;
    if (!this.res.hasHeader('Content-Type')) this.set('Content-Type', /^\s*</.test(val) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8');
    if (!this.res.hasHeader('Transfer-Encoding')) this.set('Content-Length', Buffer.byteLength(val));
  }

  /** The client's address: the first trusted proxy entry, else the socket's peer (koa's request.ip). */
  get ip(): string {
    if (this.address === null) {
      const val = this.get(this.app.proxyIpHeader);
      let ips = this.app.proxy && val ? val.split(',').map((v) => v.trim()) : [];
      if (this.app.maxIpsCount > 0) ips = ips.slice(-this.app.maxIpsCount);
      this.address = ips[0] || this.req.socket.remoteAddress || '';
    }
    return this.address;
  }

  /** Writes the answer, as koa's respond() does for a text body (or none). */
  respond(): void {
    const res = this.res;
    if (res.writableEnded || (res.socket && !res.socket.writable)) return;
    const code = res.statusCode;
    if (statuses.empty[code]) {
      for (const h of ['Content-Type', 'Content-Length', 'Transfer-Encoding']) if (!res.headersSent) res.removeHeader(h);
      res.end();
      return;
    }
    if (this.answer === null) {
      const text = (this.req.httpVersionMajor < 2 && (res.statusMessage || statuses[code])) || String(code);
      this.set('Content-Type', 'text/plain; charset=utf-8');
      this.set('Content-Length', Buffer.byteLength(text));
      res.end(text);
      return;
    }
    res.end(this.answer);
  }
}

/**
 * Whether the request's route is `ctxFree`. A path koa's way would fail on (a malformed escape in a
 * `{param}` segment throws while the route is looked up) is left to koa, which answers it as before.
 */
function ctxFree(routes: RouteTable, method: string, req: IncomingMessage): boolean {
  try {
    const raw = parseurl(req)?.pathname ?? '';
    const path = raw === '/api' || raw.startsWith('/api/') ? raw.slice(4) || '/' : raw;
    return routes.find(method, path).route?.ctxFree === true;
  } catch {
    return false;
  }
}

type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

/**
 * The request listener in front of koa's: a GET or POST of a `ctxFree` route runs `outer` (the
 * request middleware) around `inner` (the dispatcher) over a BareContext; anything else is handed to
 * koa (`viaKoa`). `failed` answers what escapes both (the dispatcher answers its own errors).
 */
export function bareListener(
  routes: RouteTable,
  app: ProxySettings,
  outer: Middleware,
  inner: (ctx: Context) => Promise<void>,
  failed: (err: unknown, ctx: Context) => void,
  viaKoa: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => unknown {
  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'POST') return viaKoa(req, res);
    if (!ctxFree(routes, method, req)) return viaKoa(req, res);
    const ctx = new BareContext(req, res, app);
    const c = ctx as unknown as Context;
    // As koa's handleRequest: respond, and anything thrown on the way (the dispatcher answers its own
    // errors, so this is one past it) is logged and answered as koa's default would.
    return outer(c, () => inner(c))
      .then(() => ctx.respond())
      .catch((err: unknown) => {
        try {
          failed(err, c);
          if (!res.headersSent) {
            for (const h of res.getHeaderNames()) res.removeHeader(h);
            ctx.status = 500;
            ctx.body = statuses[500]!;
          }
          ctx.respond();
        } catch {
          // Nothing more can be answered on this response.
          res.destroy();
        }
      });
  };
}
