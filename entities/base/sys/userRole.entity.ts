import { defineEntity, l } from '../../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'sys/userRole',
  table: 'base_sys_user_role',
  system: 'userRoles',
  label: l('User role', '用户角色', '使用者角色'),
  description: 'Link table behind user.roleIdList, maintained by the user hooks; no routes of its own.',
  fields: {
    userId: { type: 'int', required: true, nullable: false, label: l('User', '用户', '使用者') },
    roleId: { type: 'int', required: true, nullable: false, label: l('Role', '角色', '角色') },
  },
  actions: [],
  indexes: [{ fields: ['userId', 'roleId'], unique: true }, { fields: ['roleId'] }],
});
