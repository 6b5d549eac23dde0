/**
 * The store's reads of goods that the generic query cannot express: the public listing (on shelf,
 * shown in the showcase, not removed) with its keyword, type-tree and search-keyword filters, a
 * seller's pinned and removed goods, and the recycle record a removal left. Never called inside a
 * transaction (there, reads go through the operations).
 *
 * Rows leave here decoded and with the derived typeName and userName (the entity's afterRead);
 * public rows hold only the fields the entity shows everyone (`access.visible`), never contactInfo.
 */
import { SYSTEM, entity, eq, likePattern, rowCodec } from '../../../../core/api';
import type { Core, AuthUser, Row, EntityField as Field, EntityRow, TypedEntity } from '../../../../core/api';

/** A goods row: every stored readable field, decoded. */
export type GoodsInfo = EntityRow<'goods/info'>;

/** The goods/info entity. */
export const goodsEntity = (core: Core): TypedEntity<'goods/info'> => entity(core.model, 'goods/info');

/** Columns `alias.x` for `fields`. */
function columns(core: Core, fields: Field[], alias: string): string {
  return fields.map((f) => `${alias}.${core.db.q(f.name)}`).join(', ');
}

/** The stored fields everyone may see of a listing (the entity's visible fields). */
export function publicFields(core: Core): Field[] {
  const e = goodsEntity(core);
  const shown = new Set(e.access.visible.anonymous);
  return e.readable.filter((f) => !f.virtual && shown.has(f.name));
}

/** Every stored readable field: what the seller and the administrator see of their goods. */
function ownerFields(core: Core): Field[] {
  return goodsEntity(core).readable.filter((f) => !f.virtual);
}

/** `alias` is on sale: on shelf, shown in the showcase, not removed. */
export function listedSql(core: Core, alias = 'g'): string {
  const q = core.db.q.bind(core.db);
  // A disabled seller sells nothing new (what was bought stays the buyers').
  const users = q(core.model.system('users').table);
  const sellerDisabled = `SELECT 1 FROM ${users} s WHERE s.${q('id')} = ${alias}.${q('userId')} AND s.${q('status')} = 0`;
  return `${alias}.${q('status')} = 1 AND ${alias}.${q('isDisplay')} = 1 AND ${alias}.${q('delete')} = 0 AND NOT EXISTS (${sellerDisabled})`;
}

/** Decodes raw rows of `fields` and adds typeName and userName (the entity's afterRead hook). */
export async function decorate(core: Core, rows: Row[], fields: Field[], user: AuthUser | null): Promise<Row[]> {
  const codec = rowCodec(goodsEntity(core), fields);
  for (const r of rows) codec.decode(r);
  await goodsEntity(core).hooks.afterRead?.({ t: core.ops.reads(user), user, action: 'page', rows, single: false });
  return rows;
}

export interface ListedFilter {
  keyWord?: string;
  /** A suggested search keyword's name: matched in title, subTitle and tags. */
  searchKeyword?: string;
  /** The type and its descendants. */
  typeIds?: number[];
  /** One seller's listings. */
  userId?: number;
  /** What the listings sell (goods/info relateType; 0 also matches none given). */
  relateType?: number;
  order: string;
  sort: 'asc' | 'desc';
  page: number;
  size: number;
}

export interface Paged {
  list: Row[];
  pagination: { page: number; size: number; total: number };
}

/** A page of goods on sale, public fields only. */
export async function listedPage(core: Core, f: ListedFilter, user: AuthUser | null): Promise<Paged> {
  const q = core.db.q.bind(core.db);
  const where = [listedSql(core)];
  const params: unknown[] = [];
  const like = (text: string, cols: string[]) => {
    where.push(`(${cols.map((c) => `g.${q(c)} LIKE ? ESCAPE '!'`).join(' OR ')})`);
    for (let i = 0; i < cols.length; i++) params.push(likePattern(text));
  };
  if (f.keyWord) like(f.keyWord, ['title', 'subTitle']);
  if (f.searchKeyword) like(f.searchKeyword, ['title', 'subTitle', 'tags']);
  if (f.typeIds) {
    where.push(f.typeIds.length ? `g.${q('typeId')} IN (${f.typeIds.map(() => '?').join(', ')})` : '1 = 0');
    params.push(...f.typeIds);
  }
  if (f.userId !== undefined) {
    where.push(`g.${q('userId')} = ?`);
    params.push(f.userId);
  }
  if (f.relateType !== undefined) {
    where.push(f.relateType === 0 ? `COALESCE(g.${q('relateType')}, 0) = 0` : `g.${q('relateType')} = ?`);
    if (f.relateType !== 0) params.push(f.relateType);
  }
  const table = q(goodsEntity(core).table);
  const clause = where.join(' AND ');
  const dir = f.sort === 'asc' ? 'ASC' : 'DESC';
  const orderBy = f.order === 'id' ? `g.${q('id')} ${dir}` : `g.${q(f.order)} ${dir}, g.${q('id')} ${dir}`;
  const fields = publicFields(core);
  const [rows, [count]] = await Promise.all([
    core.db.query(`SELECT ${columns(core, fields, 'g')} FROM ${table} g WHERE ${clause} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [
      ...params,
      f.size,
      (f.page - 1) * f.size,
    ]),
    core.db.query<{ n: unknown }>(`SELECT COUNT(*) AS ${q('n')} FROM ${table} g WHERE ${clause}`, params),
  ]);
  return { list: await decorate(core, rows, fields, user), pagination: { page: f.page, size: f.size, total: Number(count?.n ?? 0) } };
}

/** The goods row `id` in any state (removed too), every stored readable field, decoded; null when none. */
export async function goodsById(core: Core, id: number): Promise<GoodsInfo | null> {
  const [row] = await core.ops.reads(SYSTEM).find(goodsEntity(core), eq('id', id), { deleted: true });
  return row ?? null;
}

/** Public fields (with typeName and userName) of goods `id`. */
export async function publicGoods(core: Core, id: number, user: AuthUser | null): Promise<Row | null> {
  const fields = publicFields(core);
  const [row] = await core.db.query(`SELECT ${columns(core, fields, 'g')} FROM ${core.db.q(goodsEntity(core).table)} g WHERE g.${core.db.q('id')} = ?`, [id]);
  return row ? (await decorate(core, [row], fields, user))[0] : null;
}

/** The type `typeId` and every type below it. */
export async function typeAndDescendants(core: Core, typeId: number): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const types = await core.db.query<{ id: number; parentId: number | null }>(
    `SELECT ${q('id')}, ${q('parentId')} FROM ${q(entity(core.model, 'goods/type').table)}`,
  );
  const children = new Map<number, number[]>();
  for (const t of types) {
    const p = t.parentId;
    if (p === null || p === undefined) continue;
    (children.get(p) ?? children.set(p, []).get(p)!).push(t.id);
  }
  const out = new Set([typeId]);
  const stack = [typeId];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      stack.push(c);
    }
  }
  return [...out];
}

/**
 * A page of `userId`'s own goods, every field: the pinned live ones (pinned), or the removed ones,
 * most recently removed first (removed).
 */
export async function ownGoodsPage(core: Core, userId: number, which: 'pinned' | 'removed', page: number, size: number, user: AuthUser): Promise<Paged> {
  const q = core.db.q.bind(core.db);
  const where =
    which === 'pinned' ? `g.${q('userId')} = ? AND g.${q('isPinned')} = 1 AND g.${q('delete')} = 0` : `g.${q('userId')} = ? AND g.${q('delete')} = 1`;
  const orderBy = which === 'pinned' ? `g.${q('sortNum')} DESC, g.${q('id')} DESC` : `g.${q('updateTime')} DESC, g.${q('id')} DESC`;
  const table = q(goodsEntity(core).table);
  const fields = ownerFields(core);
  const [rows, [count]] = await Promise.all([
    core.db.query(`SELECT ${columns(core, fields, 'g')} FROM ${table} g WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [
      userId,
      size,
      (page - 1) * size,
    ]),
    core.db.query<{ n: unknown }>(`SELECT COUNT(*) AS ${q('n')} FROM ${table} g WHERE ${where}`, [userId]),
  ]);
  return { list: await decorate(core, rows, fields, user), pagination: { page, size, total: Number(count?.n ?? 0) } };
}

/** How many live goods of `userId` are pinned. */
export async function pinnedCount(core: Core, userId: number): Promise<number> {
  const q = core.db.q.bind(core.db);
  const [r] = await core.db.query<{ n: unknown }>(
    `SELECT COUNT(*) AS ${q('n')} FROM ${q(goodsEntity(core).table)} WHERE ${q('userId')} = ? AND ${q('isPinned')} = 1 AND ${q('delete')} = 0`,
    [userId],
  );
  return Number(r?.n ?? 0);
}

export interface RemovalRecord {
  id: number;
  /** The goods rows the record brings back, with their sellers. */
  rows: Array<{ id: number; userId: number | null }>;
}

/**
 * The newest recycle record of goods that holds goods `goodsId` (what a remove, or the console's
 * delete, left); null when there is none (the record was emptied from the bin).
 */
export async function removalRecord(core: Core, goodsId: number): Promise<RemovalRecord | null> {
  const q = core.db.q.bind(core.db);
  const recycle = core.model.system('recycle');
  const goods = goodsEntity(core);
  // The record's params are `{"ids":[…]}` as the delete wrote them: this id alone, first, last or inside.
  const id = String(goodsId);
  const shapes = [`{"ids":[${id}]}`, `{"ids":[${id},%`, `%,${id}]}`, `%,${id},%`];
  const info = JSON.stringify({ module: goods.module, entity: goods.name, table: goods.table, soft: goods.softDelete });
  const found = await core.db.query<{ id: number; data: unknown }>(
    `SELECT ${q('id')}, ${q('data')} FROM ${q(recycle.table)} WHERE ${q('entityInfo')} = ? AND (${shapes.map(() => `${q('params')} LIKE ?`).join(' OR ')}) ` +
      `ORDER BY ${q('id')} DESC LIMIT 1`,
    [info, ...shapes],
  );
  if (!found.length) return null;
  const data = typeof found[0].data === 'string' ? (JSON.parse(found[0].data) as Row[]) : ((found[0].data as Row[] | null) ?? []);
  return {
    id: found[0].id,
    rows: data.map((r) => ({ id: Number(r.id), userId: r.userId === null || r.userId === undefined ? null : Number(r.userId) })),
  };
}
