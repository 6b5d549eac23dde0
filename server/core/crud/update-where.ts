/**
 * The conditional update: changes the live rows that match a condition (narrowed by the caller's
 * update rule), and refuses with 409, writing nothing, unless exactly the expected number match.
 * A state machine's step is one: `updateWhere(order, and(eq('id', id), eq('status', PENDING)),
 * { status: PAID }, { expect: 1 })` applies once however often it is called.
 * Each row goes through the update hooks and the create rule, as the update operation does.
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { fail } from '../http/errors';
import { assertMayCreate, bypasses, dropAdminOnly } from './access-sql';
import { assertDepartmentInScope } from './scope';
import { assertValid, check } from './validate';
import { nowStored } from './values';
import { lockedRows, type Target } from './lock';
import { hookCtx, isObject, toColumns, unique, type OpContext } from './op-context';
import { planFor } from './plan';
import { WRITE } from './write.messages';

export interface UpdateWhereOptions {
  /** How many rows must match; otherwise 409 and nothing is written. */
  expect?: number;
  /** The module checked the entity's admin-only fields itself. */
  trusted?: boolean;
}

/**
 * Checks changes a module makes: fields clients may write are validated as update validates them;
 * fields declared readOnly (a status, a balance) may be set too, since the module, not the client,
 * chose the value. id, times, the owner and the delete flag are never set this way.
 */
export function checkChanges(c: OpContext, e: Entity, changes: Row, trusted = false): Row {
  if (!isObject(changes) || !Object.keys(changes).length) throw new Error(`${e.key}: a write primitive needs changes`);
  const data: Row = { ...changes };
  for (const k of Object.keys(data)) {
    const f = e.byName.get(k);
    if (!f || f.system || k === e.owner || k === e.softDelete || (f.readOnly && f.virtual)) {
      throw new Error(`${e.key}: '${k}' cannot be changed by a write primitive`);
    }
  }
  if (!trusted) dropAdminOnly(e, c.user, data);
  // The update schema also asks for the id, which the target names here instead.
  const open = Object.fromEntries([['id', 1], ...Object.entries(data).filter(([k]) => !e.byName.get(k)!.readOnly)]);
  assertValid(check(e, open, 'update'));
  assertDepartmentInScope(e, c.user, data);
  return data;
}

/**
 * Writes checked changes to one locked stored row, with the create rule and the update hooks;
 * `touch: false` leaves updateTime as it was (a counter of visits is no edit of the record).
 */
export async function writeChanges(c: OpContext, e: Entity, row: Row, changes: Row, touch = true): Promise<void> {
  const { db: tx, user } = c;
  const id = Number(row.id);
  const data = { ...changes };
  if (!bypasses(user)) await assertMayCreate(c.model, tx, e, user, { ...row, ...data });
  await e.hooks.beforeChange?.({ ...hookCtx(c, 'update'), data, id });
  const { cols, virtual } = await toColumns(e, data);
  if (touch) cols.updateTime = nowStored();
  const names = Object.keys(cols);
  await tx
    .run(`UPDATE ${planFor(e).table} SET ${names.map((n) => `${tx.q(n)} = ?`).join(', ')} WHERE ${tx.q('id')} = ?`, [...Object.values(cols), id])
    .catch((err: unknown) => unique(e, err));
  await e.hooks.afterChange?.({ ...hookCtx(c, 'update'), id, data: { ...data, ...virtual } });
  c.wrote(e, [{ id, before: row }]);
  if (Object.keys(virtual).length) c.wrote(e);
}

export async function updateWhere(c: OpContext, e: Entity, target: Target, changes: Row, opts: UpdateWhereOptions = {}): Promise<number> {
  const data = checkChanges(c, e, changes, opts.trusted);
  const rows = await lockedRows(c, e, target);
  if (opts.expect !== undefined && rows.length !== opts.expect) throw fail.conflict(WRITE.write_conflict);
  for (const row of rows) await writeChanges(c, e, row, data);
  return rows.length;
}
