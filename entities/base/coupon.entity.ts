import { defineEntity, l, eq, keyHolders, fail, registerMessages } from '../../server/core/api';

const COUPON = registerMessages({
  en: { coupon_used_locked: 'A used redemption code cannot be changed' },
  'zh-cn': { coupon_used_locked: '已使用的兑换码不能修改' },
  'zh-tw': { coupon_used_locked: '已使用的兌換碼不能修改' },
});

export default defineEntity({
  module: 'base',
  name: 'coupon',
  table: 'base_coupon',
  area: 'commerce',
  label: l('Redemption code', '兑换码', '兌換碼'),
  description:
    'Codes are created by the generate call and redeemed by use, so there is no generic add; ' +
    'code is required and unique. The spec gives no meaning of the values; ours: type 1 adds `days` of VIP, ' +
    'type 2 credits `tokens` (through the ledger); status 0 unused, 1 used (userId, redeemTime), 2 disabled by ' +
    'an administrator; expireTime (optional) ends a code. Codes are 16 characters of an alphabet without look-alikes ' +
    '(about 80 bits, unguessable). A used code is not changed by update (409).',
  fields: {
    code: {
      type: 'string',
      required: true,
      unique: true,
      nullable: false,
      label: l('Code', '兑换码', '兌換碼'),
    },
    type: {
      type: 'int',
      label: l('Type', '类型', '類型'),
      enum: [
        { value: 1, label: l('VIP days', '会员天数', '會員天數') },
        { value: 2, label: l('Tokens', '代币', '代幣') },
      ],
    },
    days: { type: 'int', label: l('Days', '天数', '天數') },
    tokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      label: l('Tokens', '代币', '代幣'),
    },
    status: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: 0, label: l('Unused', '未使用', '未使用') },
        { value: 1, label: l('Used', '已使用', '已使用') },
        { value: 2, label: l('Disabled', '已停用', '已停用') },
      ],
    },
    expireTime: { type: 'datetime', label: l('Expires', '过期时间', '到期時間') },
    userId: { type: 'int', index: true, readOnly: true, label: l('Redeemed by', '使用者', '使用者') },
    redeemTime: { type: 'datetime', readOnly: true, label: l('Redeemed at', '兑换时间', '兌換時間') },
    memo: { type: 'string', label: l('Memo', '备忘', '備忘') },
    useType: { type: 'int', label: l('Use type', '使用类型', '使用類型') },
  },
  actions: ['update', 'delete', 'page'],
  search: { keyword: ['code'], equal: ['type', 'status', 'code'] },
  access: keyHolders,
  hooks: {
    // Redemption happens only through `use` (as the system); an administrator's update may change an
    // unused code (memo, expiry, disable it) but never a used one, nor mark one used by hand.
    async beforeChange({ t, id, data, action, user }) {
      if (action !== 'update' || id === undefined || user?.system) return;
      const [row] = await t.system.find('base/coupon', eq('id', id), { fields: ['status'] });
      if ((row && Number(row.status) === 1) || data.status === 1) throw fail.conflict(COUPON.coupon_used_locked);
    },
  },
});
