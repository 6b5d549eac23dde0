import { defineEntity, l, fail, and, eq, isIn, or } from '../../server/core/api';
import type { EnumOption, HookTransaction } from '../../server/core/api';

/**
 * `status` of a friend row. A row (userId, friendId) is userId's side of the relation with friendId,
 * owned by userId; a friendship is two rows, one per side.
 * - 0 pending: userId asked friendId and has no answer yet;
 * - 1 accepted: they are friends (both rows 1);
 * - 2 refused: friendId refused userId's request, or blocked userId (the blocked side is never
 *   told it was blocked: its row reads refused);
 * - 3 blocked: userId blocks friendId (always on the blocker's own row), so friendId's requests are
 *   refused until userId deletes this row.
 */
export const FRIEND_STATUS = { pending: 0, accepted: 1, refused: 2, blocked: 3 } as const;

const STATUS_OPTIONS: EnumOption[] = [
  { value: FRIEND_STATUS.pending, label: l('Pending', '待通过', '待通過') },
  { value: FRIEND_STATUS.accepted, label: l('Accepted', '已通过', '已通過') },
  { value: FRIEND_STATUS.refused, label: l('Refused', '已拒绝', '已拒絕') },
  { value: FRIEND_STATUS.blocked, label: l('Blocked', '已拉黑', '已封鎖') },
];

/** What anyone sees of an accepted friendship: who, and the friend's public face. */
const ANONYMOUS_FIELDS = ['id', 'userId', 'friendId', 'avatar', 'nickName'];
/**
 * What a member sees of a row that is not theirs (a request to them, someone's accepted friend):
 * never the owner's remark or type, which are the owner's private notes. The core cuts rows to these
 * views and lets nobody search, filter or sort by what they leave out (server/core/crud/shown.ts).
 */
const MEMBER_FIELDS = [...ANONYMOUS_FIELDS, 'status', 'userAvatar', 'userNickName', 'createTime', 'updateTime'];

type Profile = { avatar: unknown; nickName: unknown };

/** Public profile (avatar: headImg, else avatar; nickName) of the given users. */
async function profiles(t: HookTransaction, ids: number[]): Promise<Map<number, Profile>> {
  const out = new Map<number, Profile>();
  if (!ids.length) return out;
  const found = await t.system.find('base/sys/user', isIn('id', ids), { fields: ['avatar', 'headImg', 'nickName'], deleted: true });
  for (const u of found) out.set(Number(u.id), { avatar: u.headImg || u.avatar || null, nickName: u.nickName ?? null });
  return out;
}

export default defineEntity({
  module: 'base',
  name: 'friend',
  table: 'base_friend',
  area: 'workspace',
  label: l('Friend', '好友', '好友'),
  description:
    "A friendship is two rows, one per side: (userId, friendId) is userId's side, owned by userId " +
    '(taken from the token), unique per pair (deleted rows included: a deleted row of a pair is ' +
    'purged when the pair is made again). status: 0 pending, 1 accepted, 2 refused, 3 blocked ' +
    '(see FRIEND_STATUS). add, update and delete are hand-written (server/modules/workspace/friends): ' +
    'add sends a request (or accepts the reverse pending one), update lets the asked side accept, ' +
    'refuse or block and the owner change remark and type or block, delete removes both sides. ' +
    "type is the owner's own grouping of the friend (a free number). avatar and nickName are " +
    "virtual: the friend's (friendId) public profile; userAvatar and userNickName the owner's " +
    '(userId), for showing requests. list and page are public: without a token they need a userId ' +
    "and give that user's accepted friends, cut down to id, userId, friendId, avatar, nickName. " +
    'A member reads their own rows of every status, the pending requests made to them ' +
    "(filter friendId = me, status = 0) and anyone's accepted rows; rows not theirs without the " +
    "owner's remark and type.",
  fields: {
    userId: { type: 'int', index: true, label: l('User', '用户', '使用者') },
    friendId: { type: 'int', required: true, nullable: false, index: true, label: l('Friend', '好友', '好友') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    status: {
      type: 'int',
      default: FRIEND_STATUS.pending,
      nullable: false,
      enum: STATUS_OPTIONS,
      label: l('Status', '状态', '狀態'),
    },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
    avatar: { type: 'string', virtual: true, readOnly: true, label: l('Avatar', '头像', '頭像') },
    nickName: { type: 'string', virtual: true, readOnly: true, label: l('Nickname', '昵称', '暱稱') },
    userAvatar: { type: 'string', virtual: true, readOnly: true, label: l('User avatar', '用户头像', '使用者頭像') },
    userNickName: { type: 'string', virtual: true, readOnly: true, label: l('User nickname', '用户昵称', '使用者暱稱') },
  },
  // add, update and delete: server/modules/workspace/friends/friend.routes.ts.
  actions: ['info', 'list', 'page'],
  public: ['list', 'page'],
  search: { keyword: ['remark'], equal: ['id', 'userId', 'friendId', 'status', 'type'] },
  indexes: [{ fields: ['userId', 'friendId'], unique: true }],
  owner: 'userId',
  softDelete: 'delete',
  access: {
    members: 'all',
    read: ({ user }) =>
      user
        ? or(eq('userId', user.id), and(eq('friendId', user.id), eq('status', FRIEND_STATUS.pending)), eq('status', FRIEND_STATUS.accepted))
        : eq('status', FRIEND_STATUS.accepted),
    update: ({ user }) => user && eq('userId', user.id),
    delete: ({ user }) => user && eq('userId', user.id),
    create: ({ user }) => user !== null,
    visible: { anonymous: ANONYMOUS_FIELDS, member: MEMBER_FIELDS },
  },
  hooks: {
    beforeRead({ user, query }) {
      // Without a token only one given user's friends can be listed (docs/decisions/spec-departures.md).
      const who = query.userId;
      if (user === null && !(typeof who === 'number' || (typeof who === 'string' && /^\d+$/.test(who)))) {
        throw fail.bad('bad_filter_value', { field: 'userId' });
      }
    },
    async afterRead({ t, rows }) {
      const ids = new Set<number>();
      for (const row of rows) for (const id of [Number(row.friendId), Number(row.userId)]) if (Number.isInteger(id)) ids.add(id);
      const byId = await profiles(t, [...ids]);
      for (const row of rows) {
        const friend = byId.get(Number(row.friendId));
        const owner = byId.get(Number(row.userId));
        row.avatar = friend?.avatar ?? null;
        row.nickName = friend?.nickName ?? null;
        row.userAvatar = owner?.avatar ?? null;
        row.userNickName = owner?.nickName ?? null;
      }
    },
  },
});
