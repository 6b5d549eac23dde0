/** The read operations info, list and page: the read rule, hooks, and what the caller may see and search by. */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { fail } from '../errors';
import { parseQuery } from './query';
import { pageRows } from './page-rows';
import { scopeKey } from './scope';
import { accessClause } from './access-sql';
import { shownFields, trimForCaller } from './shown';
import { planFor } from './plan';
import { InFlight } from './in-flight';
import { asId, hookCtx, isObject, type OpContext } from './op-context';

export { DEFERRED_JOIN_OFFSET } from './page-rows';

const deepReads = new InFlight<Row[]>();

export async function info(c: OpContext, e: Entity, idValue: unknown): Promise<Row> {
  const { user, db } = c;
  const id = asId(idValue);
  const plan = planFor(e);
  const scope = await accessClause(c.model, e, user, 'read', c);
  const [row] = scope ? await db.query(`${plan.infoSql} AND ${scope.sql}`, [id, ...scope.params]) : await db.query(plan.infoSql, [id]);
  if (!row) throw fail.notFound('record_not_found');
  plan.codec.decode(row);
  await e.hooks.afterRead?.({ ...hookCtx(c, 'info'), rows: [row], single: true });
  trimForCaller(e, user, [row]);
  return row;
}

export async function list(c: OpContext, e: Entity, body: unknown): Promise<Row[]> {
  const { user, db } = c;
  const b = body === undefined || body === null ? {} : body;
  if (!isObject(b)) throw fail.bad('body_not_object');
  const plan = planFor(e);
  await e.hooks.beforeRead?.({ ...hookCtx(c, 'list'), query: b });
  const pq = parseQuery(e, b, 'list', db.q, await accessClause(c.model, e, user, 'read', c), shownFields(e, user, b));
  const rows = await db.query(`SELECT ${plan.select} FROM ${plan.table}${pq.where} ORDER BY ${pq.orderBy} LIMIT ?`, [...pq.params, pq.size]);
  for (const r of rows) plan.codec.decode(r);
  await e.hooks.afterRead?.({ ...hookCtx(c, 'list'), rows, single: false });
  trimForCaller(e, user, rows);
  return rows;
}

export async function page(
  c: OpContext,
  e: Entity,
  body: unknown,
): Promise<{ list: Row[]; pagination: { page: number; size: number; total: number; approximate?: true } }> {
  const { user, db } = c;
  const b = body === undefined || body === null ? {} : body;
  if (!isObject(b)) throw fail.bad('body_not_object');
  const plan = planFor(e);
  await e.hooks.beforeRead?.({ ...hookCtx(c, 'page'), query: b });
  const pq = parseQuery(e, b, 'page', db.q, await accessClause(c.model, e, user, 'read', c), shownFields(e, user, b));
  const q = db.q;
  const rowsQuery = await pageRows(e, pq, plan, q, c.boundaries, scopeKey(user));
  const readRows = async () => {
    const key = rowsQuery.shareKey;
    if (!key) return db.query(rowsQuery.sql, rowsQuery.params);
    // Each caller decodes and trims its own copies.
    return (await deepReads.share(key, () => db.query(rowsQuery.sql, rowsQuery.params))).map((r) => ({ ...r }));
  };
  const [rows, total] = await Promise.all([
    readRows(),
    c.totals.answer(
      e,
      pq,
      scopeKey(user),
      async () => {
        const [{ total: n }] = await db.query<{ total: number }>(`SELECT COUNT(*) AS ${q('total')} FROM ${plan.table}${pq.where}`, pq.params);
        return Number(n);
      },
      c.inTransaction,
    ),
  ]);
  await rowsQuery.served(rows);
  for (const r of rows) plan.codec.decode(r);
  await e.hooks.afterRead?.({ ...hookCtx(c, 'page'), rows, single: false });
  trimForCaller(e, user, rows);
  const pagination = { page: pq.page, size: pq.size, total: total.total };
  return { list: rows, pagination: total.approximate ? { ...pagination, approximate: true } : pagination };
}
