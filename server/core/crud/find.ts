/**
 * The plain reads of the primitives: the rows matching a condition (narrowed by the caller's read
 * rule), or how many there are, in the transaction under way. No hooks run, nothing is cached,
 * there is no page: for the server's own lookups (the names an afterRead hook adds, the rows a
 * beforeDelete hook checks), not for answers handed to a client as they are.
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import type { Where } from '../condition';
import { accessClause, whereClause } from './access-sql';
import type { OpContext } from './op-context';
import { planFor } from './plan';
import { rowCodec } from './values';

export interface FindOptions {
  /** The fields to answer (any stored column, hidden ones too); default every readable stored field. */
  fields?: string[];
  /** Soft-deleted rows too (default: live rows only). */
  deleted?: boolean;
}

function whereOf(c: OpContext, e: Entity, where: Where, deleted: boolean, scope: { sql: string; params: unknown[] } | null) {
  const w = whereClause(c.model, e, where);
  const live = deleted ? '' : planFor(e).liveClause;
  return { sql: `WHERE ${w.sql}${live}${scope ? ` AND ${scope.sql}` : ''}`, params: [...w.params, ...(scope?.params ?? [])] };
}

/** The `fields` of the rows matching `where`, by id, decoded as a read answers them. */
export async function find(c: OpContext, e: Entity, where: Where, opts: FindOptions = {}): Promise<Row[]> {
  const fields = (opts.fields ?? e.readable.filter((f) => !f.virtual).map((f) => f.name)).map((name) => {
    const f = e.byName.get(name);
    if (!f || f.virtual) throw new Error(`${e.key}: find names '${name}', which is not a column`);
    return f;
  });
  const names = [...new Set(['id', ...fields.map((f) => f.name)])];
  const scope = await accessClause(c.model, e, c.user, 'read', c);
  const w = whereOf(c, e, where, opts.deleted === true, scope);
  const { db } = c;
  const rows = await db.query(`SELECT ${names.map((n) => db.q(n)).join(', ')} FROM ${planFor(e).table} ${w.sql} ORDER BY ${db.q('id')}`, w.params);
  const codec = rowCodec(e, fields);
  return rows.map((r) => codec.decode(r));
}

/** How many rows match `where`. */
export async function count(c: OpContext, e: Entity, where: Where, opts: Pick<FindOptions, 'deleted'> = {}): Promise<number> {
  const scope = await accessClause(c.model, e, c.user, 'read', c);
  const w = whereOf(c, e, where, opts.deleted === true, scope);
  const { db } = c;
  const [row] = await db.query<{ n: unknown }>(`SELECT COUNT(*) AS ${db.q('n')} FROM ${planFor(e).table} ${w.sql}`, w.params);
  return Number(row?.n ?? 0);
}
