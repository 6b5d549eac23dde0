/**
 * The bulk purge: removes every row matching a condition (narrowed by the caller's delete rule) in
 * one statement, keeping no recycle record. For clean-ups of rows nobody restores (old request
 * log rows, emptied recycle records). Entities with a beforeDelete hook refuse it: their deletes
 * must see each id, so they go through the delete operation.
 */
import type { Entity } from '../entity/model';
import type { Db } from '../db/db';
import { accessClause } from './access-sql';
import type { Where } from '../condition';
import { whereClause } from './access-sql';
import type { OpContext } from './op-context';
import { planFor } from './plan';

/** Deletes the matching rows (every row when `where` is left out); returns how many went. */
export async function purge(c: OpContext, e: Entity, where?: Where): Promise<number> {
  if (e.hooks.beforeDelete) throw new Error(`${e.key}: has a beforeDelete hook, so it is deleted through the delete operation`);
  const { db } = c;
  const w = where ? whereClause(c.model, e, where) : null;
  const scope = await accessClause(c.model, e, c.user, 'delete', c);
  const parts = [w, scope].filter((x): x is NonNullable<typeof x> => x !== null);
  const sql = `DELETE FROM ${planFor(e).table}${parts.length ? ` WHERE ${parts.map((p) => p.sql).join(' AND ')}` : ''}`;
  const r = await db.run(
    sql,
    parts.flatMap((p) => p.params),
  );
  if (r.affected > 0) c.wrote(e);
  // The unfiltered total of an `estimated` entity comes from the statistics, which a purge of every row makes stale.
  if (!where && e.total === 'estimated') c.afterCommit((root) => refreshStatistics(root, e));
  return r.affected;
}

/** Brings the table statistics up to date (the unfiltered total of an `estimated` entity reads them). */
export async function refreshStatistics(db: Db, e: Entity): Promise<void> {
  await db.run(db.dialect === 'mysql' ? `ANALYZE TABLE ${db.q(e.table)}` : `ANALYZE ${db.q(e.table)}`);
}
