import { defineEntity, l, keyHolders } from '../../server/core/api';

/** A budget in tokens: empty is the param's, 0 none. */
const budget = (label: ReturnType<typeof l>) => ({ type: 'decimal', precision: 18, scale: 4, min: 0, label, unit: l('tokens', '代币', '代幣') }) as const;

export default defineEntity({
  module: 'base',
  name: 'vip',
  table: 'base_vip',
  area: 'commerce',
  label: l('VIP plan', 'VIP 套餐', 'VIP 方案'),
  description:
    'name is required. amount is the price (a float, as the spec says), giftTokenAmount the tokens ' +
    'given with it, role the role granted; enablePay 1 lets members buy it. Sorted by sort. aiBudgetDay / ' +
    "aiBudgetMonth (tokens) replace the params aiBudgetDay / aiBudgetMonth for members whose VIP is this plan's " +
    '(vipType equal to its type, or its id when it has none, vipEndTime not passed); empty: the param; 0: no budget.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    // The VIP days an order adds (goods/order effects: the plan's period in days).
    period: { type: 'int', min: 0, label: l('Period', '周期', '週期'), unit: l('days', '天', '天') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    amount: { type: 'float', label: l('Amount', '金额', '金額') },
    giftTokenAmount: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      label: l('Gift tokens', '赠送代币', '贈送代幣'),
    },
    role: { type: 'int', label: l('Role', '角色', '角色') },
    sort: { type: 'int', default: 0, nullable: false, label: l('Sort', '排序', '排序') },
    url: { type: 'string', label: l('Link', '链接', '連結') },
    enablePay: { type: 'int', default: 1, nullable: false, label: l('Purchasable', '允许购买', '允許購買') },
    useForm: { type: 'int', label: l('Use form', '使用表单', '使用表單') },
    // A member's own AI budgets while this plan is theirs (server/modules/ai/budgets.ts).
    aiBudgetDay: budget(l('AI budget per day', '每日 AI 预算', '每日 AI 預算')),
    aiBudgetMonth: budget(l('AI budget per month', '每月 AI 预算', '每月 AI 預算')),
  },
  search: { keyword: ['name'], equal: ['type', 'enablePay'] },
  order: { field: 'sort', sort: 'asc' },
  // VIP plans are listed to everyone (vip/all).
  access: { ...keyHolders, visible: { anonymous: 'all', member: 'all' } },
});
