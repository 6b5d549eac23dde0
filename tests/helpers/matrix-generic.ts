/**
 * Fixtures of the generic CRUD routes, derived from the entity (never written per entity): reads
 * aimed at A's rows and filters pointing at A, writes on A's rows with forged owner fields, adds
 * that forge A as owner or sender or join A's group, deletes of A's rows.
 */
import type { ActionName, Row } from '../../server/core/entity/define';
import type { Entity, Field } from '../../server/core/entity/model';
import type { Route } from '../../server/core/http/route';
import type { World } from './matrix-seed';
import { OWNER_COLUMNS } from './matrix-snapshot';

export type Phase = 'read' | 'write' | 'delete' | 'last';

export interface Call {
  /** Query string (GET parameters, or beside a POST body). */
  query?: Record<string, string | number>;
  body?: unknown;
  /** Values of the path's `{param}` segments. */
  params?: Record<string, string>;
  /** A multipart upload of one file instead of a JSON body. */
  upload?: { field: string; name: string; content: string };
}

export interface Fixture {
  phase: Phase;
  calls: Call[];
}

const PHASE: Record<ActionName, Phase> = { info: 'read', list: 'read', page: 'read', add: 'write', update: 'write', delete: 'delete' };

/** The generic action a route serves, or null for a hand-written route (even one named like an action). */
export function genericAction(route: Route): ActionName | null {
  const e = route.entity;
  if (!e) return null;
  const a = e.actions.find((x) => x.path === route.path && x.method === route.method);
  return a ? a.name : null;
}

/** A plain valid value, never a marker: what member B would write of their own. */
function plainValue(f: Field, tag: string): unknown {
  if (f.enum) return f.enum[0].value;
  if (f.format === 'email') return `b${tag}@example.com`;
  if (f.format === 'uri') return `https://example.com/b/${tag}`;
  switch (f.type) {
    case 'string':
      return `b${tag}`.slice(0, f.length ?? 255);
    case 'text':
      return `b ${tag}`;
    case 'boolean':
      return false;
    case 'datetime':
      return '2026-01-02T03:04:05.000Z';
    case 'json':
      if (f.jsonType === 'array') return [];
      return {};
    default:
      return 0;
  }
}

function plainRow(e: Entity, tag: string): Row {
  const row: Row = {};
  for (const f of e.writable) if (!f.virtual && f.transform !== 'password') row[f.name] = plainValue(f, tag);
  return row;
}

/** Owner-ish fields set to `id`, `isOwner` to 1, and the group of A where the entity has one. */
function forged(e: Entity, id: number, w: World): Row {
  const out: Row = {};
  for (const c of OWNER_COLUMNS) if (e.byName.has(c)) out[c] = id;
  if (e.byName.has('isOwner')) out.isOwner = 1;
  if (e.byName.has('groupId')) out.groupId = w.groupId;
  return out;
}

let counter = 0;

function addCalls(e: Entity, w: World): Call[] {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const base = plainRow(e, tag);
  if (e.byName.has('toId')) Object.assign(base, { toId: w.adminId });
  if (e.byName.has('friendId')) Object.assign(base, { friendId: w.adminId });
  // As if A (or A's group owner) wrote it.
  const calls: Call[] = [{ body: { ...base, ...forged(e, w.a.id, w) } }];
  // B's own row, but inside A's private group.
  if (e.byName.has('groupId')) calls.push({ body: { ...plainRow(e, `${tag}g`), ...forged(e, w.b.id, w) } });
  if (e.key === 'base/message') calls.push({ body: { ...plainRow(e, `${tag}m`), fromId: w.b.id, toId: w.groupId, toType: 1 } });
  return calls;
}

/** A field whose change an update can show, valid and marker-free. */
function changeable(e: Entity): Field | undefined {
  return (
    e.writable.find((f) => !f.virtual && !f.unique && !f.enum && !f.hidden && !f.writeOnly && ['string', 'text'].includes(f.type) && !f.format) ??
    e.writable.find((f) => !f.virtual && !f.unique && !f.enum && !f.hidden && f.type === 'int')
  );
}

function updateCalls(e: Entity, ids: number[], w: World): Call[] {
  const f = changeable(e);
  const calls: Call[] = [];
  for (const id of ids) {
    if (f) calls.push({ body: { id, [f.name]: f.type === 'int' ? 4242 : 'changed by B'.slice(0, f.length ?? 255) } });
    const steal = forged(e, w.b.id, w);
    if (Object.keys(steal).length) calls.push({ body: { id, ...steal } });
  }
  return calls;
}

/** Filters that point at A: A as owner, sender, receiver or seller, A's group, A's row ids. */
function filters(e: Entity, ids: number[], w: World): Row[] {
  const out: Row[] = [{}];
  for (const c of e.search.equal) {
    if ([...OWNER_COLUMNS, 'toId', 'friendId'].includes(c)) out.push({ [c]: w.a.id });
    if (c === 'groupId') out.push({ groupId: w.groupId });
    if (c === 'goodsId') out.push({ goodsId: w.goodsId });
    if (c === 'id' && ids.length) out.push({ id: ids });
  }
  if (e.key === 'base/message') out.push({ toId: w.groupId, toType: 1 });
  return out;
}

/** The fixture of a generic route of `e`, aimed at A's rows of `e`. */
export function genericFixture(route: Route, action: ActionName, w: World): Fixture {
  const e = route.entity!;
  const own = w.rows.get(e.key) ?? [];
  const some = own.length ? own : [1];
  const asInput = (input: Row): Call => {
    if (route.method === 'POST') return { body: input };
    // A query string holds one value per filter: the first of a list.
    return { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v)])) };
  };
  let calls: Call[];
  switch (action) {
    case 'info':
      calls = some.slice(0, 4).map((id) => asInput({ id }));
      break;
    case 'list':
      calls = filters(e, own, w).map(asInput);
      break;
    case 'page':
      calls = filters(e, own, w).map((f) => asInput({ ...f, page: 1, size: 1000 }));
      break;
    case 'add':
      calls = addCalls(e, w);
      break;
    case 'update':
      calls = updateCalls(e, some.slice(0, 3), w);
      break;
    case 'delete':
      calls = [{ body: { ids: own.length ? own : [99999999] } }];
      break;
  }
  return { phase: PHASE[action], calls };
}
