import { defineEntity, l, eq, or } from '../../server/core/api';
import { displayNames } from '../base/sys/display-names';

export default defineEntity({
  module: 'goods',
  name: 'order',
  table: 'goods_order',
  area: 'commerce',
  label: l('Order', '订单', '訂單'),
  description:
    'Fields of 001 §3 Goods order. orderNo is required and unique. Orders are written by the custom calls ' +
    '(place, cancel, buyVip, rechargeToken); the generic routes are page and info for the console. ' +
    'payStatus and status start at 0 (unpaid, pending payment), a choice of ours. Added by us (issue 17): ' +
    'type (0 goods, 1 VIP, 2 token recharge, 3 test payment), specId, the provider, currency and amount ' +
    "actually charged, the seller's earned tokens, expireTime (unpaid after it -> cancelled) and reason " +
    '(why it was cancelled or refunded: cancelled, expired, out_of_stock, refunded...). All state changes go ' +
    'through server/modules/commerce/goods/order/order-state.ts. buyerName and sellerName are derived on read for the ' +
    "console's and the parties' lists (base_sys_user.nickName; an administrator also sees the username when there is no " +
    'nickname) and never written; reads the server makes for itself leave them out.',
  fields: {
    orderNo: {
      type: 'string',
      length: 64,
      required: true,
      nullable: false,
      unique: true,
      label: l('Order number', '订单号', '訂單編號'),
    },
    userId: { type: 'int', index: true, label: l('Buyer', '买家', '買家') },
    sellerId: { type: 'int', index: true, label: l('Seller', '卖家', '賣家') },
    goodsId: { type: 'int', index: true, label: l('Goods', '商品', '商品') },
    quantity: { type: 'int', default: 1, nullable: false, label: l('Quantity', '数量', '數量') },
    totalAmount: { type: 'decimal', precision: 12, scale: 2, label: l('Total amount', '订单总额', '訂單總額') },
    payAmount: { type: 'decimal', precision: 12, scale: 2, label: l('Amount paid', '实付金额', '實付金額') },
    discountAmount: {
      type: 'decimal',
      precision: 12,
      scale: 2,
      label: l('Discount', '优惠金额', '優惠金額'),
    },
    payType: {
      type: 'int',
      label: l('Payment method', '支付方式', '付款方式'),
      enum: [
        { value: 1, label: l('Alipay', '支付宝', '支付寶') },
        { value: 2, label: l('WeChat Pay', '微信支付', '微信支付') },
        { value: 3, label: l('Other', '其他', '其他') },
      ],
    },
    payStatus: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Payment status', '支付状态', '付款狀態'),
      enum: [
        { value: 0, label: l('Unpaid', '未支付', '未付款') },
        { value: 1, label: l('Paid', '已支付', '已付款') },
        { value: 2, label: l('Failed', '支付失败', '付款失敗') },
        { value: 4, label: l('Refunded', '已退款', '已退款') },
      ],
    },
    payTime: { type: 'datetime', nullable: true, label: l('Paid at', '支付时间', '付款時間') },
    transactionId: { type: 'string', length: 64, label: l('Transaction id', '交易流水号', '交易序號') },
    status: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Status', '订单状态', '訂單狀態'),
      enum: [
        { value: 0, label: l('Pending payment', '待支付', '待付款') },
        { value: 1, label: l('Paid', '已支付', '已付款') },
        { value: 4, label: l('Cancelled', '已取消', '已取消') },
        { value: 9, label: l('Refunded', '已退款', '已退款') },
      ],
    },
    buyerRemark: { type: 'string', length: 500, label: l('Buyer remark', '买家备注', '買家備註') },
    sellerRemark: { type: 'string', length: 500, label: l('Seller remark', '卖家备注', '賣家備註') },
    extraInfo: { type: 'json', jsonType: 'object', label: l('Extra info', '附加信息', '附加資訊') },
    type: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Order type', '订单类型', '訂單類型'),
      enum: [
        { value: 0, label: l('Goods', '商品', '商品') },
        { value: 1, label: l('VIP', '会员', '會員') },
        { value: 2, label: l('Token recharge', '代币充值', '代幣儲值') },
        { value: 3, label: l('Test payment', '测试支付', '測試付款') },
      ],
    },
    refundId: { type: 'string', label: l('Refund id', '退款单号', '退款單號') },
    specId: { type: 'int', label: l('Spec', '规格', '規格') },
    provider: { type: 'string', length: 20, label: l('Payment provider', '支付渠道', '付款管道') },
    currency: { type: 'string', length: 10, label: l('Charged currency', '支付币种', '付款幣別') },
    chargedAmount: {
      type: 'decimal',
      precision: 12,
      scale: 2,
      label: l('Amount charged', '渠道扣款金额', '管道扣款金額'),
    },
    sellerTokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      label: l("Seller's earned tokens", '卖家所得代币', '賣家所得代幣'),
    },
    expireTime: { type: 'datetime', label: l('Pay before', '支付截止时间', '付款截止時間') },
    reason: { type: 'string', length: 200, label: l('Status reason', '状态原因', '狀態原因') },
    buyerName: { type: 'string', virtual: true, readOnly: true, label: l('Buyer name', '买家名称', '買家名稱') },
    sellerName: { type: 'string', virtual: true, readOnly: true, label: l('Seller name', '卖家名称', '賣家名稱') },
  },
  actions: ['page', 'info'],
  search: { keyword: ['orderNo'], equal: ['id', 'orderNo', 'status', 'payStatus', 'userId', 'sellerId', 'goodsId', 'type', 'provider'] },
  owner: 'userId',
  access: {
    // The buyer and the seller read an order; orders change only through the order calls.
    read: ({ user }) => user && or(eq('userId', user.id), eq('sellerId', user.id)),
  },
  hooks: {
    async afterRead({ t, user, rows }) {
      // The server's own reads (fulfilment, the member calls) have no use for names.
      if (!user || user.system || rows.length === 0) return;
      const names = await displayNames(
        t,
        rows.flatMap((r) => [r.userId, r.sellerId]),
        user,
      );
      for (const r of rows) {
        r.buyerName = names.get(Number(r.userId)) ?? null;
        r.sellerName = names.get(Number(r.sellerId)) ?? null;
      }
    },
  },
});
