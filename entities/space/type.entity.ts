import { defineEntity, l, and, eq, inRows, or, type Where } from '../../server/core/api';

/** The administrators' categories (their own, and rows from before categories had an owner): shared with every member. */
const shared: Where = or(eq('userId', null), inRows('userId', 'base/sys/userRole', 'userId', eq('roleId', 1)));

/** Categories a member may see and file into: the shared ones and their own. */
export const usableTypes = (userId: number): Where => or(shared, eq('userId', userId));

export default defineEntity({
  module: 'space',
  name: 'type',
  table: 'space_type',
  label: l('File category', '文件分类', '檔案分類'),
  description:
    'A category of the file space, nested by parentId (may be empty); the name is required. userId ' +
    "(ours, from the token) is its owner: a member sees the administrators' categories (shared; rows " +
    'from before the field have none) and their own, and adds, renames and deletes only their own.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    parentId: { type: 'int', nullable: true, label: l('Parent', '上级', '上級') },
    userId: { type: 'int', index: true, label: l('Owner', '所有者', '擁有者') },
  },
  owner: 'userId',
  search: { keyword: ['name'], equal: ['parentId'] },
  access: {
    read: ({ user }) => user && usableTypes(user.id),
    update: ({ user }) => user && eq('userId', user.id),
    delete: ({ user }) => user && eq('userId', user.id),
    // A member's category sits under nothing or under one they can see.
    create: async ({ user, data, exists }) =>
      !!user && (data.parentId == null || (await exists('space/type', and(eq('id', Number(data.parentId)), usableTypes(user.id))))),
    members: 'all',
  },
});
