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
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { call, defineRoutes } from '../../../core/modules';
import { fail } from '../../../core/http/errors';
import { Fields, paging } from '../../../core/http/fields';
import { GOODS } from './goods.messages';
import { goodsById, goodsEntity, ownGoodsPage, pinnedCount, removalRecord } from './goods.queries';
import { asSystem } from '../../base/group/membership.service';
import { MAX_PINNED, mayPin, updateGoods } from './update-goods.service';

function idOf(body: unknown): number {
  const f = Fields.of(body, ['id']);
  const id = f.id('id');
  f.done();
  return id!;
}

function pageOf(body: unknown): { page: number; size: number } {
  const f = Fields.of(body, ['page', 'size']);
  const p = paging(f, 20);
  f.done();
  return p;
}

export default defineRoutes((core: Core) => {
  const goods = goodsEntity(core);
  const member = (name: string, summary: ReturnType<typeof l>, handler: Parameters<typeof call>[4]['handler']) =>
    call(core, 'goods', 'info', name, { method: 'POST', member: true, summary, handler });
  return [
    member('updateGoods', l('Edit my goods and its specs', '编辑我的商品及规格', '編輯我的商品及規格'), (req) => updateGoods(core, req.user!, req.body, req.path)),
    member('remove', l('Remove my goods', '删除我的商品', '刪除我的商品'), async (req) => {
      const id = idOf(req.body);
      return core.ops.transaction(req.user, async (t) => {
        // The update rule narrows a member to their own live goods.
        const [g] = await t.lock(goods, id);
        if (!g) throw fail.notFound(GOODS.goods_not_found);
        await t.delete(goods, { ids: [id] }, { url: req.path });
        return { id };
      });
    }),
    member('restore', l('Restore my removed goods', '恢复我删除的商品', '復原我刪除的商品'), async (req) => {
      const id = idOf(req.body);
      const caller = req.user!;
      const g = await goodsById(core, id);
      if (!g || (!caller.isAdmin && Number(g.userId) !== caller.id)) throw fail.notFound(GOODS.goods_not_found);
      if (Number(g.delete) === 0) throw fail.conflict(GOODS.goods_not_removed);
      const record = await removalRecord(core, id);
      if (!record) throw fail.conflict(GOODS.goods_not_restorable);
      if (!caller.isAdmin && record.rows.some((r) => r.userId !== caller.id)) throw fail.conflict(GOODS.goods_restore_in_bin);
      return core.ops.transaction(caller, async (t) => {
        const unpinned = Number(g.isPinned) === 1 && !(await mayPin(core, Number(g.userId), id));
        await t.restore({ ids: [record.id] });
        if (unpinned) await asSystem(core, (s) => s.update(goods, { id, isPinned: 0 }, { url: req.path }));
        return { id, unpinned };
      });
    }),
    member('removedList', l('My removed goods', '我删除的商品', '我刪除的商品'), async (req) => {
      const { page, size } = pageOf(req.body);
      return ownGoodsPage(core, req.user!.id, 'removed', page, size, req.user!);
    }),
    member('pinnedList', l('My pinned goods', '我置顶的商品', '我置頂的商品'), async (req) => {
      const { page, size } = pageOf(req.body);
      return ownGoodsPage(core, req.user!.id, 'pinned', page, size, req.user!);
    }),
    member('pinnedGoodsCount', l('How many goods I have pinned', '我置顶的商品数', '我置頂的商品數'), async (req) => {
      Fields.of(req.body, []).done();
      return { count: await pinnedCount(core, req.user!.id), max: MAX_PINNED };
    }),
  ];
});
