/**
 * /admin/base/open/eps: the metadata of every module and entity, keyed by module, in the shape that
 * cool-admin's clients read (`prefix`, `api[]`, `columns[]`) plus labels, search and JSON Schemas.
 * Without a token it lists only public routes; with one, what the caller may use. Likewise the search
 * configuration names only fields the caller may search by on every row (server/core/crud/shown.ts):
 * never a hidden field, and for a member or a visitor only the fields their view of other people's
 * rows shows (a member may still search their own rows by the rest, filtering on the owner field).
 */
import type { Caller } from '../auth/auth.service';
import type { Entity, JsonSchema, Model } from '../entity/model';
import type { Route, RouteTable } from '../http/route';
import type { Lang } from '../i18n/messages';
import { shownFields } from '../crud/shown';
import { querySchema } from '../calls/crud-description';

export interface EpsApi {
  method: string;
  path: string;
  summary: string;
  permission: string | null;
  public: boolean;
  /**
   * What a declared call (and every generic action) says of itself: its input's JSON Schema (a
   * POST's body, a GET's query), its answer's (`{"$ref": "#/row"}` stands for the entry's
   * `schema.row`), whether it writes, and what its access rule asks of a caller.
   */
  input?: Record<string, unknown>;
  answer?: Record<string, unknown> | null;
  effect?: 'read' | 'write';
  access?: string;
  description?: string | null;
}

export interface EpsEntry {
  module: string;
  name: string;
  prefix: string;
  label: string;
  labels: Entity['label'] | null;
  /** What the entity holds and the rules its rows follow (its declaration's description), in English. */
  description: string | null;
  api: EpsApi[];
  columns: Array<Record<string, unknown>>;
  search: { keyWordLikeFields: string[]; fieldEq: string[] };
  order: Entity['order'] | null;
  softDelete: string | null;
  owner: string | null;
  schema: Entity['schema'] | null;
}

export function visibleTo(route: Route, caller: Caller | null, can: (c: Caller, p: string) => boolean): boolean {
  if (route.guard === 'public') return true;
  if (!caller) return false;
  if (route.guard === 'signedIn') return true;
  if (route.guard === 'admin') return caller.isAdmin;
  return can(caller, route.permission!);
}

export function columns(e: Entity, lang: Lang): Array<Record<string, unknown>> {
  return (
    e.fields
      // A sealed field is written through forms (a password input), so it is described, never its value.
      .filter((f) => !f.hidden || f.sealed)
      .map((f) => ({
        propertyName: f.name,
        type: f.type,
        length: f.length,
        nullable: f.nullable,
        defaultValue: f.default ?? null,
        comment: f.label[lang],
        label: f.label,
        dict: f.enum ? f.enum.map((o) => ({ value: o.value, label: o.label[lang], labels: o.label })) : f.dict,
        required: f.required,
        readOnly: f.readOnly || f.system,
        writeOnly: f.writeOnly,
        virtual: f.virtual,
        unique: f.unique,
        ...(f.sealed ? { sealed: true } : {}),
      }))
  );
}

/** The keyword and equality fields `caller` may use on any read of `e` (see the top of this file). */
export function searchFor(e: Entity, caller: Caller | null): EpsEntry['search'] {
  const shown = shownFields(e, caller, {});
  return { keyWordLikeFields: e.search.keyword.filter((n) => shown.has(n)), fieldEq: e.search.equal.filter((n) => shown.has(n)) };
}

/** The routes of one entity or group (`base/sys/user`, `base/open`), under its prefix. */
export interface RouteGroup {
  entity?: Entity;
  module: string;
  name: string;
  prefix: string;
  routes: Route[];
}

/** The /admin routes that pass `include`, grouped by module and entity or group, sorted by key. */
export function groupRoutes(model: Model, routes: RouteTable, include: (r: Route) => boolean): RouteGroup[] {
  const groups = new Map<string, RouteGroup>();
  for (const r of routes.all) {
    if (!r.path.startsWith('/admin/') || !include(r)) continue;
    const key = `${r.module}/${r.group}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { entity: r.entity ?? model.byKey.get(key), module: r.module, name: r.group, prefix: `/admin/${key}`, routes: [] }));
    g.routes.push(r);
  }
  return [...groups.values()].sort((a, b) => `${a.module}/${a.name}`.localeCompare(`${b.module}/${b.name}`));
}

export function buildEps(
  model: Model,
  routes: RouteTable,
  caller: Caller | null,
  can: (c: Caller, p: string) => boolean,
  lang: Lang,
): Record<string, EpsEntry[]> {
  const out: Record<string, EpsEntry[]> = {};
  for (const g of groupRoutes(model, routes, (r) => visibleTo(r, caller, can))) {
    const prefix = g.prefix;
    const e = g.entity;
    (out[g.module] ??= []).push({
      module: g.module,
      name: g.name,
      prefix,
      label: e ? e.label[lang] : g.name,
      labels: e?.label ?? null,
      description: e?.description ?? null,
      api: g.routes.map((r) => ({
        method: r.method,
        path: r.path.startsWith(prefix + '/') ? r.path.slice(prefix.length) : r.path,
        summary: r.summary[lang],
        permission: r.permission,
        public: r.guard === 'public',
        ...(r.call
          ? {
              input: rowRef(inputFor(r, e, caller), e),
              answer: r.call.answer && rowRef(r.call.answer, e),
              effect: r.call.effect,
              access: r.call.access[lang],
              description: r.call.description?.[lang] ?? null,
            }
          : {}),
      })),
      columns: e ? columns(e, lang) : [],
      search: e ? searchFor(e, caller) : { keyWordLikeFields: [], fieldEq: [] },
      order: e?.order ?? null,
      softDelete: e?.softDelete ?? null,
      owner: e?.owner ?? null,
      schema: e?.schema ?? null,
    });
  }
  return out;
}

/** `schema` with the entry's row schema (the same object) written as `{"$ref": "#/row"}`. */
function rowRef(schema: JsonSchema, e: Entity | undefined): JsonSchema {
  if (!e) return schema;
  const walk = (v: unknown): unknown => {
    if (v === e.schema.row) return { $ref: '#/row' };
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(schema) as JsonSchema;
}

/** A call's input; a generic list or page query narrowed to the fields `caller` may search, filter and sort by. */
function inputFor(r: Route, e: Entity | undefined, caller: Caller | null): JsonSchema {
  const action = r.path.split('/').pop();
  if (!r.call!.generic || !e || (action !== 'list' && action !== 'page')) return r.call!.input;
  const shown = shownFields(e, caller, {});
  return querySchema(e, (n) => shown.has(n));
}
