/**
 * Turns the access rules of the declarations into SQL: a rule's {@link Where} becomes a
 * parameterized clause over declared, quoted columns only; a rule that says no is a 403.
 */
import type { AuthUser } from '../entity/define';
import type { Entity, Model } from '../entity/model';
import type { Verdict } from '../entity/access';
import type { Where } from '../condition';
import { quoteIdent as q, type Db } from '../db/db';
import { fail } from '../errors';
import type { Clause } from './query';
import { scopeClause } from './scope';
import { OPAQUE, type RowTest } from './total-match';

function column(e: Entity, name: string): string {
  const f = e.byName.get(name);
  if (!f || f.virtual) throw new Error(`${e.key}: access rule names '${name}', which is not a column`);
  return q(name);
}

const OPS = { lt: '<', lte: '<=', gt: '>', gte: '>=', ne: '<>' } as const;
const COMPARISONS = Object.keys(OPS) as Array<keyof typeof OPS>;

function compile(model: Model, e: Entity, w: Where, params: unknown[]): string {
  if ('and' in w || 'or' in w) {
    const parts = 'and' in w ? w.and : w.or;
    if (!parts.length) return 'and' in w ? '1 = 1' : '1 = 0';
    return `(${parts.map((p) => compile(model, e, p, params)).join('and' in w ? ' AND ' : ' OR ')})`;
  }
  const col = column(e, w.field);
  const op = COMPARISONS.find((k) => k in w);
  if (op) {
    const value = (w as unknown as Record<string, string | number | null>)[op];
    if (value === null) {
      if (op !== 'ne') throw new Error(`${e.key}: '${op}' null compares nothing`);
      return `${col} IS NOT NULL`;
    }
    params.push(value);
    return `${col} ${OPS[op]} ?`;
  }
  if ('eq' in w) {
    if (w.eq === null) return `${col} IS NULL`;
    params.push(w.eq);
    return `${col} = ?`;
  }
  if ('in' in w) {
    if (!w.in.length) return '1 = 0';
    params.push(...w.in);
    return `${col} IN (${w.in.map(() => '?').join(', ')})`;
  }
  if (!('inRows' in w)) throw new Error(`${e.key}: unknown condition ${JSON.stringify(w)}`);
  const other = model.byKey.get(w.inRows.entity);
  if (!other) throw new Error(`${e.key}: access rule names unknown entity '${w.inRows.entity}'`);
  const inner = compile(model, other, w.inRows.where, params);
  const live = other.softDelete ? ` AND ${q(other.softDelete)} = 0` : '';
  return `${col} IN (SELECT ${column(other, w.inRows.column)} FROM ${q(other.table)} WHERE ${inner}${live})`;
}

/**
 * The rule as a test of one row: membership in other rows is decided by those rows, not this one;
 * comparisons are not tested in memory either.
 */
export function whereTest(w: Where): RowTest {
  if ('and' in w) return { and: w.and.map(whereTest) };
  if ('or' in w) return { or: w.or.map(whereTest) };
  if ('eq' in w) return { field: w.field, eq: w.eq };
  if ('in' in w) return { field: w.field, in: w.in };
  return OPAQUE;
}

export function whereClause(model: Model, e: Entity, w: Where): Clause {
  const params: unknown[] = [];
  return { sql: compile(model, e, w, params), params };
}

/** Whether the caller passes every rule (administrators and the system caller). */
export function bypasses(user: AuthUser | null): boolean {
  return !!user?.isAdmin;
}

/**
 * The clause that narrows `kind` (read for info, list and page; update; delete) for this caller,
 * null when nothing narrows; refuses (403) when the rule says no.
 */
export async function accessClause(
  model: Model,
  e: Entity,
  user: AuthUser | null,
  kind: 'read' | 'update' | 'delete',
  at: { db: Db; data?: Record<string, unknown> },
): Promise<Clause | null> {
  if (bypasses(user)) return null;
  const v: Verdict = await e.access[kind]({ user, data: at.data, exists: existsIn(model, at.db, e) });
  if (v === true) return scopeClause(e, user);
  if (!v) throw fail.forbidden('no_permission');
  return { ...whereClause(model, e, v), test: whereTest(v) };
}

/** Rows a caller vouches exist (OpMeta.known). */
export type KnownRows = ReadonlyArray<{ entity: string; where: Where }>;

/** A condition on an entity as the exact SQL and parameters it compiles to. */
const clauseKey = (key: string, c: Clause) => `${key}\u0000${c.sql}\u0000${JSON.stringify(c.params)}`;

/**
 * The `exists` a rule of `e` receives: whether a live row of another entity matches a Where. A
 * condition among `known` (the same entity and the same compiled SQL and parameters) is true
 * without a read.
 */
export function existsIn(model: Model, db: Db, e: Entity, known: KnownRows = []): (key: string, w: Where) => Promise<boolean> {
  const vouched = known.length
    ? new Set(known.filter((k) => model.byKey.has(k.entity)).map((k) => clauseKey(k.entity, whereClause(model, model.byKey.get(k.entity)!, k.where))))
    : null;
  return async (key, w) => {
    const other = model.byKey.get(key);
    if (!other) throw new Error(`${e.key}: access rule names unknown entity '${key}'`);
    const c = whereClause(model, other, w);
    if (vouched?.has(clauseKey(key, c))) return true;
    const live = other.softDelete ? ` AND ${q(other.softDelete)} = 0` : '';
    return (await db.query(`SELECT 1 AS ${q('ok')} FROM ${q(other.table)} WHERE ${c.sql}${live} LIMIT 1`, c.params)).length > 0;
  };
}

/** Refuses (403) a row the caller may not create (or change into); `known` as in {@link existsIn}. */
export async function assertMayCreate(model: Model, db: Db, e: Entity, user: AuthUser | null, data: Record<string, unknown>, known?: KnownRows): Promise<void> {
  if (bypasses(user)) return;
  if (!(await e.access.create({ user, data, exists: existsIn(model, db, e, known) }))) throw fail.forbidden('no_permission');
}

/** Refuses (403) a custom action whose declared rule says no to this caller and payload. */
export async function assertMayCall(model: Model, db: Db, e: Entity, action: string, user: AuthUser | null, data: unknown): Promise<void> {
  const rule = e.access.actions[action];
  if (!rule || bypasses(user)) return;
  const payload = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  if (!(await rule({ user, data: payload, exists: existsIn(model, db, e) }))) throw fail.forbidden('no_permission');
}

/** Drops the fields only administrators set from a non-administrator's payload. */
export function dropAdminOnly(e: Entity, user: AuthUser | null, data: Record<string, unknown>): void {
  if (bypasses(user)) return;
  for (const f of e.access.adminOnly) delete data[f];
}

/** Cuts rows down to what an anonymous caller may see. */
export function trimForAnonymous(e: Entity, user: AuthUser | null, rows: Array<Record<string, unknown>>): void {
  if (user) return;
  const keep = new Set(e.access.visible.anonymous);
  for (const row of rows) for (const k of Object.keys(row)) if (!keep.has(k)) delete row[k];
}
