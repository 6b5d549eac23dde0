import { defineEntity, l } from '../../server/core/entity/define';
import { fail } from '../../server/core/http/errors';
import { ownRows } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'friend',
  table: 'base_friend',
  label: l('Friend', '好友', '好友'),
  note:
    'friendId is required; userId is the caller, taken from the token. avatar is virtual: the ' +
    "friend's avatar, added on read. list and page are public, but without a token each row is " +
    'cut down to id, userId, friendId and avatar. Meaning of status values is not given by the spec.',
  fields: {
    userId: { type: 'int', index: true, label: l('User', '用户', '使用者') },
    friendId: { type: 'int', required: true, nullable: false, index: true, label: l('Friend', '好友', '好友') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    status: { type: 'int', label: l('Status', '状态', '狀態') },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
    avatar: {
      type: 'string',
      virtual: true,
      readOnly: true,
      label: l('Avatar', '头像', '頭像'),
    },
  },
  public: ['list', 'page'],
  search: { keyword: ['remark'], equal: ['userId', 'friendId', 'status', 'type'] },
  owner: 'userId',
  softDelete: 'delete',
  access: {
    members: 'all',
    ...ownRows,
    // list and page are public: anyone may list one given user's friends (public fields only).
    read: () => true,
    visible: { anonymous: ['id', 'userId', 'friendId', 'avatar'], member: ['id', 'userId', 'friendId', 'avatar'] },
  },
  hooks: {
    beforeRead({ user, query }) {
      // Without a token only one given user's friends can be listed (ARCHITECTURE §7).
      if (user === null && (typeof query.userId !== 'number' && typeof query.userId !== 'string')) {
        throw fail.bad('bad_filter_value', { field: 'userId' });
      }
    },
    async afterRead({ db, rows }) {
      const friendIds = [
        ...new Set(rows.map((row) => Number(row.friendId)).filter((id) => Number.isInteger(id))),
      ];
      const avatars = new Map<number, unknown>();
      if (friendIds.length > 0) {
        const marks = friendIds.map(() => '?').join(', ');
        const users = await db.query<{ id: number; avatar: unknown; headImg: unknown }>(
          `SELECT ${db.q('id')}, ${db.q('avatar')}, ${db.q('headImg')} FROM ${db.q('base_sys_user')} ` +
            `WHERE ${db.q('id')} IN (${marks})`,
          friendIds,
        );
        for (const u of users) avatars.set(Number(u.id), u.headImg || u.avatar || null);
      }
      for (const row of rows) row.avatar = avatars.get(Number(row.friendId)) ?? null;
    },
  },
});
