/**
 * The conditional update: changes the live rows that match a condition (narrowed by the caller's
 * update rule), and refuses with 409, writing nothing, unless exactly the expected number match.
 * A state machine's step is one: `updateWhere(order, and(eq('id', id), eq('status', PENDING)),
 * { status: PAID }, { expect: 1 })` applies once however often it is called.
 * Each row goes through the update hooks and the create rule, as the update operation does.
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { fail } from '../errors';
import { assertMayCreate, bypasses, dropAdminOnly } from './access-sql';
import { assertDepartmentInScope } from './scope';
import { assertValid, check } from './validate';
import { NOT_AS_READ, nowStored, storedAsRead } from './values';
import type { Db } from '../db/db';
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
  // Only readOnly values (the scheduler's next run at start-up): nothing to check, no validator to compile.
  if (Object.keys(open).length > 1) assertValid(check(e, open, 'update'));
  assertDepartmentInScope(e, c.user, data);
  return data;
}

/**
 * Writes checked changes to one locked stored row, with the create rule and the update hooks;
 * `touch: false` leaves updateTime as it was (a counter of visits is no edit of the record).
 *
 * The row as the write leaves it is the locked row with the written columns over it, each as a read
 * would answer it (values.ts storedAsRead): handed to the transaction's record of writes, so the
 * commit need not read the row back. Exact, since the row is locked (nobody else changes it before
 * the commit) and was read all columns. Not when a hook of the entity wrote anything (it may have
 * changed the row itself: a new password moves the user's passwordV), when virtual values went to
 * hooks, or when a value's stored form is not surely its read form: then the row is read back.
 */
export async function writeChanges(c: OpContext, e: Entity, row: Row, changes: Row, touch = true): Promise<void> {
  const { db: tx, user } = c;
  const id = Number(row.id);
  const data = { ...changes };
  const ctx = hookCtx(c, 'update');
  if (!bypasses(user)) await assertMayCreate(c.model, tx, e, user, { ...row, ...data });
  const writes = c.writes();
  await e.hooks.beforeChange?.({ ...ctx, data, id });
  const { cols, virtual } = await toColumns(e, data, c.sealer);
  if (touch) cols.updateTime = nowStored();
  const names = Object.keys(cols);
  await tx
    .run(`UPDATE ${planFor(e).table} SET ${names.map((n) => `${tx.q(n)} = ?`).join(', ')} WHERE ${tx.q('id')} = ?`, [...Object.values(cols), id])
    .catch((err: unknown) => unique(e, err));
  // Noted before afterChange, so a write of its hook to this row keeps the row's real before image.
  c.wrote(e, [{ id, before: row }]);
  const hooked = c.writes();
  await e.hooks.afterChange?.({ ...ctx, id, data: { ...data, ...virtual } });
  // A hook that wrote (through its `t`) may have changed the row itself: then it is read back at the
  // commit (noted again without an image, which drops any its own writes left).
  const hookWrote = hooked - writes > 1 || c.writes() !== hooked;
  const after = hookWrote || Object.keys(virtual).length ? null : rowAsWritten(tx.dialect, e, row, cols);
  c.wrote(e, [after ? { id, before: row, after } : { id, before: row }]);
  if (Object.keys(virtual).length) c.wrote(e);
}

/** `row` with `cols` written over it, as a read answers it; null when a column's read form is not sure. */
function rowAsWritten(dialect: Db['dialect'], e: Entity, row: Row, cols: Row): Row | null {
  const after: Row = { ...row };
  for (const [name, v] of Object.entries(cols)) {
    const f = e.byName.get(name);
    const read = f ? storedAsRead(dialect, f, v) : NOT_AS_READ;
    if (read === NOT_AS_READ) return null;
    after[name] = read;
  }
  return after;
}

export async function updateWhere(c: OpContext, e: Entity, target: Target, changes: Row, opts: UpdateWhereOptions = {}): Promise<number> {
  const data = checkChanges(c, e, changes, opts.trusted);
  const rows = await lockedRows(c, e, target);
  if (opts.expect !== undefined && rows.length !== opts.expect) throw fail.conflict(WRITE.write_conflict);
  for (const row of rows) await writeChanges(c, e, row, data);
  return rows.length;
}
