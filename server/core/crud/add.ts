/** The add operation: validation, admin-only fields, the create rule, owner field, hooks and the insert. */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { fail } from '../errors';
import { assertDepartmentInScope } from './scope';
import { assertMayCreate, dropAdminOnly } from './access-sql';
import { assertValid, check, dropIgnored, type RawFieldError } from './validate';
import { MAX_BATCH, hookCtx, isObject, toColumns, unique, type OpContext, type OpMeta } from './op-context';
import { nowStored, toStored } from './values';
import { planFor } from './plan';

/** Checks an add payload (an object or an array of them) into clean rows; 1002 lists every problem. */
export function checkAdd(c: OpContext, e: Entity, body: unknown, meta: OpMeta): { batch: boolean; rows: Row[] } {
  const batch = Array.isArray(body);
  const items = batch ? (body as unknown[]) : [body];
  if (!batch && !isObject(body)) throw fail.bad('body_not_object_or_array');
  if (items.length === 0) throw fail.bad('body_not_object_or_array');
  if (items.length > MAX_BATCH) throw fail.bad('batch_too_large', { max: MAX_BATCH });
  const errors: RawFieldError[] = [];
  const rows = items.map((item, i) => {
    const prefix = batch ? `[${i}]` : '';
    if (!isObject(item)) {
      errors.push({ field: prefix || '(body)', rule: 'type', params: { type: 'object' } });
      return {};
    }
    const d = dropIgnored(e, item, 'add');
    if (!meta.trusted) dropAdminOnly(e, c.user, d);
    errors.push(...check(e, d, 'add', prefix));
    if (e.owner && meta.owner !== undefined && c.user?.system) d[e.owner] = meta.owner;
    return d;
  });
  assertValid(errors);
  for (const d of rows) assertDepartmentInScope(e, c.user, d);
  return { batch, rows };
}

/**
 * Inserts one checked row in the context's transaction, with the create rule and the hooks. A
 * unique-key violation is a 409, or with `rawUnique` the driver's UniqueViolation itself.
 */
export async function insertRow(c: OpContext, e: Entity, data: Row, rawUnique = false, meta: Pick<OpMeta, 'numbered' | 'known'> = {}): Promise<number> {
  const { user, db: tx } = c;
  const { numbered } = meta;
  const ownerId = e.owner && user && !user.system ? user.id : undefined;
  await assertMayCreate(c.model, tx, e, user, ownerId === undefined ? data : { ...data, [e.owner!]: ownerId }, meta.known);
  await e.hooks.beforeChange?.({ ...hookCtx(c, 'add'), data });
  const { cols, virtual } = await toColumns(e, data, c.sealer);
  if (ownerId !== undefined) cols[e.owner!] = ownerId;
  const now = nowStored();
  cols.createTime = now;
  cols.updateTime = now;
  c.writing(e);
  if (numbered) {
    const f = e.byName.get(numbered.field);
    if (!f || f.virtual) throw new Error(`${e.key} has no stored field '${numbered.field}' to number`);
    const n = await numbered.take();
    cols[numbered.field] = toStored(f, n);
    data[numbered.field] = n;
  }
  const names = Object.keys(cols);
  const sql = `INSERT INTO ${tx.q(e.table)} (${names.map((n) => tx.q(n)).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
  const failed = (err: unknown): never => (rawUnique ? Promise.reject(err) : unique(e, err)) as never;
  let id: number;
  if (tx.returning) {
    // The row comes back with the INSERT, so the commit's read-back of written rows skips it.
    const [after] = await tx.query(`${sql} RETURNING ${planFor(e).selectAll}`, Object.values(cols)).catch(failed);
    id = Number(after.id);
    c.wrote(e, [{ id, before: null, after }]);
  } else {
    id = Number((await tx.run(sql, Object.values(cols)).catch(failed)).insertId);
    c.wrote(e, [{ id, before: null }]);
  }
  await e.hooks.afterChange?.({ ...hookCtx(c, 'add'), id, data: { ...data, ...virtual } });
  if (Object.keys(virtual).length) c.wrote(e);
  return id;
}

export async function add(c: OpContext, e: Entity, body: unknown, meta: OpMeta = {}): Promise<{ id: number } | { ids: number[] }> {
  const { batch, rows } = checkAdd(c, e, body, meta);
  const ids: number[] = [];
  if (meta.numbered && (batch || rows.length !== 1)) throw new Error('a numbered field is for one row at a time');
  for (const data of rows) ids.push(await insertRow(c, e, data, false, meta));
  return batch ? { ids } : { id: ids[0] };
}
