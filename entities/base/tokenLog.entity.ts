import { defineEntity, l, eq } from '../../server/core/api';
import { fillTokenLogSources } from './token-log-source';

export default defineEntity({
  module: 'base',
  name: 'tokenLog',
  table: 'base_token_log',
  area: 'commerce',
  label: l('Token log', '代币记录', '代幣紀錄'),
  description:
    "The spec names this entity without fields; it is the ledger of a user's token changes " +
    '(tokens signed: earned positive, spent negative; balance after the change), written by the ' +
    'server. isWithdrawable is what batchSetWithdrawable sets, auditStatus what auditList reviews ' +
    '(0 pending). The console only reads; newest first. field names the balance the entry changes (tokens, ' +
    'earnedTokens, withdrawableTokens): for each user and field, the sum of entries equals the balance ' +
    '(server/modules/commerce/ledger/ledger.service.ts writes both in one transaction). source (read only) says ' +
    'what an entry came from: the goods or order title of an order entry, a redemption code masked to its last 4 characters.',
  fields: {
    userId: { type: 'int', required: true, nullable: false, index: true, label: l('User', '用户', '使用者') },
    type: {
      type: 'int',
      label: l('Type', '类型', '類型'),
      enum: [
        { value: 1, label: l('Recharge', '充值', '儲值') },
        { value: 2, label: l('VIP gift', '会员赠送', '會員贈送') },
        { value: 3, label: l('Sale revenue', '销售收入', '銷售收入') },
        { value: 4, label: l('Sale refunded', '销售退款', '銷售退款') },
        { value: 5, label: l('Redemption code', '兑换码', '兌換碼') },
        { value: 6, label: l('Spent', '消费', '消費') },
        { value: 7, label: l('Adjustment', '调整', '調整') },
        { value: 8, label: l('Made withdrawable', '转为可提现', '轉為可提領') },
        { value: 9, label: l('Recharge refunded', '充值退款', '儲值退款') },
        { value: 10, label: l('AI run', 'AI 运行', 'AI 執行') },
        { value: 11, label: l('AI run refunded', 'AI 运行退款', 'AI 執行退款') },
        { value: 12, label: l('Run earnings', '运行收益', '執行收益') },
        { value: 13, label: l('Store commission', '商店佣金', '商店佣金') },
        { value: 14, label: l('Payout', '提现', '提領') },
        { value: 15, label: l('Payout returned', '提现退回', '提領退回') },
        { value: 16, label: l('AI run: unused part returned', 'AI 运行：退回未用部分', 'AI 執行：退回未用部分') },
      ],
    },
    field: {
      type: 'string',
      length: 20,
      default: 'tokens',
      nullable: false,
      label: l('Balance', '余额类型', '餘額類型'),
      enum: [
        { value: 'tokens', label: l('Tokens', '代币', '代幣') },
        { value: 'earnedTokens', label: l('Earned tokens', '已赚代币', '已賺代幣') },
        { value: 'withdrawableTokens', label: l('Withdrawable tokens', '可提现代币', '可提領代幣') },
      ],
    },
    tokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      required: true,
      nullable: false,
      label: l('Tokens', '代币数', '代幣數'),
    },
    balance: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      label: l('Balance after', '变动后余额', '變動後餘額'),
    },
    relateType: { type: 'string', length: 50, label: l('Source type', '来源类型', '來源類型') },
    relateId: { type: 'int', label: l('Source record', '来源记录', '來源紀錄') },
    isWithdrawable: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Withdrawable', '可提现', '可提領'),
    },
    auditStatus: { type: 'int', default: 0, nullable: false, label: l('Audit status', '审核状态', '審核狀態') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    // What the entry came from, for the ledger: filled by afterRead (token-log-source.ts).
    source: { type: 'string', virtual: true, readOnly: true, label: l('Source', '来源', '來源') },
  },
  actions: ['page', 'info'],
  search: { keyword: ['remark'], equal: ['userId', 'type', 'field', 'relateType', 'relateId', 'isWithdrawable', 'auditStatus'] },
  order: { field: 'id', sort: 'desc' },
  access: {
    // A member reads their own ledger (the personal centre's token tab); only the token paths write it.
    members: ['page', 'info'],
    read: ({ user }) => user && eq('userId', user.id),
  },
  hooks: {
    async afterRead({ t, user, rows }) {
      // The server's own reads (the ledger check) have no use for it.
      if (!user || user.system || rows.length === 0) return;
      await fillTokenLogSources(t, rows);
    },
  },
});
