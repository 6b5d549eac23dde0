/** The update operation: validation, admin-only fields, the update rule, the create rule on the changed row, hooks. */
import type { Entity } from '../entity/model';
import { fail } from '../errors';
import { assertDepartmentInScope } from './scope';
import { accessClause, assertMayCreate, bypasses, dropAdminOnly } from './access-sql';
import { planFor } from './plan';
import { assertValid, check, dropIgnored } from './validate';
import { nowStored } from './values';
import { andClause, asId, hookCtx, isObject, toColumns, unique, type OpContext, type OpMeta } from './op-context';

export async function update(c: OpContext, e: Entity, body: unknown, meta: OpMeta = {}): Promise<null> {
  const { user, db: tx } = c;
  if (!isObject(body)) throw fail.bad('body_not_object');
  const data = dropIgnored(e, body, 'update');
  if (!meta.trusted) dropAdminOnly(e, user, data);
  assertValid(check(e, data, 'update'));
  const id = asId(data.id);
  delete data.id;
  assertDepartmentInScope(e, user, data);
  const plan = planFor(e);
  const scope = await accessClause(c.model, e, user, 'update', { db: c.db, data });
  const found = await tx.query(`SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${tx.q('id')} = ?${plan.liveClause}${andClause(scope)}`, [
    id,
    ...(scope?.params ?? []),
  ]);
  if (!found.length) throw fail.notFound('record_not_found');
  // The changed row must still be one the caller may create (no moving a row out of reach).
  if (!bypasses(user)) await assertMayCreate(c.model, tx, e, user, { ...found[0], ...data });
  await e.hooks.beforeChange?.({ ...hookCtx(c, 'update'), data, id });
  const { cols, virtual } = await toColumns(e, data, c.sealer);
  cols.updateTime = nowStored();
  const names = Object.keys(cols);
  await tx
    .run(`UPDATE ${plan.table} SET ${names.map((n) => `${tx.q(n)} = ?`).join(', ')} WHERE ${tx.q('id')} = ?`, [...Object.values(cols), id])
    .catch((err: unknown) => unique(e, err));
  // Noted before afterChange, so a write of its hook to this row keeps the row's real before image.
  c.wrote(e, [{ id, before: found[0] }]);
  await e.hooks.afterChange?.({ ...hookCtx(c, 'update'), id, data: { ...data, ...virtual } });
  if (Object.keys(virtual).length) c.wrote(e);
  return null;
}
