/**
 * The /eps answer cool-admin's own clients read: with COOL_COMPAT on, callers without a token get
 * it instead of the default shape (eps.ts), because cool-admin-vue's build plugin
 * (@cool-vue/vite-plugin) fetches /admin/base/open/eps without a token and generates TypeScript
 * declarations and the client's service tree from it. It lists every /admin route: the routes and
 * their shapes, never data. Callers with a token (our console) keep the default shape.
 *
 * What that generator needs, and this answer therefore guarantees:
 * - `name` is one TypeScript identifier in cool-admin's style (`BaseSysUserEntity`): it names an
 *   interface and is written unchanged as the row type of page/list/info, where `sys/user` would
 *   not parse. Groups without an entity (`base/open`) get '', which the generator types as any.
 * - every `api[].path` is `/` plus one identifier: its last segment becomes a method name and the
 *   whole path a property of the service object. Routes of any other shape (`openapi.json`, the
 *   short-link redirect `s/{shortKey}`), or named like a property the service objects hold
 *   (`namespace`, `permission`, `request`), are left out.
 * - summaries and column comments are written into block comments, so they never hold its end.
 * - a column's `type` is one the generator turns into a TypeScript type (varchar, text, int,
 *   bigint, decimal, datetime) or that is a TypeScript type already (boolean, json).
 */
import type { Entity, Field, Model } from '../entity/model';
import type { RouteTable } from '../http/route';
import type { Lang } from '../i18n/messages';
import { columns, groupRoutes } from './eps';

export interface CoolEpsApi {
  method: string;
  path: string;
  summary: string;
  permission: string | null;
}

export interface CoolEpsEntry {
  module: string;
  name: string;
  prefix: string;
  label: string;
  api: CoolEpsApi[];
  columns: Array<Record<string, unknown>>;
}

/** A method name the generator can write: one identifier. */
export const COOL_METHOD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Properties the client's service objects hold besides the methods; a route of that name would replace one. */
const SERVICE_PROPS = new Set(['namespace', 'permission', '_permission', 'request']);

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `base` + `sys/user` -> `BaseSysUserEntity`, as cool-admin names its entity classes. */
export function coolEntityName(module: string, name: string): string {
  return [module, ...name.split('/')].map(upper).join('') + 'Entity';
}

/** Text safe inside a block comment. */
function commentText(s: string): string {
  return s.replace(/\*\//g, '* /');
}

const COOL_TYPE: Record<Field['type'], string> = {
  string: 'varchar',
  text: 'text',
  int: 'int',
  bigint: 'bigint',
  decimal: 'decimal',
  // cool-admin has no float column; decimal is the number type its generator knows.
  float: 'decimal',
  boolean: 'boolean',
  datetime: 'datetime',
  json: 'json',
};

function coolColumns(e: Entity, lang: Lang): Array<Record<string, unknown>> {
  return columns(e, lang).map((c) => {
    const f = e.byName.get(String(c.propertyName))!;
    return { ...c, type: COOL_TYPE[f.type], comment: commentText(String(c.comment ?? '')) };
  });
}

export function buildCoolEps(model: Model, routes: RouteTable, lang: Lang): Record<string, CoolEpsEntry[]> {
  const out: Record<string, CoolEpsEntry[]> = {};
  for (const g of groupRoutes(model, routes, () => true)) {
    const api: CoolEpsApi[] = [];
    for (const r of g.routes) {
      const rest = r.path.startsWith(g.prefix + '/') ? r.path.slice(g.prefix.length + 1) : '';
      if (!COOL_METHOD.test(rest) || SERVICE_PROPS.has(rest)) continue;
      api.push({ method: r.method, path: `/${rest}`, summary: commentText(r.summary[lang]), permission: r.permission });
    }
    const e = g.entity;
    (out[g.module] ??= []).push({
      module: g.module,
      name: e ? coolEntityName(g.module, g.name) : '',
      prefix: g.prefix,
      label: commentText(e ? e.label[lang] : g.name),
      api,
      columns: e ? coolColumns(e, lang) : [],
    });
  }
  return out;
}
