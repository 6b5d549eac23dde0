import { defineEntity, l } from '../../server/core/entity/define';
import { eq } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'tokenLog',
  table: 'base_token_log',
  area: 'commerce',
  label: l('Token log', '代币记录', '代幣紀錄'),
  note:
    "The spec names this entity without fields; it is the ledger of a user's token changes " +
    '(tokens signed: earned positive, spent negative; balance after the change), written by the ' +
    'server. isWithdrawable is what batchSetWithdrawable sets, auditStatus what auditList reviews ' +
    '(0 pending). The console only reads; newest first.',
  fields: {
    userId: { type: 'int', required: true, nullable: false, index: true, label: l('User', '用户', '使用者') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
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
  },
  actions: ['page', 'info'],
  search: { keyword: ['remark'], equal: ['userId', 'type', 'relateType', 'isWithdrawable', 'auditStatus'] },
  order: { field: 'id', sort: 'desc' },
  access: {
    // A member reads their own ledger; only the token paths write it.
    read: ({ user }) => user && eq('userId', user.id),
  },
});
