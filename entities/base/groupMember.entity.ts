import { defineEntity, l, eq, inRows, or } from '../../server/core/api';

/** `authType` of a member row: which credential an AI member runs with. */
export const AUTH_TYPE = { platform: 1, own: 2 } as const;

/** What anyone may see of a member row of a public group or team (memberList). */
const PUBLIC_FIELDS = ['id', 'groupId', 'userId', 'name', 'avatar', 'isOwner', 'originMemberId', 'linkedMemberId'];

/** Who is the member of a group: fixed when the row is made, never moved by a member. */
const FIXED = [
  'groupId',
  'userId',
  'isOwner',
  'originMemberId',
  'linkedMemberId',
  'uniqueId',
  'level1',
  'level2',
  'level3',
  'isPurchased',
  'authId',
  'authType',
  'purchaseId',
];

export default defineEntity({
  module: 'base',
  name: 'groupMember',
  table: 'base_group_member',
  area: 'workspace',
  label: l('Group member', '群组成员', '群組成員'),
  description:
    'A member is a user in a group: a person or an AI member (a sys/user row with userType 1, owned by ' +
    'its creator through ownerId). One row per (groupId, userId), unique: a member who leaves or is removed ' +
    'keeps a soft-deleted row (delete=1) until they come back, when that row is purged and a fresh one ' +
    'added in the same transaction (a comeback is a new membership, with no stale name or role). ' +
    'isOwner 1 marks the one owner of the group; deputies are listed on the group (onwerIds). ' +
    'originMemberId is the row an AI member was copied from (memberToGroup) and linkedMemberId the first ' +
    'row of that chain, so copies can be found together. authId names a base/auth credential of the AI ' +
    "member's owner and authType says which key it runs with: 1 the platform's own (default), 2 authId. " +
    'add and delete are hand-written (server/modules/workspace/groups): only the owner or a deputy adds; a ' +
    'member leaves by deleting their own row (never the owner: hand over first); the owner and deputies ' +
    'remove members (a deputy never the owner or another deputy). The generic update lets a member change ' +
    "their own row's name and avatar only; every other field is fixed when the row is made (admin-only).",
  fields: {
    name: { type: 'string', label: l('Name', '名称', '名稱') },
    avatar: { type: 'string', label: l('Avatar', '头像', '頭像') },
    groupId: { type: 'int', required: true, nullable: false, index: true, label: l('Group', '群组', '群組') },
    userId: { type: 'int', required: true, nullable: false, index: true, label: l('Member', '成员', '成員') },
    isOwner: { type: 'int', default: 0, nullable: false, label: l('Owner', '群主', '群主') },
    originMemberId: { type: 'int', label: l('Original member', '原成员', '原成員') },
    uniqueId: { type: 'string', index: true, label: l('Unique id', '唯一标识', '唯一識別碼') },
    level1: { type: 'int', label: l('Level 1', '一级', '一級') },
    level2: { type: 'int', label: l('Level 2', '二级', '二級') },
    level3: { type: 'int', label: l('Level 3', '三级', '三級') },
    isPurchased: { type: 'int', default: 0, nullable: false, label: l('Purchased', '已购买', '已購買') },
    authId: { type: 'int', label: l('Auth config', '授权配置', '授權設定') },
    authType: {
      type: 'int',
      default: AUTH_TYPE.platform,
      nullable: false,
      label: l('Auth type', '授权类型', '授權類型'),
      enum: [
        { value: AUTH_TYPE.platform, label: l('Platform key', '平台密钥', '平台金鑰') },
        { value: AUTH_TYPE.own, label: l('Own credential', '自有凭证', '自有憑證') },
      ],
    },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
    linkedMemberId: { type: 'int', index: true, label: l('Linked member', '关联成员', '關聯成員') },
    // A bought AI member's copy (isPurchased 1): the goods/purchase it came from, which a refund disables.
    purchaseId: { type: 'int', index: true, label: l('Purchase', '购买记录', '購買紀錄') },
  },
  actions: ['update', 'info', 'list', 'page'],
  search: { equal: ['id', 'userId', 'groupId'] },
  order: { field: 'id', sort: 'asc' },
  softDelete: 'delete',
  indexes: [{ fields: ['groupId', 'userId'], unique: true }],
  access: {
    members: 'all',
    // Members of a group see its member rows (and everyone their own rows); a member changes only
    // their own row, and only its name and avatar (the rest is admin-only).
    read: ({ user }) => user && or(eq('userId', user.id), inRows('groupId', 'base/groupMember', 'groupId', eq('userId', user.id))),
    update: ({ user }) => user && eq('userId', user.id),
    delete: ({ user }) => user && eq('userId', user.id),
    create: ({ user, data }) => !!user && data.userId === user.id,
    adminOnly: FIXED,
    visible: { anonymous: PUBLIC_FIELDS, member: PUBLIC_FIELDS },
  },
});
