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
import type { Core } from '../../../core/core';
import type { AuthUser, Row } from '../../../core/entity/define';
import type { OpTransaction } from '../../../core/crud/operations';
import { eq } from '../../../core/crud/condition';
import { check } from '../../../core/crud/validate';
import { isObject } from '../../../core/crud/op-context';
import { AppError, fail } from '../../../core/http/errors';
import { Fields } from '../../../core/http/fields';
import { asSystem } from '../../base/group/membership.service';
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

interface Input {
  id: number;
  changes: Row;
  specs: SpecItem[] | undefined;
}

/** Reads and checks the body: every bad field (of the goods and of each spec) in one 1002. */
function parse(core: Core, body: unknown): Input {
  const goods = goodsEntity(core);
  const specE = core.model.byKey.get('goods/spec')!;
  const known = goods.writable.filter((f) => !f.virtual && f.name !== goods.softDelete && !COUNTERS.includes(f.name)).map((f) => f.name);
  const f = Fields.of(body, ['id', 'specs', ...known], COUNTERS);
  const id = f.id('id');
  const changes: Row = Object.fromEntries(known.filter((k) => f.has(k)).map((k) => [k, f.body[k]]));
  if (id !== undefined) f.errors.push(...check(goods, { id, ...changes }, 'update'));
  if (typeof changes.price === 'number' && changes.price < 0) f.bad('price', 'range');
  let specs: SpecItem[] | undefined;
  const raw = f.body.specs;
  if (raw !== undefined) {
    if (!Array.isArray(raw) || raw.length > MAX_SPECS) f.bad('specs', 'type', { type: `list of at most ${MAX_SPECS} specs` });
    else {
      specs = raw as SpecItem[];
      const seen = new Set<number>();
      raw.forEach((item: unknown, i) => {
        const at = `specs[${i}]`;
        if (!isObject(item)) return void f.bad(at, 'type', { type: 'object' });
        const s = new Fields(item, SPEC_KEYS, [], `${at}.`);
        const specId = s.id('id', true);
        if (specId !== undefined && seen.has(specId)) s.bad('id', 'invalid');
        if (specId !== undefined) seen.add(specId);
        const data = Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'id' && SPEC_KEYS.includes(k)));
        for (const k of ['price', 'stock']) if (typeof data[k] === 'number' && (data[k] as number) < 0) s.bad(k, 'range');
        s.errors.push(...(specId === undefined ? check(specE, { ...data, goodsId: 1 }, 'add', at) : check(specE, { id: specId, ...data }, 'update', at)));
        f.errors.push(...s.errors);
      });
    }
  }
  f.done();
  return { id: id!, changes, specs };
}

/** Whether seller `userId` may pin one more goods than `id`; locks the seller's live goods first. */
export async function mayPin(core: Core, userId: number, id: number): Promise<boolean> {
  const mine = await asSystem(core, (s) => s.lock(goodsEntity(core), eq('userId', userId)));
  return mine.filter((g) => Number(g.isPinned) === 1 && Number(g.id) !== id).length < MAX_PINNED;
}

/** 409 unless seller `userId` may pin one more goods than `id`. */
async function assertMayPin(core: Core, userId: number, id: number): Promise<void> {
  if (!(await mayPin(core, userId, id))) throw fail.conflict(GOODS.goods_pin_limit, { max: MAX_PINNED });
}

/** Makes the specs of goods `goodsId` exactly `items` (see the file's note). */
async function replaceSpecs(core: Core, goodsId: number, items: SpecItem[], url: string): Promise<void> {
  const specE = core.model.byKey.get('goods/spec')!;
  await asSystem(core, async (s) => {
    const current = await s.lock(specE, eq('goodsId', goodsId));
    const ids = new Set(current.map((r) => Number(r.id)));
    const kept = new Set<number>();
    for (const item of items) {
      if (item.id === undefined) continue;
      const specId = Number(item.id);
      if (!ids.has(specId)) throw new AppError('not_found', GOODS.goods_spec_not_found, { id: specId });
      kept.add(specId);
    }
    const gone = [...ids].filter((specId) => !kept.has(specId));
    if (gone.length) {
      const unpaid = await s.list(core.model.byKey.get('goods/order')!, { goodsId, status: ORDER_STATUS.pending });
      const busy = unpaid.find((o) => gone.includes(Number(o.specId)));
      if (busy) throw fail.conflict(GOODS.goods_spec_in_use, { id: Number(busy.specId) });
      await s.delete(specE, { ids: gone }, { url });
    }
    for (const item of items) {
      const data = Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'id' && SPEC_KEYS.includes(k)));
      if (item.id === undefined) await s.add(specE, { ...data, goodsId }, { url });
      else if (Object.keys(data).length) await s.update(specE, { id: Number(item.id), ...data }, { url });
    }
  });
}

/** The goods as its seller sees it, with its specs. */
async function goodsWithSpecs(core: Core, t: OpTransaction, id: number): Promise<Row> {
  const row = await t.info(goodsEntity(core), id);
  const specs = await asSystem(core, (s) => s.list(core.model.byKey.get('goods/spec')!, { goodsId: id }));
  return { ...row, specs };
}

/**
 * Applies updateGoods for `caller`: 404 when the goods is not theirs (or removed), and then nothing
 * is written. Answers the goods as stored after, with its specs.
 */
export async function updateGoods(core: Core, caller: AuthUser, body: unknown, url: string): Promise<Row> {
  const { id, changes, specs } = parse(core, body);
  const goods = goodsEntity(core);
  return core.ops.transaction(caller, async (t) => {
    // The read rule narrows a member to their own goods: anyone else's is a 404 here.
    const current = await t.info(goods, id);
    if (Number(changes.isPinned) === 1 && Number(current.isPinned) !== 1) await assertMayPin(core, Number(current.userId), id);
    // trusted: the counters are not in `changes`, and isPinned was checked above.
    if (Object.keys(changes).length) await t.update(goods, { id, ...changes }, { url, trusted: true });
    if (specs) await replaceSpecs(core, id, specs, url);
    return goodsWithSpecs(core, t, id);
  });
}
