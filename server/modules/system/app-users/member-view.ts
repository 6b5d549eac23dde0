/**
 * cool-admin's `user/info` (its app users) as our members look through it, with COOL_COMPAT on
 * (core/cool-compat.ts): cool-admin's own admin client lists, edits and deletes its app users with
 * these field names (src/modules/user/views/list.vue and components/select.vue of cool-admin-vue 7.x).
 *
 * Decisions:
 * - The members are the people (userType empty or 0, so not AI members) holding the member role, not
 *   deleted: the accounts sign-up makes. Administrators and staff accounts without that role are the
 *   client's `base/sys/user` screen's business.
 * - No table and no entity of the model: the rows are sys/user rows. This declaration only describes
 *   them, for /eps (the client types `Eps.UserInfoEntity` from it), OpenAPI and the checks of an update;
 *   every write goes to sys/user through the operations, with its validation and hooks.
 * - avatarUrl is headImg. gender is not stored here: always 0 (unknown); an update that sets it to
 *   anything else is refused rather than dropped. loginType is always 2 (web): members sign in in a
 *   browser (e-mail code, password, Google, Discord), never through WeChat's mini program (0) or
 *   official account (1). status is 0 or 1; cool-admin's 2 (deregistered) is a deleted account here,
 *   which the list does not show.
 * - No `add`: a member account needs a username and a way to sign in, which this form has not; members
 *   sign up, or the administrator adds them on the users screen. `list` and `page` take keyWord
 *   (nickName, phone) and status; a gender or loginType filter keeps the rows it matches (every row
 *   is gender 0 and loginType 2).
 * - Administrators only: it shows every member of the installation, whatever a role's data scope.
 */
import { defineEntity, enabledStatus, l, type Row, normalizeEntity } from '../../../core/api';
import type { Entity } from '../../../core/api';

/** cool-admin's gender values; ours is always UNKNOWN_GENDER. */
export const UNKNOWN_GENDER = 0;
/** cool-admin's loginType of a sign-in through a browser (H5). */
export const WEB_LOGIN = 2;

/** The view's fields that are sys/user columns of another name. */
const COLUMN_OF: Record<string, string> = { avatarUrl: 'headImg' };

/** Fields every row has the same value of: no column, no order. */
export const CONSTANT_FIELDS: Record<string, number> = { gender: UNKNOWN_GENDER, loginType: WEB_LOGIN };

/** The sys/user columns a view row is made of. */
export const MEMBER_COLUMNS = ['id', 'nickName', 'headImg', 'phone', 'status', 'createTime', 'updateTime'];

/** The sys/user column behind a view field, or null for a constant. */
export function columnOf(field: string): string | null {
  if (field in CONSTANT_FIELDS) return null;
  return COLUMN_OF[field] ?? field;
}

/** The description of the rows; `usersTable` is where they live (the view never touches it itself). */
export function memberView(usersTable: string): Entity {
  return normalizeEntity(
    defineEntity({
      module: 'user',
      name: 'info',
      table: usersTable,
      label: l('Member', '会员', '會員'),
      fields: {
        nickName: { type: 'string', label: l('Nickname', '昵称', '暱稱') },
        avatarUrl: { type: 'string', label: l('Profile picture', '头像', '頭像') },
        phone: { type: 'string', length: 20, label: l('Phone', '手机号', '手機號碼') },
        gender: {
          type: 'int',
          default: UNKNOWN_GENDER,
          nullable: false,
          label: l('Gender', '性别', '性別'),
          enum: [
            { value: 0, label: l('Unknown', '未知', '未知') },
            { value: 1, label: l('Male', '男', '男') },
            { value: 2, label: l('Female', '女', '女') },
          ],
        },
        status: enabledStatus(1),
        loginType: {
          type: 'int',
          readOnly: true,
          label: l('Sign-in', '登录方式', '登入方式'),
          enum: [
            { value: 0, label: l('WeChat mini program', '小程序', '小程式') },
            { value: 1, label: l('WeChat official account', '公众号', '公眾號') },
            { value: 2, label: l('Web', 'H5', 'H5') },
          ],
        },
      },
      actions: ['delete', 'update', 'info', 'list', 'page'],
      search: { keyword: ['nickName', 'phone'], equal: ['status', 'gender', 'loginType'] },
    }),
  );
}

/** A sys/user row (MEMBER_COLUMNS, decoded) as the view shows it. */
export function toMember(row: Row): Row {
  return {
    id: row.id,
    nickName: row.nickName ?? null,
    avatarUrl: row.headImg ?? null,
    phone: row.phone ?? null,
    gender: UNKNOWN_GENDER,
    status: row.status,
    loginType: WEB_LOGIN,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/** The sys/user changes of a checked view update (id and the fields sent, renamed). */
export function toUserChanges(id: number, data: Row): Row {
  const out: Row = { id };
  for (const [k, v] of Object.entries(data)) {
    const col = columnOf(k);
    if (k === 'id' || col === null) continue;
    out[col] = v;
  }
  return out;
}
