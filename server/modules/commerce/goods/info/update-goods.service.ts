/**
 * updateGoods: the seller edits their own goods, specs included, in one transaction; the
 * administrator may edit anyone's.
 *
 * Decisions the spec leaves open (issue 17):
 * - The body is `{id, …goods fields, specs?}`. The counters (sold, likeCount, useCount, viewCount) are
 *   never written here, by anyone: sent, they are ignored, as the generic update ignores them. The
 *   owner and the delete flag are not fields of this call (remove/restore are).
 * - `specs`, when sent, is the whole list the goods should have: an item with an `id` (one of this
 *   goods' specs, else 404) updates that spec, an item without one adds a spec, and a spec left out is
 *   removed (with a recycle record), unless an unpaid order holds stock of it (409: cancelling that
 *   order gives the stock back to it). Without `specs` the specs stay as they are.
 * - Pinning is the seller's own listing flag, set here with `isPinned` (the generic update ignores it
 *   for members): at most {@link MAX_PINNED} live goods per seller are pinned (409 beyond; removed goods
 *   do not count). The seller's goods rows are locked while counting, so two concurrent pins cannot
 *   both take the last place. A pinned goods restored (goods/info/restore) keeps its pin while the
 *   seller has room for it, and comes back unpinned when the limit is already reached (issue 35).
 */
import { entity, eq, checkRow, isObject, AppError, fail, type InvalidField, id as idField, raw, readShape, type Field, type Shape } from '../../../../core/api';
import type { Core, JsonSchema, AuthUser, Row, OpTransaction } from '../../../../core/api';
import { asSystem } from '../../../workspace/groups/membership.service';
import { ORDER_STATUS } from '../order/order-state';
import { GOODS } from './goods.messages';
import { goodsEntity } from './goods.queries';

/** The most live goods one seller may have pinned. */
export const MAX_PINNED = 3;

/** Counters only the store's own calls move. */
export const COUNTERS = ['sold', 'likeCount', 'useCount', 'viewCount'];

const SPEC_KEYS = ['id', 'name', 'price', 'stock', 'sortNum', 'images'];
const MAX_SPECS = 100;

type SpecItem = Row & { id?: number };

interface Parsed {
  changes: Row;
  specs: SpecItem[] | undefined;
}

/** The goods fields updateGoods takes: the writable ones but the delete flag and the counters. */
function editable(core: Core): string[] {
  const goods = goodsEntity(core);
  return goods.writable.filter((f) => !f.virtual && f.name !== goods.softDelete && !COUNTERS.includes(f.name)).map((f) => f.name);
}

/**
 * The input of updateGoods: `id`, the goods fields (each read as sent, then checked as the entity's
 * update checks them, by {@link updateGoodsProblems}) and `specs`, the whole list of its specs.
 */
export function updateGoodsInput(core: Core): Shape & { id: Field<number, false> } {
  const goods = goodsEntity(core);
  const specE = entity(core.model, 'goods/spec');
  const props = (goods.schema.update.properties ?? {}) as Record<string, JsonSchema>;
  const spec = { ...specE.schema.add, properties: { id: { type: 'integer', minimum: 1 }, ...((specE.schema.add.properties ?? {}) as object) }, required: [] };
  return {
    ...Object.fromEntries(editable(core).map((k) => [k, raw(props[k] ?? {}).optional()])),
    specs: raw({ type: 'array', maxItems: MAX_SPECS, items: spec }).optional(),
    id: idField(),
  };
}

const SPEC_SHAPE = { id: idField().optional(), ...Object.fromEntries(SPEC_KEYS.filter((k) => k !== 'id').map((k) => [k, raw({}).optional()])) };

/** What the entity's checks find wrong with updateGoods' input: every bad field (of the goods and of each spec). */
export function updateGoodsProblems(core: Core, input: Row): InvalidField[] {
  const goods = goodsEntity(core);
  const specE = entity(core.model, 'goods/spec');
  const errors: InvalidField[] = [];
  const { changes, specs: raw } = split(core, input);
  const id = input.id;
  if (id !== undefined) errors.push(...checkRow(goods, { id, ...changes }, 'update'));
  if (typeof changes.price === 'number' && changes.price < 0) errors.push({ field: 'price', rule: 'range', params: {} });
  if (raw === undefined) return errors;
  if (!Array.isArray(raw) || raw.length > MAX_SPECS)
    return [...errors, { field: 'specs', rule: 'type', params: { type: `list of at most ${MAX_SPECS} specs` } }];
  const seen = new Set<number>();
  raw.forEach((item: unknown, i) => {
    const at = `specs[${i}]`;
    if (!isObject(item)) return void errors.push({ field: at, rule: 'type', params: { type: 'object' } });
    const s: InvalidField[] = [];
    const specId = readShape(SPEC_SHAPE, item, { at: `${at}.`, errors: s, query: false }, false).id;
    if (specId !== undefined && seen.has(specId)) s.push({ field: `${at}.id`, rule: 'invalid', params: {} });
    if (specId !== undefined) seen.add(specId);
    const data = Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'id' && SPEC_KEYS.includes(k)));
    for (const k of ['price', 'stock']) if (typeof data[k] === 'number' && (data[k] as number) < 0) s.push({ field: `${at}.${k}`, rule: 'range', params: {} });
    s.push(...(specId === undefined ? checkRow(specE, { ...data, goodsId: 1 }, 'add', at) : checkRow(specE, { id: specId, ...data }, 'update', at)));
    errors.push(...s);
  });
  return errors;
}

/** The input's goods changes and specs. */
function split(core: Core, input: Row): Parsed {
  const changes: Row = Object.fromEntries(
    editable(core)
      .filter((k) => input[k] !== undefined)
      .map((k) => [k, input[k]]),
  );
  return { changes, specs: input.specs as SpecItem[] | undefined };
}

/** Whether seller `userId` may pin one more goods than `id`; locks the seller's live goods first. */
export async function mayPin(core: Core, userId: number, id: number): Promise<boolean> {
  const mine = await asSystem(core, (s) => s.lock(goodsEntity(core), eq('userId', userId)));
  return mine.filter((g) => g.isPinned === 1 && g.id !== id).length < MAX_PINNED;
}

/** 409 unless seller `userId` may pin one more goods than `id`. */
async function assertMayPin(core: Core, userId: number, id: number): Promise<void> {
  if (!(await mayPin(core, userId, id))) throw fail.conflict(GOODS.goods_pin_limit, { max: MAX_PINNED });
}

/** Makes the specs of goods `goodsId` exactly `items` (see the file's note). */
async function replaceSpecs(core: Core, goodsId: number, items: SpecItem[], url: string): Promise<void> {
  const specE = entity(core.model, 'goods/spec');
  await asSystem(core, async (s) => {
    const current = await s.lock(specE, eq('goodsId', goodsId));
    const ids = new Set(current.map((r) => r.id));
    const kept = new Set<number>();
    for (const item of items) {
      if (item.id === undefined) continue;
      const specId = item.id;
      if (!ids.has(specId)) throw new AppError('not_found', GOODS.goods_spec_not_found, { id: specId });
      kept.add(specId);
    }
    const gone = [...ids].filter((specId) => !kept.has(specId));
    if (gone.length) {
      const unpaid = await s.list(entity(core.model, 'goods/order'), { goodsId, status: ORDER_STATUS.pending });
      const busy = unpaid.find((o) => gone.some((specId) => specId === o.specId));
      if (busy) throw fail.conflict(GOODS.goods_spec_in_use, { id: Number(busy.specId) });
      await s.delete(specE, { ids: gone }, { url });
    }
    for (const item of items) {
      const data = Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'id' && SPEC_KEYS.includes(k)));
      if (item.id === undefined) await s.add(specE, { ...data, goodsId }, { url });
      else if (Object.keys(data).length) await s.update(specE, { id: item.id, ...data }, { url });
    }
  });
}

/** The goods as its seller sees it, with its specs. */
async function goodsWithSpecs(core: Core, t: OpTransaction, id: number): Promise<Row> {
  const row = await t.info(goodsEntity(core), id);
  const specs = await asSystem(core, (s) => s.list(entity(core.model, 'goods/spec'), { goodsId: id }));
  return { ...row, specs };
}

/**
 * Applies updateGoods' checked input for `caller`: 404 when the goods is not theirs (or removed), and then nothing
 * is written. Answers the goods as stored after, with its specs.
 */
export async function updateGoods(core: Core, caller: AuthUser, input: Row, url: string): Promise<Row> {
  // The call's input shape is built from the entity at run time, so its type cannot name id() as a number.
  const id = input.id as number;
  const { changes, specs } = split(core, input);
  const goods = goodsEntity(core);
  return core.ops.transaction(caller, async (t) => {
    // The read rule narrows a member to their own goods: anyone else's is a 404 here.
    const current = await t.info(goods, id);
    if (Number(changes.isPinned) === 1 && current.isPinned !== 1) await assertMayPin(core, Number(current.userId), id);
    // trusted: the counters are not in `changes`, and isPinned was checked above.
    if (Object.keys(changes).length) await t.update(goods, { id, ...changes }, { url, trusted: true });
    if (specs) await replaceSpecs(core, id, specs, url);
    return goodsWithSpecs(core, t, id);
  });
}
