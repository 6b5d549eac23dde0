import { defineEntity, l } from '../../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'sys/roleMenu',
  table: 'base_sys_role_menu',
  system: 'roleMenus',
  label: l('Role menu', '角色菜单', '角色選單'),
  description: 'Link table behind role.menuIdList, maintained by the role hooks; no routes of its own.',
  fields: {
    roleId: { type: 'int', required: true, nullable: false, label: l('Role', '角色', '角色') },
    menuId: { type: 'int', required: true, nullable: false, label: l('Menu', '菜单', '選單') },
  },
  actions: [],
  indexes: [{ fields: ['roleId', 'menuId'], unique: true }, { fields: ['menuId'] }],
});
