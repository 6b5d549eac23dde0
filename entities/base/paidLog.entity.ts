import { defineEntity, l, eq } from '../../server/core/api';
import { displayNames } from './sys/display-names';

export default defineEntity({
  module: 'base',
  name: 'paidLog',
  table: 'base_paid_log',
  area: 'commerce',
  label: l('Payment log', '支付记录', '付款紀錄'),
  description:
    'The spec names this entity without fields; it records each payment the card or wallet ' +
    'provider reports (order, amount, provider transaction, status), written by the payment ' +
    'handlers. Only list (GET) is exposed; the raw provider payload is hidden. Newest first. eventId ' +
    '(ours: "<provider>:<provider event id>") is unique, so a provider event is applied at most once; status ' +
    '1 paid, 2 failed, 4 refunded, 6 to be refunded (a payment for an order that does not count it, refunded ' +
    "automatically; 4 once the provider has refunded it). userName is derived on read (the user's nickName; an " +
    'administrator also sees the username when there is no nickname) for the console.',
  fields: {
    userId: { type: 'int', index: true, label: l('User', '用户', '使用者') },
    orderNo: { type: 'string', length: 64, index: true, label: l('Order number', '订单号', '訂單編號') },
    provider: { type: 'string', length: 20, label: l('Provider', '支付渠道', '付款管道') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    amount: { type: 'decimal', label: l('Amount', '金额', '金額') },
    currency: { type: 'string', length: 10, label: l('Currency', '币种', '幣別') },
    transactionId: { type: 'string', length: 64, index: true, label: l('Transaction id', '交易号', '交易編號') },
    status: {
      type: 'int',
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: 1, label: l('Paid', '已支付', '已付款') },
        { value: 2, label: l('Failed', '支付失败', '付款失敗') },
        { value: 4, label: l('Refunded', '已退款', '已退款') },
        { value: 6, label: l('To be refunded', '待退款', '待退款') },
      ],
    },
    payTime: { type: 'datetime', label: l('Paid at', '支付时间', '付款時間') },
    eventId: {
      type: 'string',
      length: 128,
      unique: true,
      label: l('Provider event', '渠道事件', '管道事件'),
    },
    rawData: { type: 'json', hidden: true, label: l('Provider payload', '渠道原始数据', '管道原始資料') },
    userName: { type: 'string', virtual: true, readOnly: true, label: l('User name', '用户名称', '使用者名稱') },
  },
  actions: ['list'],
  methods: { list: 'GET' },
  search: { keyword: ['orderNo'], equal: ['userId', 'provider', 'type', 'status'] },
  order: { field: 'id', sort: 'desc' },
  access: {
    members: ['list'],
    // A member reads the payments of their own orders; only the payment handlers write.
    read: ({ user }) => user && eq('userId', user.id),
  },
  hooks: {
    async afterRead({ t, user, rows }) {
      if (!user || user.system || rows.length === 0) return;
      const names = await displayNames(
        t,
        rows.map((r) => r.userId),
        user,
      );
      for (const r of rows) r.userName = names.get(Number(r.userId)) ?? null;
    },
  },
});
