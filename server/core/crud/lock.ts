/**
 * The locking read: rows the caller may update, locked until the transaction ends (MySQL
 * `SELECT … FOR UPDATE`; SQLite already runs one writing transaction at a time). Conditional
 * updates and increments read their rows through it, so a row never changes between their check
 * and their write.
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { accessClause } from './access-sql';
import type { Where } from '../condition';
import { whereClause } from './access-sql';
import { asId, type OpContext } from './op-context';
import { planFor } from './plan';

/** An id or a condition, as the primitives take it. */
export type Target = number | Where;

export function targetCondition(target: Target): Where {
  return typeof target === 'number' ? { field: 'id', eq: asId(target) } : target;
}

/** Every stored column (hidden ones too) of the live rows matching `target` that the caller may update, locked. */
export async function lockedRows(c: OpContext, e: Entity, target: Target): Promise<Row[]> {
  const { db } = c;
  const plan = planFor(e);
  const where = whereClause(c.model, e, targetCondition(target));
  const scope = await accessClause(c.model, e, c.user, 'update', c);
  // A row this transaction locked by id before, unchanged by it since (op-context.ts LockedRows).
  const byId = typeof target === 'number' && !scope && c.locked ? c.locked : null;
  const held = byId?.get(e, target as number);
  if (held) return [held];
  const lock = db.dialect === 'mysql' ? ' FOR UPDATE' : '';
  const rows = await db.query(
    `SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${where.sql}${plan.liveClause}${scope ? ` AND ${scope.sql}` : ''} ORDER BY ${db.q('id')}${lock}`,
    [...where.params, ...(scope?.params ?? [])],
  );
  if (byId && rows.length === 1) byId.put(e, target as number, rows[0]);
  return rows;
}

/** The locking read as a module sees it: the readable fields of the locked rows, decoded. */
export async function lock(c: OpContext, e: Entity, target: Target): Promise<Row[]> {
  const plan = planFor(e);
  const readable = e.readable.filter((f) => !f.virtual);
  return (await lockedRows(c, e, target)).map((r) => plan.codec.decode(Object.fromEntries(readable.map((f) => [f.name, r[f.name]]))));
}
