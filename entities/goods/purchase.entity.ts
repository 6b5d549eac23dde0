import { defineEntity, l, ownRows } from '../../server/core/api';

/** What a listing sells (goods/info `relateType`), and so what a purchase opens. */
export const SELLS = { nothing: 0, ai: 1, group: 2, files: 3 } as const;

/** A purchase is open (what was bought works) or taken back by a refund. */
export const PURCHASE_STATUS = { revoked: 0, active: 1 } as const;

export default defineEntity({
  module: 'goods',
  name: 'purchase',
  table: 'goods_purchase',
  area: 'commerce',
  label: l('Purchase', '已购', '已購'),
  description:
    'What a paid goods order delivered to its buyer (issue 37; ours, the spec has no such table): one row per ' +
    'order (orderId unique), written in the fulfilment that marks the order paid, so a replayed or raced ' +
    'notify delivers once. kind is what the listing sold (relateType): 1 an AI member (aiUserId; the buyer ' +
    'adds it to their groups, each copy a base/groupMember row with isPurchased 1 and this purchaseId), ' +
    "2 a place in a group (groupId; the buyer joined it), 3 private files (fileIds: the listing's attachments " +
    "when bought, fetched through space/info/fileUrl by the buyer only). snapshot holds the AI member's prompt, model " +
    "and settings at the purchase when the listing did not include updates (else copies follow the seller's " +
    'changes). A refund sets status 0: the copies are disabled, the place left, the downloads refused. ' +
    "shareInGroups (the buyer's choice) lets others in the buyer's groups ask the bought AI member.",
  fields: {
    userId: { type: 'int', index: true, label: l('Buyer', '买家', '買家') },
    goodsId: { type: 'int', required: true, nullable: false, index: true, label: l('Goods', '商品', '商品') },
    orderId: { type: 'int', required: true, nullable: false, label: l('Order', '订单', '訂單') },
    sellerId: { type: 'int', index: true, label: l('Seller', '卖家', '賣家') },
    kind: {
      type: 'int',
      required: true,
      nullable: false,
      label: l('Kind', '类型', '類型'),
      enum: [
        { value: SELLS.ai, label: l('AI member', 'AI 成员', 'AI 成員') },
        { value: SELLS.group, label: l('Place in a group', '群组席位', '群組席位') },
        { value: SELLS.files, label: l('Prompts and documents', '提示词与文档', '提示詞與文件') },
      ],
    },
    aiUserId: { type: 'int', index: true, label: l('AI member', 'AI 成员', 'AI 成員') },
    groupId: { type: 'int', index: true, label: l('Group', '群组', '群組') },
    // The membership of groupId the purchase made (null: the buyer was a member already, and stays one on a refund).
    memberId: { type: 'int', label: l('Membership', '成员记录', '成員紀錄') },
    snapshot: { type: 'json', jsonType: 'object', label: l('Settings at purchase', '购买时的设置', '購買時的設定') },
    // The files bought (kind 3), as the listing named them then: a later edit of the listing takes none away.
    fileIds: { type: 'json', jsonType: 'array', items: 'integer', label: l('Files bought', '已购文件', '已購檔案') },
    shareInGroups: {
      type: 'boolean',
      default: false,
      nullable: false,
      label: l('Others in my groups may use it', '我的群组中的其他人可使用', '我的群組中的其他人可使用'),
    },
    status: {
      type: 'int',
      default: PURCHASE_STATUS.active,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: PURCHASE_STATUS.active, label: l('Active', '有效', '有效') },
        { value: PURCHASE_STATUS.revoked, label: l('Refunded', '已退款', '已退款') },
      ],
    },
    revokeTime: { type: 'datetime', label: l('Refunded at', '退款时间', '退款時間') },
  },
  actions: ['update', 'info', 'list', 'page'],
  search: { equal: ['id', 'goodsId', 'kind', 'status', 'userId'] },
  owner: 'userId',
  indexes: [{ fields: ['orderId'], unique: true }],
  access: {
    members: 'all',
    ...ownRows,
    // The buyer chooses only whether others in their groups may use it; the rest is the fulfilment's.
    adminOnly: ['goodsId', 'orderId', 'sellerId', 'kind', 'aiUserId', 'groupId', 'memberId', 'snapshot', 'fileIds', 'status', 'revokeTime'],
  },
});
