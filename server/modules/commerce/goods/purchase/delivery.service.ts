/**
 * What a paid goods order delivers, and what its refund takes back (issue 37), inside the
 * fulfilment transaction that moves the order (effects.ts), so a replayed or raced notify delivers
 * once: one goods/purchase row per order (orderId unique, `addIfAbsent`), whatever the quantity.
 * - an AI member (kind 1): the purchase names it (aiUserId); the buyer adds it to their groups
 *   (purchase.routes.ts addToGroup). A listing without updates keeps the AI's settings as they were
 *   (snapshot: prompt, model, params, appId).
 * - a place in a group (kind 2): the buyer joins the group (a member already keeps their row).
 * - files (kind 3): the listing's attachments as they are now (fileIds); space/info/fileUrl gives them to the holder
 *   of an active purchase (purchase-files.ts).
 * Goods removed or a seller disabled after the order was placed still deliver what was paid (the
 * goods row is read removed or not). A refund sets the purchase's status 0 and revokeTime and takes
 * back what it opened: every copy of the AI member in a group (soft-deleted, the groups told), the
 * buyer's place (unless they own the group), the downloads (the grant reads the status); the buyer
 * is told what was taken back, in their language.
 */
import { and, entity, eq, nowStored, SYSTEM, t as text } from '../../../../core/api';
import type { Core, EntityRow, OpTransaction, Row } from '../../../../core/api';
import { PURCHASE_STATUS, SELLS } from '../../../../../entities/goods/purchase.entity';
import { soldFileIds } from '../../../../../entities/goods/listing-relation';
import { NOTIFY_TYPE, notifyUsers } from '../../../workspace/notify/notify.service';
import { memberLang } from '../../../system/member-language';
import { addMember, entities, lockMember, removeMembers, type Member } from '../../../workspace/groups/membership.service';
import type { GoodsOrder } from '../order/order-state';
import { PURCHASE } from './purchase.messages';

/** A goods/purchase row. */
export type Purchase = EntityRow<'goods/purchase'>;

/** The AI member's settings a listing without updates fixes at the purchase. */
const SNAPSHOT_KEYS = ['prompt', 'model', 'params', 'appId'];

const purchases = (core: Core) => entity(core.model, 'goods/purchase');

/** The AI member's config as a snapshot (only its settings, never its price or its owner's keys). */
async function snapshotOf(core: Core, t: OpTransaction, aiId: number): Promise<Row> {
  const [ai] = await t.find(entities(core).users, eq('id', aiId), { fields: ['config'], deleted: true });
  const config = (ai?.config ?? {}) as Row;
  return Object.fromEntries(SNAPSHOT_KEYS.filter((k) => config[k] !== undefined).map((k) => [k, config[k]]));
}

/**
 * The buyer joins the live group `groupId` unless they are in it already (or it is gone); answers
 * the membership it made, or null.
 */
async function joinGroup(core: Core, t: OpTransaction, groupId: number, buyerId: number): Promise<number | null> {
  const [g] = await t.lock(entities(core).groups, groupId);
  if (!g || (await lockMember(core, groupId, buyerId))) return null;
  return addMember(core, t, g, { userId: buyerId });
}

/**
 * Records what the paid goods order delivers and opens it (see the file's note); nothing for a
 * listing that sells nothing to deliver. Exactly once per order.
 */
export async function deliverPurchase(core: Core, t: OpTransaction, order: GoodsOrder): Promise<void> {
  const [goods] = await t.find(entity(core.model, 'goods/info'), eq('id', order.goodsId ?? 0), { deleted: true });
  const kind = goods?.relateType ?? SELLS.nothing;
  if (!goods || !order.userId || kind === SELLS.nothing) return;
  const aiUserId = kind === SELLS.ai ? goods.workflowId : null;
  const groupId = kind === SELLS.group ? goods.groupId : null;
  const snapshot = aiUserId && !goods.updatesIncluded ? await snapshotOf(core, t, aiUserId) : null;
  const fileIds = kind === SELLS.files ? (soldFileIds(goods.attachments) ?? []) : null;
  const row = { userId: order.userId, goodsId: goods.id, orderId: order.id, sellerId: order.sellerId, kind, aiUserId, groupId, snapshot, fileIds };
  const { id, created } = await t.addIfAbsent(purchases(core), row, ['orderId'], { owner: order.userId });
  const memberId = created && groupId ? await joinGroup(core, t, groupId, order.userId) : null;
  if (memberId) await t.system.updateWhere(purchases(core), id, { memberId }, { expect: 1 });
}

/** Soft-deletes `rows` of group `groupId`, telling the group when it is live. */
async function removeRows(core: Core, t: OpTransaction, groupId: number, rows: Member[]): Promise<void> {
  const [g] = await t.lock(entities(core).groups, groupId);
  if (g) return removeMembers(core, t, g, rows, '/admin/goods/purchase/refund');
  await core.ops.transaction(SYSTEM, (s) => s.delete(entities(core).members, { ids: rows.map((r) => r.id) }, { url: '/admin/goods/purchase/refund' }));
}

/** Takes every copy of the bought AI member out of the groups it was added to; answers how many groups. */
async function takeBackAi(core: Core, t: OpTransaction, p: Purchase): Promise<number> {
  const copies = await t.lock(entities(core).members, eq('purchaseId', p.id));
  const byGroup = new Map<number, Member[]>();
  for (const c of copies) byGroup.set(c.groupId, [...(byGroup.get(c.groupId) ?? []), c]);
  for (const [groupId, rows] of byGroup) await removeRows(core, t, groupId, rows);
  return byGroup.size;
}

/** The buyer leaves the group they bought a place in, unless they own it. */
/** The buyer leaves the group the purchase made them a member of (not one they had joined before). */
async function takeBackPlace(core: Core, t: OpTransaction, p: Purchase): Promise<void> {
  if (!p.groupId || !p.memberId) return;
  const [row] = await t.lock(entities(core).members, p.memberId);
  if (row && row.isOwner !== 1) await removeRows(core, t, p.groupId, [row]);
}

/** The notice's text of what was taken back, in `lang`. */
async function takenBackText(core: Core, t: OpTransaction, p: Purchase, lang: ReturnType<typeof memberLang>, groups: number, title: string): Promise<string> {
  const { users, groups: groupE } = entities(core);
  if (p.kind === SELLS.ai) {
    const [ai] = await t.find(users, eq('id', p.aiUserId ?? 0), { fields: ['nickName'], deleted: true });
    return text(lang, PURCHASE.notify_taken_ai, { name: ai?.nickName ?? '', count: groups });
  }
  if (p.kind === SELLS.group) {
    const [g] = await t.find(groupE, eq('id', p.groupId ?? 0), { fields: ['name'], deleted: true });
    return text(lang, PURCHASE.notify_taken_group, { group: g?.name ?? '' });
  }
  return text(lang, PURCHASE.notify_taken_files, { title });
}

/** Tells the buyer what the refund of `order` took back, in their language (after the commit). */
async function notifyTakenBack(core: Core, t: OpTransaction, order: GoodsOrder, p: Purchase, groups: number): Promise<void> {
  const [buyer] = await t.find(entities(core).users, eq('id', p.userId ?? 0), { fields: ['language', 'userType'] });
  if (!buyer || buyer.userType === 1) return;
  const kept = typeof order.extraInfo?.title === 'string' ? order.extraInfo.title : order.orderNo;
  const title = await takenBackText(core, t, p, memberLang(buyer), groups, kept);
  await notifyUsers(core, t, { toIds: [buyer.id], type: NOTIFY_TYPE.orderRefunded, title, orderNo: order.orderNo });
}

/** Takes back what the refunded order delivered (see the file's note); once, as the refund moves the order once. */
export async function takeBackPurchase(core: Core, t: OpTransaction, order: GoodsOrder): Promise<void> {
  const [p] = await t.lock(purchases(core), eq('orderId', order.id));
  if (!p || p.status !== PURCHASE_STATUS.active) return;
  await t.updateWhere(purchases(core), p.id, { status: PURCHASE_STATUS.revoked, revokeTime: nowStored() }, { expect: 1 });
  let groups = 0;
  if (p.kind === SELLS.ai) groups = await takeBackAi(core, t, p);
  if (p.kind === SELLS.group) await takeBackPlace(core, t, p);
  await notifyTakenBack(core, t, order, p, groups);
}
