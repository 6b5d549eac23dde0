/**
 * The delete operation: the delete rule, the beforeDelete hook, the soft or hard delete and the
 * recycle record, all or nothing.
 */
import type { Entity } from '../entity/model';
import { AppError, fail } from '../errors';
import { accessClause } from './access-sql';
import { planFor } from './plan';
import { nowStored } from './values';
import { writeRecycleRecord } from './recycle';
import { andClause, hookCtx, isObject, parseIds, type OpContext, type OpMeta } from './op-context';

export async function remove(c: OpContext, e: Entity, body: unknown, meta: OpMeta = {}): Promise<{ count: number }> {
  const { user, db: tx } = c;
  if (!isObject(body)) throw fail.bad('body_not_object');
  const ids = parseIds(body.ids);
  const plan = planFor(e);
  const recycle = c.model.entities.find((x) => x.system === 'recycle');
  const scope = await accessClause(c.model, e, user, 'delete', c);
  const marks = ids.map(() => '?').join(', ');
  const raw = await tx.query(`SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${tx.q('id')} IN (${marks})${plan.liveClause}${andClause(scope)}`, [
    ...ids,
    ...(scope?.params ?? []),
  ]);
  // All or nothing: one id the caller cannot delete refuses the whole request.
  const found = raw.map((r) => Number(r.id));
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length) throw new AppError('not_found', 'records_not_found', { ids: missing.join(', ') }, { missing });
  await e.hooks.beforeDelete?.({ ...hookCtx(c, 'delete'), ids: found });
  // Conditional: a concurrent delete of the same rows makes this one change fewer rows, and then
  // it rolls back, so a row is counted and recorded in the recycle bin once.
  const gone = e.softDelete
    ? await tx.run(`UPDATE ${plan.table} SET ${tx.q(e.softDelete)} = 1, ${tx.q('updateTime')} = ? WHERE ${tx.q('id')} IN (${marks})${plan.liveClause}`, [
        nowStored(),
        ...ids,
      ])
    : await tx.run(`DELETE FROM ${plan.table} WHERE ${tx.q('id')} IN (${marks})`, ids);
  if (gone.affected !== ids.length) throw fail.notFound('record_not_found');
  c.wrote(
    e,
    raw.map((r) => ({ id: Number(r.id), before: r })),
  );
  if (recycle && recycle !== e) {
    await writeRecycleRecord(c, recycle, e, raw, user, { url: meta.url, ids });
    c.wrote(recycle);
  }
  return { count: found.length };
}
