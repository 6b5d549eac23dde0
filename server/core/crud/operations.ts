/**
 * The operation layer of the generic actions: validation, hooks, owner fields, recycle records and
 * the transaction. HTTP handlers and hand-written calls both go through it, so hooks always run.
 */
import type { AuthUser, HookContext, Row } from '../entity/define';
import type { Entity, Model } from '../entity/model';
import { UniqueViolation, type Db } from '../db/db';
import { AppError, fail } from '../http/errors';
import { hashPassword } from '../auth/password';
import { orderSql, parseQuery } from './query';
import type { Totals } from './totals';
import { assertDepartmentInScope, scopeKey } from './scope';
import { accessClause, assertMayCreate, bypasses, dropAdminOnly, trimForAnonymous } from './access-sql';
import { planFor } from './plan';
import { assertValid, check, dropIgnored, type RawFieldError } from './validate';
import { nowStored, toStored } from './values';
import { restoreRecords } from './restore';
import { writeRecycleRecord } from './recycle';

export const MAX_BATCH = 1000;
/** From this offset on, page uses a deferred join. */
export const DEFERRED_JOIN_OFFSET = 500;
const MAX_DELETE = 1000;

export interface WriteEvents {
  /** Called after a write to an entity has committed (drops caches that depend on it). */
  afterWrite(e: Entity): Promise<void>;
}

export interface OpMeta {
  /** The request path, kept in recycle records. */
  url?: string;
  /** The calling module checked the entity's admin-only fields itself (e.g. an upload's url and key). */
  trusted?: boolean;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asId(v: unknown): number {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw fail.bad('bad_id');
  return n;
}

export function parseIds(v: unknown): number[] {
  const list = typeof v === 'string' ? v.split(',').map((s) => s.trim()) : typeof v === 'number' ? [v] : v;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_DELETE) throw fail.bad('bad_ids');
  try {
    return [...new Set(list.map(asId))];
  } catch {
    throw fail.bad('bad_ids');
  }
}

function unique(e: Entity, err: unknown): never {
  if (err instanceof UniqueViolation) {
    if (err.field === 'id') throw fail.conflict('duplicate', { field: 'id' });
    const f = e.byName.get(err.field);
    throw fail.conflict('duplicate', { field: f ? f.label.en : err.field });
  }
  throw err;
}

export class Operations {
  constructor(
    readonly model: Model,
    readonly db: Db,
    private readonly events: WriteEvents,
    private readonly totals: Totals,
  ) {}

  private hookCtx(tx: Db, user: AuthUser | null, action: HookContext['action']): HookContext {
    return { db: tx, user, action };
  }

  /** Splits a validated payload into stored column values and virtual values. */
  private async toColumns(e: Entity, data: Row): Promise<{ cols: Row; virtual: Row }> {
    const cols: Row = {};
    const virtual: Row = {};
    for (const [k, v] of Object.entries(data)) {
      const f = e.byName.get(k)!;
      if (f.virtual) virtual[k] = v;
      else if (f.transform === 'password') {
        if (typeof v === 'string' && v !== '') cols[k] = await hashPassword(v);
      } else cols[k] = toStored(f, v);
    }
    return { cols, virtual };
  }

  async add(e: Entity, body: unknown, user: AuthUser | null, meta: OpMeta = {}): Promise<{ id: number } | { ids: number[] }> {
    const batch = Array.isArray(body);
    const items = batch ? (body as unknown[]) : [body];
    if (!batch && !isObject(body)) throw fail.bad('body_not_object_or_array');
    if (items.length === 0) throw fail.bad('body_not_object_or_array');
    if (items.length > MAX_BATCH) throw fail.bad('batch_too_large', { max: MAX_BATCH });
    const errors: RawFieldError[] = [];
    const clean = items.map((item, i) => {
      const prefix = batch ? `[${i}]` : '';
      if (!isObject(item)) {
        errors.push({ field: prefix || '(body)', rule: 'type', params: { type: 'object' } });
        return {};
      }
      const d = dropIgnored(e, item, 'add');
      if (!meta.trusted) dropAdminOnly(e, user, d);
      errors.push(...check(e, d, 'add', prefix));
      return d;
    });
    assertValid(errors);
    for (const d of clean) assertDepartmentInScope(e, user, d);
    const ids = await this.db.transaction(async (tx) => {
      const out: number[] = [];
      for (const data of clean) {
        const ownerId = e.owner && user && !user.system ? user.id : undefined;
        await assertMayCreate(this.model, tx, e, user, ownerId === undefined ? data : { ...data, [e.owner!]: ownerId });
        await e.hooks.beforeChange?.({ ...this.hookCtx(tx, user, 'add'), data });
        const { cols, virtual } = await this.toColumns(e, data);
        if (ownerId !== undefined) cols[e.owner!] = ownerId;
        const now = nowStored();
        cols.createTime = now;
        cols.updateTime = now;
        const names = Object.keys(cols);
        const sql = `INSERT INTO ${tx.q(e.table)} (${names.map((n) => tx.q(n)).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
        const r = await tx.run(sql, Object.values(cols)).catch((err: unknown) => unique(e, err));
        const id = Number(r.insertId);
        await e.hooks.afterChange?.({ ...this.hookCtx(tx, user, 'add'), id, data: { ...data, ...virtual } });
        out.push(id);
      }
      return out;
    });
    await this.events.afterWrite(e);
    return batch ? { ids } : { id: ids[0] };
  }

  async update(e: Entity, body: unknown, user: AuthUser | null, meta: OpMeta = {}): Promise<null> {
    if (!isObject(body)) throw fail.bad('body_not_object');
    const data = dropIgnored(e, body, 'update');
    if (!meta.trusted) dropAdminOnly(e, user, data);
    assertValid(check(e, data, 'update'));
    const id = asId(data.id);
    delete data.id;
    assertDepartmentInScope(e, user, data);
    const plan = planFor(e);
    const scope = accessClause(this.model, e, user, 'write');
    await this.db.transaction(async (tx) => {
      const found = await tx.query(
        `SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${tx.q('id')} = ?${plan.liveClause}${scope ? ` AND ${scope.sql}` : ''}`,
        [id, ...(scope?.params ?? [])],
      );
      if (!found.length) throw fail.notFound('record_not_found');
      // The changed row must still be one the caller may create (no moving a row out of reach).
      if (!bypasses(user)) await assertMayCreate(this.model, tx, e, user, { ...found[0], ...data });
      await e.hooks.beforeChange?.({ ...this.hookCtx(tx, user, 'update'), data, id });
      const { cols, virtual } = await this.toColumns(e, data);
      cols.updateTime = nowStored();
      const names = Object.keys(cols);
      await tx
        .run(`UPDATE ${plan.table} SET ${names.map((n) => `${tx.q(n)} = ?`).join(', ')} WHERE ${tx.q('id')} = ?`, [...Object.values(cols), id])
        .catch((err: unknown) => unique(e, err));
      await e.hooks.afterChange?.({ ...this.hookCtx(tx, user, 'update'), id, data: { ...data, ...virtual } });
    });
    await this.events.afterWrite(e);
    return null;
  }

  async delete(e: Entity, body: unknown, user: AuthUser | null, meta: OpMeta = {}): Promise<{ count: number }> {
    if (!isObject(body)) throw fail.bad('body_not_object');
    const ids = parseIds(body.ids);
    const plan = planFor(e);
    const recycle = this.model.byKey.get('recycle/data');
    const scope = accessClause(this.model, e, user, 'write');
    const count = await this.db.transaction(async (tx) => {
      const marks = ids.map(() => '?').join(', ');
      const raw = await tx.query(
        `SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${tx.q('id')} IN (${marks})${plan.liveClause}${scope ? ` AND ${scope.sql}` : ''}`,
        [...ids, ...(scope?.params ?? [])],
      );
      // All or nothing: one id the caller cannot delete refuses the whole request.
      const found = raw.map((r) => Number(r.id));
      const missing = ids.filter((id) => !found.includes(id));
      if (missing.length) throw new AppError('not_found', 'records_not_found', { ids: missing.join(', ') }, { missing });
      await e.hooks.beforeDelete?.({ ...this.hookCtx(tx, user, 'delete'), ids: found });
      // Conditional: a concurrent delete of the same rows makes this one change fewer rows, and then
      // it rolls back, so a row is counted and recorded in the recycle bin once.
      const gone = e.softDelete
        ? await tx.run(
          `UPDATE ${plan.table} SET ${tx.q(e.softDelete)} = 1, ${tx.q('updateTime')} = ? WHERE ${tx.q('id')} IN (${marks})${plan.liveClause}`,
          [nowStored(), ...ids],
        )
        : await tx.run(`DELETE FROM ${plan.table} WHERE ${tx.q('id')} IN (${marks})`, ids);
      if (gone.affected !== ids.length) throw fail.notFound('record_not_found');
      if (recycle && recycle !== e) await writeRecycleRecord(tx, recycle, e, raw, user, { url: meta.url, ids });
      return found.length;
    });
    await this.events.afterWrite(e);
    if (recycle && recycle !== e) await this.events.afterWrite(recycle);
    return { count };
  }

  async info(e: Entity, idValue: unknown, user: AuthUser | null): Promise<Row> {
    const id = asId(idValue);
    const plan = planFor(e);
    const scope = accessClause(this.model, e, user, 'read');
    const [row] = scope
      ? await this.db.query(`${plan.infoSql} AND ${scope.sql}`, [id, ...scope.params])
      : await this.db.query(plan.infoSql, [id]);
    if (!row) throw fail.notFound('record_not_found');
    plan.codec.decode(row);
    await e.hooks.afterRead?.({ ...this.hookCtx(this.db, user, 'info'), rows: [row], single: true });
    trimForAnonymous(e, user, [row]);
    return row;
  }

  async list(e: Entity, body: unknown, user: AuthUser | null): Promise<Row[]> {
    const b = body === undefined || body === null ? {} : body;
    if (!isObject(b)) throw fail.bad('body_not_object');
    const plan = planFor(e);
    await e.hooks.beforeRead?.({ ...this.hookCtx(this.db, user, 'list'), query: b });
    const pq = parseQuery(e, b, 'list', this.db.q, accessClause(this.model, e, user, 'read'));
    const rows = await this.db.query(`SELECT ${plan.select} FROM ${plan.table}${pq.where} ORDER BY ${pq.orderBy} LIMIT ?`, [...pq.params, pq.size]);
    for (const r of rows) plan.codec.decode(r);
    await e.hooks.afterRead?.({ ...this.hookCtx(this.db, user, 'list'), rows, single: false });
    trimForAnonymous(e, user, rows);
    return rows;
  }

  async page(e: Entity, body: unknown, user: AuthUser | null): Promise<{ list: Row[]; pagination: { page: number; size: number; total: number } }> {
    const b = body === undefined || body === null ? {} : body;
    if (!isObject(b)) throw fail.bad('body_not_object');
    const plan = planFor(e);
    await e.hooks.beforeRead?.({ ...this.hookCtx(this.db, user, 'page'), query: b });
    const pq = parseQuery(e, b, 'page', this.db.q, accessClause(this.model, e, user, 'read'));
    const offset = (pq.page - 1) * pq.size;
    const q = this.db.q;
    // Deep pages fetch ids first over the index, then only the rows of the page (a deferred join).
    const rowsSql = offset < DEFERRED_JOIN_OFFSET
      ? `SELECT ${plan.select} FROM ${plan.table}${pq.where} ORDER BY ${pq.orderBy} LIMIT ? OFFSET ?`
      : `SELECT ${plan.selectAliased} FROM ${plan.table} t JOIN (SELECT ${q('id')} FROM ${plan.table}${pq.where} ORDER BY ${pq.orderBy} LIMIT ? OFFSET ?) k ON t.${q('id')} = k.${q('id')} ORDER BY ${orderSql(pq.order, q, 't')}`;
    const [rows, total] = await Promise.all([
      this.db.query(rowsSql, [...pq.params, pq.size, offset]),
      this.totals.total(e, pq, scopeKey(user), async () => {
        const [{ total: n }] = await this.db.query<{ total: number }>(`SELECT COUNT(*) AS ${q('total')} FROM ${plan.table}${pq.where}`, pq.params);
        return Number(n);
      }),
    ]);
    for (const r of rows) plan.codec.decode(r);
    await e.hooks.afterRead?.({ ...this.hookCtx(this.db, user, 'page'), rows, single: false });
    trimForAnonymous(e, user, rows);
    return { list: rows, pagination: { page: pq.page, size: pq.size, total } };
  }

  /**
   * Tells the caches that a hand-written transaction (`core.db.transaction`) wrote to `e`, as every
   * operation does after its own write: page totals and, for access entities, cached permissions drop.
   */
  async written(e: Entity): Promise<void> {
    await this.events.afterWrite(e);
  }

  /** Brings back what recycle records hold, then removes the records. */
  async restore(body: unknown, user: AuthUser | null): Promise<{ count: number }> {
    if (!isObject(body)) throw fail.bad('body_not_object');
    const ids = parseIds(body.ids);
    const touched = await restoreRecords(this.model, this.db, ids, user);
    for (const e of touched) await this.events.afterWrite(e);
    return { count: ids.length };
  }
}

export { AppError };
