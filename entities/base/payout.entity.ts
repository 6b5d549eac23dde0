import { defineEntity, l } from '../../server/core/api';

/** A payout is asked for, then paid or rejected by an administrator (once). */
export const PAYOUT_STATUS = { requested: 0, paid: 1, rejected: 2 } as const;

export default defineEntity({
  module: 'base',
  name: 'payout',
  table: 'base_payout',
  area: 'commerce',
  label: l('Payout', '提现', '提領'),
  description:
    "A creator's request to be paid withdrawable tokens (issue 37; ours, the spec has no such table). Written only " +
    'by the payout calls (server/modules/commerce/ledger/payout.routes.ts): request takes the tokens from ' +
    'withdrawableTokens in the same transaction (tokenLog type 14, relateType payout), once per (userId, clientKey); ' +
    'an administrator marks it paid (reference: the transfer made outside the platform) or rejects it ' +
    '(reason; the tokens go back, tokenLog type 15), once: status 0 requested, 1 paid, 2 rejected. note is ' +
    "the member's (where to be paid); handledBy and handleTime the administrator's decision.",
  fields: {
    userId: { type: 'int', index: true, label: l('Member', '会员', '會員') },
    tokens: { type: 'decimal', precision: 18, scale: 4, required: true, nullable: false, label: l('Tokens', '代币数', '代幣數') },
    status: {
      type: 'int',
      default: PAYOUT_STATUS.requested,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: PAYOUT_STATUS.requested, label: l('Requested', '待处理', '待處理') },
        { value: PAYOUT_STATUS.paid, label: l('Paid', '已支付', '已支付') },
        { value: PAYOUT_STATUS.rejected, label: l('Rejected', '已拒绝', '已拒絕') },
      ],
    },
    note: { type: 'string', length: 500, label: l('Where to pay', '收款信息', '收款資訊') },
    reference: { type: 'string', length: 200, label: l('Payment reference', '支付凭证号', '付款憑證號') },
    reason: { type: 'string', length: 500, label: l('Rejection reason', '拒绝原因', '拒絕原因') },
    handledBy: { type: 'int', label: l('Handled by', '处理人', '處理人') },
    handleTime: { type: 'datetime', label: l('Handled at', '处理时间', '處理時間') },
    clientKey: { type: 'string', length: 40, required: true, nullable: false, label: l('Request key', '请求标识', '請求標識') },
  },
  actions: ['page', 'list', 'info'],
  search: { keyword: ['reference', 'note'], equal: ['id', 'userId', 'status'] },
  order: { field: 'id', sort: 'desc' },
  owner: 'userId',
  indexes: [{ fields: ['userId', 'clientKey'], unique: true }],
  access: {
    // A member reads their own payouts; staff roles holding the keys read those of their data scope.
    members: ['page', 'list', 'info'],
    read: ({ user }) => user !== null,
    adminOnly: ['userId', 'tokens', 'status', 'reference', 'reason', 'handledBy', 'handleTime', 'clientKey'],
  },
});
