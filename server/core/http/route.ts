/** The route table: every API route, generated or hand-written, with its access rule. */
import type { Context } from 'koa';
import type { HttpMethod, Labels, MenuArea } from '../entity/define';
import type { Caller } from '../auth/auth.service';
import type { Entity } from '../entity/model';
import type { Lang } from '../i18n/messages';
import type { JsonSchema } from '../entity/model';

export interface ApiRequest {
  ctx: Context;
  /** Parsed JSON body (POST), undefined for GET. */
  body: unknown;
  query: Record<string, string>;
  user: Caller | null;
  lang: Lang;
  /** The route path without the /api prefix. */
  path: string;
  /** Values of `{param}` segments. */
  params: Record<string, string>;
}

/**
 * How a route is guarded: `public` needs no token; `signedIn` any valid token (comm calls);
 * `permission` a token whose roles hold the key (role id 1 holds every key); `admin` role id 1 only.
 */
export type Guard = 'public' | 'signedIn' | 'permission' | 'admin';

/** A web page outside the console shell that gets its own menu entry (`page:<name>` at `router`). */
export interface MenuPage {
  name: string;
  router: string;
  label: Labels;
  area: MenuArea;
}

/** Whether a call changes anything (`write`) or only answers (`read`: every table stays as it was). */
export type Effect = 'read' | 'write';

/** What a declared call (server/core/calls/call.ts) says of itself, for /eps, OpenAPI and agents. */
export interface CallDescription {
  /** The JSON Schema of its input (the body of a POST, the query of a GET). */
  input: JsonSchema;
  /** The JSON Schema of what it answers (the envelope's `data`), when declared. */
  answer: JsonSchema | null;
  effect: Effect;
  /** What its access rule asks of a caller. */
  access: Labels;
  description: Labels | null;
  /** A generic action's description (its list and page queries narrow to the fields a caller may use). */
  generic?: boolean;
  /** Switched off on this server by its settings (it refuses everyone): not offered as a tool to AI members or MCP clients. */
  switchedOff?: boolean;
}

export interface Route {
  method: HttpMethod;
  /** Path under /admin, may hold `{param}` segments. */
  path: string;
  guard: Guard;
  /** Permission key (module:entity:action) for `permission` routes; null otherwise. */
  permission: string | null;
  summary: Labels;
  /**
   * The entity it belongs to, for /eps grouping; for a hand-written group, a normalized declaration
   * that only describes the rows it answers (not in the model, no table of its own).
   */
  entity?: Entity;
  module: string;
  /** Name of the route's entity or group in the spec (`sys/user`, `open`, `comm`). */
  group: string;
  /** The raw answer instead of an envelope (redirects, files, documents). */
  raw?: boolean;
  /**
   * The handler reads nothing of `req.ctx` beyond what the dispatcher does (the generic CRUD
   * routes): such a request is answered without a koa context (bare-context.ts).
   */
  ctxFree?: boolean;
  /** The member role holds this route's permission key (see seed.ts). */
  member?: boolean;
  /** `raw`: the dispatcher leaves a POST body unread, for the handler to stream from ctx.req (uploads). */
  body?: 'json' | 'raw';
  /**
   * An API key's scope is not checked on the route as a whole: the route checks it on each thing it
   * runs (the MCP server at /mcp offers and runs each tool only within the key's scope).
   */
  scopedInside?: boolean;
  /** Not written to the request log (probes and scrapes: /health, /health/ready, /metrics). */
  quiet?: boolean;
  /** A top-level web page this call serves, given a console menu entry once (seed-menus.ts). */
  menuPage?: MenuPage;
  /** The declaration of a declared call: its input, answer, effect and rule. */
  call?: CallDescription;
  handler(req: ApiRequest): Promise<unknown>;
}

interface Pattern {
  route: Route;
  re: RegExp;
  names: string[];
}

export class RouteTable {
  private readonly exact = new Map<string, Route>();
  private readonly patterns: Pattern[] = [];
  readonly all: Route[] = [];

  add(route: Route): void {
    const key = `${route.method} ${route.path}`;
    if (this.exact.has(key) || this.patterns.some((p) => `${p.route.method} ${p.route.path}` === key)) {
      throw new Error(`route ${key} is declared twice`);
    }
    this.all.push(route);
    if (!route.path.includes('{')) {
      this.exact.set(key, route);
      return;
    }
    const names: string[] = [];
    const segs = route.path.split('/').map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
      names.push(m[1]);
      return '([^/]+)';
    });
    const re = new RegExp(`^${segs.join('/')}$`);
    this.patterns.push({ route, re, names });
  }

  /** Takes a route out (a live entity's, changed or rolled back); answers whether there was one. */
  remove(method: string, path: string): boolean {
    const key = `${method} ${path}`;
    const at = this.all.findIndex((r) => `${r.method} ${r.path}` === key);
    if (at < 0) return false;
    this.all.splice(at, 1);
    this.exact.delete(key);
    const p = this.patterns.findIndex((x) => `${x.route.method} ${x.route.path}` === key);
    if (p >= 0) this.patterns.splice(p, 1);
    return true;
  }

  /** The route for a method and path, with its parameters; `methodMismatch` when only the method is wrong. */
  find(method: string, path: string): { route: Route; params: Record<string, string> } | { route: null; methodMismatch: boolean } {
    const hit = this.exact.get(`${method} ${path}`);
    if (hit) return { route: hit, params: {} };
    for (const p of this.patterns) {
      if (p.route.method !== method) continue;
      const m = p.re.exec(path);
      if (m) return { route: p.route, params: Object.fromEntries(p.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
    }
    const other = method === 'GET' ? 'POST' : 'GET';
    return { route: null, methodMismatch: this.exact.has(`${other} ${path}`) };
  }
}
