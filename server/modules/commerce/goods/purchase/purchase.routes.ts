/**
 * The buyer's calls on what they bought (goods/purchase, delivered by delivery.service.ts):
 * - addToGroup `{purchaseId, groupId}`: the bought AI member joins a group where the buyer is owner
 *   or deputy, as a bought copy (isPurchased 1, purchaseId, the platform's key, never the seller's
 *   credential) -> `{id}`; 409 when it is in that group already. The purchase is locked before the
 *   group (as a refund locks it before the groups it takes the copies from), so a copy added while the
 *   order is refunded is taken back too.
 * - mine: the caller's purchases, newest first, with what each opens (purchase.queries.ts).
 * Files sold by a listing are fetched through space/info/fileUrl, which the purchase grant opens to
 * the holder of an active purchase (registered here).
 */
import { l, call, check, defineRoutes, and, entity, eq, fail, id, obj, listOf, nullable, INT, STR, BOOL, SYSTEM } from '../../../../core/api';
import type { Core } from '../../../../core/api';
import { PURCHASE_STATUS, SELLS } from '../../../../../entities/goods/purchase.entity';
import { boughtCopy } from '../../../workspace/groups/ai-member.service';
import { addMember, lockGroup, lockMember, requireRole } from '../../../workspace/groups/membership.service';
import { registerFileGrant } from '../../../files/file-access';
import { boughtFile, myPurchases } from './purchase.queries';
import { PURCHASE } from './purchase.messages';

/** The rule of addToGroup: the purchase is the caller's and not refunded. */
const ownActivePurchase = check<{ purchaseId: number }>(
  l('the buyer of an active purchase', '有效购买记录的买家', '有效購買紀錄的買家'),
  ({ user, input, exists }) => exists('goods/purchase', and(eq('id', input.purchaseId), eq('userId', user.id), eq('status', PURCHASE_STATUS.active))),
  'signedIn',
);

const NAMED = obj({ id: INT, name: nullable(STR) });

/** One purchase of "My purchases". */
const MINE = obj({
  id: INT,
  goods: nullable(obj({ id: INT, title: nullable(STR), mainPic: nullable(STR) })),
  kind: INT,
  status: INT,
  shareInGroups: BOOL,
  createTime: nullable(STR),
  ai: nullable(obj({ id: INT, nickName: nullable(STR), headImg: nullable(STR), groups: listOf(NAMED) })),
  group: nullable(NAMED),
  files: listOf(obj({ id: INT, name: nullable(STR), size: nullable(INT), type: nullable(STR) })),
});

export default defineRoutes((core: Core) => {
  const purchases = entity(core.model, 'goods/purchase');
  registerFileGrant('purchase', boughtFile);
  return [
    call(core, 'goods', 'purchase', 'addToGroup', {
      method: 'POST',
      summary: l('Add a bought AI member to one of my groups', '将已购 AI 成员加入我的群组', '將已購 AI 成員加入我的群組'),
      input: { purchaseId: id(), groupId: id() },
      access: ownActivePurchase,
      effect: 'write',
      answer: obj({ id: INT }),
      async handler(req, { purchaseId, groupId }) {
        const caller = req.user!;
        return core.ops.transaction(caller, async (t) => {
          const [p] = await core.ops.transaction(SYSTEM, (s) => s.lock(purchases, purchaseId));
          if (!p || p.status !== PURCHASE_STATUS.active || (p.userId !== caller.id && !caller.isAdmin)) throw fail.notFound(PURCHASE.purchase_not_found);
          const aiId = p.aiUserId;
          if (p.kind !== SELLS.ai || !aiId) throw fail.bad(PURCHASE.purchase_not_ai);
          const g = await lockGroup(core, groupId);
          await requireRole(core, g, caller, ['owner', 'deputy']);
          if (await lockMember(core, groupId, aiId)) throw fail.conflict(PURCHASE.purchase_ai_in_group);
          return { id: await addMember(core, t, g, { userId: aiId, ...boughtCopy(purchaseId) }) };
        });
      },
    }),
    call(core, 'goods', 'purchase', 'mine', {
      method: 'GET',
      access: 'signedIn',
      summary: l('My purchases, and what each opens', '我的已购及其内容', '我的已購及其內容'),
      input: {},
      effect: 'read',
      answer: listOf(MINE),
      handler: (req) => myPurchases(core, req.user!.id),
    }),
  ];
});
