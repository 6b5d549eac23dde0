import { defineEntity, l } from '../../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'sys/roleDepartment',
  table: 'base_sys_role_department',
  system: 'roleDepartments',
  label: l('Role department', '角色部门', '角色部門'),
  description: 'Link table behind role.departmentIdList, maintained by the role hooks; no routes of its own.',
  fields: {
    roleId: { type: 'int', required: true, nullable: false, label: l('Role', '角色', '角色') },
    departmentId: {
      type: 'int',
      required: true,
      nullable: false,
      label: l('Department', '部门', '部門'),
    },
  },
  actions: [],
  indexes: [{ fields: ['roleId', 'departmentId'], unique: true }, { fields: ['departmentId'] }],
});
