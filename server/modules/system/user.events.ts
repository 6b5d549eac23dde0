/**
 * Catalogue events of user accounts (plugin `notify` hook): `user.registered` when an account is
 * added, by sign-up, e-mail or OAuth sign-in, or by an administrator. Only public-ish identity
 * fields: never the e-mail, phone, password hash or any token.
 */
import { l, defineEvent } from '../../core/api';

defineEvent('user.registered', {
  entity: 'base/sys/user',
  summary: l('A user account was added', '新增了用户账号', '新增了使用者帳號'),
  fields: ['id', 'username', 'nickName', 'createTime'],
  when: ({ before, after }) => before === null && after !== null && !after.delete,
});
