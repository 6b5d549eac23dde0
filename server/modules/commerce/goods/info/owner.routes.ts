/**
 * The seller's calls on goods/info (a token; the member role holds the keys):
 * - updateGoods `{id, …fields, specs?}`: edits the caller's goods and its specs in one transaction
 *   (update-goods.service.ts); the administrator may edit anyone's.
 * - remove `{id}`: logical removal (the delete flag, with a recycle record), of the caller's own goods
 *   or, for the administrator, anyone's -> `{id}`. Anyone else's goods is a 404.
 * - restore `{id}`: brings the caller's removed goods back through the recycle record its removal
 *   left -> `{id, unpinned}`. A pinned goods comes back unpinned (`unpinned: true`) when its seller
 *   already has the most pinned goods (MAX_PINNED), rather than refusing the restore. 409 when it is not removed, when the record is gone (emptied from the bin), or when
 *   the record also holds other sellers' goods (a console batch delete: the administrator restores it
 *   from the bin, or calls restore here, which brings the whole record back).
 * - removedList `{page, size}`: the caller's removed goods, most recently removed first.
 * - pinnedList `{page, size}`: the caller's pinned live goods; pinnedGoodsCount: `{count, max}`.
 */
import { l, call, defineRoutes, fail, id, BOOL, INT, obj, pageOf } from '../../../../core/api';
import type { Core } from '../../../../core/api';
import { isSellerOrAdmin, mayRestoreRecord } from '../goods.access';
import { goodsRow, PAGE, paged, SPEC } from '../goods.answers';
import { GOODS } from './goods.messages';
import { goodsById, goodsEntity, ownGoodsPage, pinnedCount, removalRecord } from './goods.queries';
import { asSystem } from '../../../workspace/groups/membership.service';
import { COUNTERS, MAX_PINNED, mayPin, updateGoods, updateGoodsInput, updateGoodsProblems } from './update-goods.service';

export default defineRoutes((core: Core) => {
  const goods = goodsEntity(core);
  const mine = pageOf(goodsRow(core));
  return [
    call(core, 'goods', 'info', 'updateGoods', {
      method: 'POST',
      member: true,
      summary: l('Edit my goods and its specs', '编辑我的商品及规格', '編輯我的商品及規格'),
      input: updateGoodsInput(core),
      // The counters are never written here: sent, they are dropped, as the generic update drops them.
      ignored: COUNTERS,
      refine: (input) => updateGoodsProblems(core, input),
      effect: 'write',
      answer: { allOf: [goods.schema.row, obj({ specs: { type: 'array', items: SPEC } })] },
      handler: (req, input) => updateGoods(core, req.user!, input, req.path),
    }),
    call(core, 'goods', 'info', 'remove', {
      method: 'POST',
      member: true,
      summary: l('Remove my goods', '删除我的商品', '刪除我的商品'),
      input: { id: id() },
      effect: 'write',
      answer: obj({ id: INT }),
      handler: (req, input) =>
        core.ops.transaction(req.user, async (t) => {
          // The update rule narrows a member to their own live goods (the row lock reads through it).
          const [g] = await t.lock(goods, input.id);
          if (!g) throw fail.notFound(GOODS.goods_not_found);
          await t.delete(goods, { ids: [input.id] }, { url: req.path });
          return { id: input.id };
        }),
    }),
    call(core, 'goods', 'info', 'restore', {
      method: 'POST',
      member: true,
      summary: l('Restore my removed goods', '恢复我删除的商品', '復原我刪除的商品'),
      input: { id: id() },
      effect: 'write',
      answer: obj({ id: INT, unpinned: BOOL }),
      async handler(req, { id }) {
        const caller = req.user!;
        const g = await goodsById(core, id);
        // Anyone else's goods is a 404: nobody learns it exists.
        if (!g || !isSellerOrAdmin(g, caller)) throw fail.notFound(GOODS.goods_not_found);
        if (g.delete === 0) throw fail.conflict(GOODS.goods_not_removed);
        const record = await removalRecord(core, id);
        if (!record) throw fail.conflict(GOODS.goods_not_restorable);
        if (!mayRestoreRecord(record.rows, caller)) throw fail.conflict(GOODS.goods_restore_in_bin);
        return core.ops.transaction(caller, async (t) => {
          const unpinned = g.isPinned === 1 && !(await mayPin(core, g.userId ?? 0, id));
          await t.restore({ ids: [record.id] });
          if (unpinned) await asSystem(core, (s) => s.update(goods, { id, isPinned: 0 }, { url: req.path }));
          return { id, unpinned };
        });
      },
    }),
    call(core, 'goods', 'info', 'removedList', {
      method: 'POST',
      member: true,
      summary: l('My removed goods', '我删除的商品', '我刪除的商品'),
      input: PAGE,
      effect: 'read',
      answer: mine,
      handler: (req, input) => {
        const { page, size } = paged(input);
        return ownGoodsPage(core, req.user!.id, 'removed', page, size, req.user!);
      },
    }),
    call(core, 'goods', 'info', 'pinnedList', {
      method: 'POST',
      member: true,
      summary: l('My pinned goods', '我置顶的商品', '我置頂的商品'),
      input: PAGE,
      effect: 'read',
      answer: mine,
      handler: (req, input) => {
        const { page, size } = paged(input);
        return ownGoodsPage(core, req.user!.id, 'pinned', page, size, req.user!);
      },
    }),
    call(core, 'goods', 'info', 'pinnedGoodsCount', {
      method: 'POST',
      member: true,
      summary: l('How many goods I have pinned', '我置顶的商品数', '我置頂的商品數'),
      input: {},
      effect: 'read',
      answer: obj({ count: INT, max: INT }),
      handler: async (req) => ({ count: await pinnedCount(core, req.user!.id), max: MAX_PINNED }),
    }),
  ];
});
