import { defineEntity, l, eq } from '../../server/core/api';
import type { EnumOption } from '../../server/core/api';

/**
 * `type` of a notification, with its labels: the values of NOTIFY_TYPE
 * (server/modules/workspace/notify/notify.service.ts, which the product writes with), plus 0 for a
 * notice an administrator sent from the console. tests/server/notify.test.ts keeps both in step.
 */
export const NOTIFY_TYPE_OPTIONS: EnumOption[] = [
  { value: 0, label: l('System notice', '系统通知', '系統通知') },
  { value: 1, label: l('Mention', '提及', '提及') },
  { value: 2, label: l('Friend request', '好友申请', '好友申請') },
  { value: 3, label: l('Friend request accepted', '好友申请已通过', '好友申請已通過') },
  { value: 4, label: l('Team notice', '团队公告', '團隊公告') },
  { value: 5, label: l('Joined a group', '加入群组', '加入群組') },
  { value: 6, label: l('Left a group', '离开群组', '離開群組') },
  { value: 7, label: l('Team role changed', '团队角色变更', '團隊角色變更') },
  { value: 8, label: l('Order paid', '订单已支付', '訂單已付款') },
  { value: 9, label: l('Goods sold', '商品已售出', '商品已售出') },
  { value: 10, label: l('Order refunded', '订单已退款', '訂單已退款') },
  { value: 11, label: l('Sale refunded', '售出已退款', '售出已退款') },
  { value: 12, label: l('Payout paid', '提现已支付', '提領已支付') },
  { value: 13, label: l('Payout rejected', '提现被拒绝', '提領被拒絕') },
];

/** Fields only administrators set: everything but the read state. */
const SENT_FIELDS = ['title', 'content', 'type', 'fromId', 'toId', 'templateId', 'groupId', 'orderNo'];

export default defineEntity({
  module: 'base',
  name: 'notify',
  table: 'base_notify',
  area: 'workspace',
  label: l('Notification', '通知', '通知'),
  description:
    'One row per receiver (toId); fromId is who caused it (empty: the platform), templateId the ' +
    'template used. The product writes them (notifyUsers in server/modules/workspace/notify) and delivers ' +
    "each live as notice {kind: 'notify'} after the commit; groupId names the group a mention, team notice, join, leave or role change is about (the bell opens its chat); messageId the chat message a mention is about (its recall blanks the notification's excerpt); orderNo names the order an order notice (8-11) is about (the bell opens it among the receiver's purchases, or sales for 9 and 11); add is hand-written for the same reason " +
    '(administrators only, server/modules/workspace/notify/notify.routes.ts). status: 0 unread, 1 read. ' +
    'A member reads, marks (update of status only, both ways; other fields are ignored) and deletes ' +
    'the notifications sent to them, and marks all read with readAll. Newest first.',
  fields: {
    title: { type: 'string', required: true, nullable: false, label: l('Title', '标题', '標題') },
    content: { type: 'text', label: l('Content', '内容', '內容') },
    type: { type: 'int', default: 0, nullable: false, enum: NOTIFY_TYPE_OPTIONS, label: l('Type', '类型', '類型') },
    fromId: { type: 'int', label: l('Sender', '发送者', '傳送者') },
    toId: { type: 'int', index: true, label: l('Receiver', '接收者', '接收者') },
    templateId: { type: 'int', label: l('Template', '模板', '範本') },
    groupId: { type: 'int', label: l('Group', '群组', '群組') },
    orderNo: { type: 'string', length: 40, label: l('Order', '订单', '訂單') },
    messageId: { type: 'int', index: true, label: l('Message', '消息', '訊息') },
    status: {
      type: 'int',
      default: 0,
      nullable: false,
      enum: [
        { value: 0, label: l('Unread', '未读', '未讀') },
        { value: 1, label: l('Read', '已读', '已讀') },
      ],
      label: l('Status', '状态', '狀態'),
    },
  },
  // add: server/modules/workspace/notify/notify.routes.ts (delivers live).
  actions: ['update', 'delete', 'info', 'list', 'page'],
  search: { keyword: ['title'], equal: ['id', 'toId', 'fromId', 'type', 'status'] },
  order: { field: 'createTime', sort: 'desc' },
  access: {
    members: ['update', 'delete', 'info', 'list', 'page'],
    // A member reaches the notices sent to them, and nothing else; administrators everything.
    read: ({ user }) => user && eq('toId', user.id),
    update: ({ user }) => user && eq('toId', user.id),
    delete: ({ user }) => user && eq('toId', user.id),
    // Asked of a changed row on update (members have no add): it must stay addressed to them.
    create: ({ user, data }) => !!user && data.toId === user.id,
    adminOnly: SENT_FIELDS,
  },
});
