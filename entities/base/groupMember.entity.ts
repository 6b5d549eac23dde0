import { defineEntity, l } from '../../server/core/entity/define';
import { and, eq, inRows, or } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'groupMember',
  table: 'base_group_member',
  label: l('Group member', '群组成员', '群組成員'),
  note:
    'groupId and userId are required: a member is a user (or an AI member) in a group. ' +
    'level1-3, originMemberId and linkedMemberId hold member ids; removal is soft (delete=1).',
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
    authType: { type: 'int', default: 1, nullable: false, label: l('Auth type', '授权类型', '授權類型') },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
    linkedMemberId: { type: 'int', label: l('Linked member', '关联成员', '關聯成員') },
  },
  search: { equal: ['id', 'userId', 'groupId'] },
  softDelete: 'delete',
  access: {
    members: 'all',
    // Members of a group see its member rows (and everyone their own rows); the group's creator
    // adds, changes and removes members, and a member may leave (delete their own row). Who owns
    // a group is decided by the group calls, never by a member's payload.
    read: ({ user }) => user && or(eq('userId', user.id), inRows('groupId', 'base/groupMember', 'groupId', eq('userId', user.id))),
    update: ({ user }) => user && or(eq('userId', user.id), inRows('groupId', 'base/group', 'id', eq('userId', user.id))),
    delete: ({ user }) => user && or(eq('userId', user.id), inRows('groupId', 'base/group', 'id', eq('userId', user.id))),
    create: async ({ user, data, exists }) =>
      !!user && typeof data.groupId === 'number' && exists('base/group', and(eq('id', data.groupId), eq('userId', user.id))),
    adminOnly: ['isOwner'],
  },
});
