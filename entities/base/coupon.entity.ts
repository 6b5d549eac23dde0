import { defineEntity, l } from '../../server/core/entity/define';
import { keyHolders } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'coupon',
  table: 'base_coupon',
  area: 'commerce',
  label: l('Redemption code', '兑换码', '兌換碼'),
  note:
    'Codes are created by the generate call and redeemed by use, so there is no generic add; ' +
    'code is required and unique. Meaning of status values is not given by the spec.',
  fields: {
    code: {
      type: 'string',
      required: true,
      unique: true,
      nullable: false,
      label: l('Code', '兑换码', '兌換碼'),
    },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    days: { type: 'int', label: l('Days', '天数', '天數') },
    tokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      label: l('Tokens', '代币', '代幣'),
    },
    status: { type: 'int', label: l('Status', '状态', '狀態') },
    userId: { type: 'int', index: true, label: l('Redeemed by', '使用者', '使用者') },
    redeemTime: { type: 'datetime', label: l('Redeemed at', '兑换时间', '兌換時間') },
    memo: { type: 'string', label: l('Memo', '备忘', '備忘') },
    useType: { type: 'int', label: l('Use type', '使用类型', '使用類型') },
  },
  actions: ['update', 'delete', 'page'],
  search: { keyword: ['code'], equal: ['type', 'status', 'code'] },
  access: keyHolders,
});
