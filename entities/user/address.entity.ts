import { defineEntity, l, eq, isIn, fail, fieldRule, registerMessages } from '../../server/core/api';
import type { HookTransaction } from '../../server/core/api';

const MESSAGES = registerMessages({
  en: { field_address_user_missing: 'does not name a user' },
  'zh-cn': { field_address_user_missing: '不是已有的用户' },
  'zh-tw': { field_address_user_missing: '不是既有的使用者' },
});

/** `id -> username` of the live users among `ids`. */
async function usernames(t: HookTransaction, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await t.system.find('base/sys/user', isIn('id', ids), { fields: ['username'] });
  return new Map(rows.map((r) => [Number(r.id), String(r.username)]));
}

const yesNo = [
  { value: 0, label: l('No', '否', '否') },
  { value: 1, label: l('Yes', '是', '是') },
];

/**
 * A member's shipping addresses (the `user` module of the spec, which cool-admin fills with app users
 * and their addresses). A member keeps their own; administrators see and file everyone's.
 *
 * Decisions:
 * - userId is the member the address belongs to. A member's is always their own: the value they send is
 *   ignored (adminOnly) and the token's id is filled in; only an administrator names another user (a
 *   back-office filing an address for a member, as cool-admin's address screen does), and that user
 *   must exist. It is not an `owner` field, which would replace the administrator's choice with the
 *   administrator's own id.
 * - receiver, not cool-admin's server's `contact`: cool-admin's own admin client (its address screen)
 *   reads and writes `receiver`, and it is the client this shape serves.
 * - isDefault is 0/1 (the client's switch sends numbers). It is a flag the member sets; several rows may
 *   carry it, and a client takes the newest.
 * - username is the member's username, read-only and filled on read (the client's address list shows it;
 *   a value sent is ignored).
 */
export default defineEntity({
  module: 'user',
  name: 'address',
  table: 'user_address',
  area: 'commerce',
  label: l('Shipping address', '收货地址', '收貨地址'),
  description:
    "A member's shipping addresses: receiver, phone, province, city, district and address are required. userId is " +
    'the member: filled from the token for members (a value they send is ignored), set by administrators for ' +
    'anyone (it must name a live user). A member reads, changes and deletes only their own rows; administrators ' +
    "all. isDefault is a 0/1 flag. username is virtual and read-only: the member's username, filled on read.",
  fields: {
    userId: { type: 'int', index: true, nullable: false, example: 1, label: l('Member', '用户', '使用者') },
    receiver: { type: 'string', length: 100, required: true, nullable: false, label: l('Receiver', '收货人', '收件人') },
    phone: { type: 'string', length: 20, required: true, nullable: false, label: l('Phone', '手机号', '手機號碼') },
    province: { type: 'string', length: 50, required: true, nullable: false, label: l('Province', '省', '省') },
    city: { type: 'string', length: 50, required: true, nullable: false, label: l('City', '市', '市') },
    district: { type: 'string', length: 50, required: true, nullable: false, label: l('District', '区', '區') },
    address: { type: 'string', length: 255, required: true, nullable: false, label: l('Address', '详细地址', '詳細地址') },
    isDefault: { type: 'int', default: 0, nullable: false, enum: yesNo, label: l('Default', '是否默认', '是否預設') },
    username: { type: 'string', virtual: true, readOnly: true, label: l('Username', '用户名', '使用者名稱') },
  },
  search: { keyword: ['receiver', 'phone', 'address'], equal: ['userId', 'isDefault'] },
  access: {
    read: ({ user }) => user && eq('userId', user.id),
    update: ({ user }) => user && eq('userId', user.id),
    delete: ({ user }) => user && eq('userId', user.id),
    // A member's userId never arrives (adminOnly drops it); on update the stored row's must be theirs.
    create: ({ user, data }) => !!user && (data.userId === undefined || Number(data.userId) === user.id),
    adminOnly: ['userId'],
    members: 'all',
  },
  hooks: {
    async beforeChange({ t, user, data, action }) {
      if (action === 'add' && (data.userId === undefined || data.userId === null) && user && !user.system) data.userId = user.id;
      if (action === 'add' && (data.userId === undefined || data.userId === null)) {
        throw fail.invalid([{ field: 'userId', rule: 'required', params: {} }]);
      }
      if (data.userId === undefined) return;
      const id = Number(data.userId);
      if (!(await usernames(t, [id])).has(id)) {
        throw fail.invalid([{ field: 'userId', rule: fieldRule(MESSAGES.field_address_user_missing), params: {} }]);
      }
    },
    async afterRead({ t, rows }) {
      const names = await usernames(t, [...new Set(rows.map((r) => Number(r.userId)).filter((id) => Number.isSafeInteger(id)))]);
      for (const row of rows) row.username = names.get(Number(row.userId)) ?? null;
    },
  },
});
