import { defineEntity, l, fail, readLinks, replaceLinks, toIds, isIn, keyHolders, dynamicKey } from '../../../server/core/api';

/** The link tables of a role: virtual field -> link. */
const LINKS = [
  { field: 'menuIdList', link: { entity: 'base/sys/roleMenu', from: 'roleId', to: 'menuId' } },
  { field: 'departmentIdList', link: { entity: 'base/sys/roleDepartment', from: 'roleId', to: 'departmentId' } },
] as const;

export default defineEntity({
  module: 'base',
  name: 'sys/role',
  table: 'base_sys_role',
  system: 'roles',
  label: l('Role', '角色', '角色'),
  description:
    'name and label are required; label is unique (at most 50 characters). menuIdList and ' +
    'departmentIdList are virtual: read from and written to base_sys_role_menu and ' +
    'base_sys_role_department by the hooks; deleting a role removes its menu, department and user links.',
  fields: {
    userId: { type: 'int', index: true, label: l('Created by', '创建者', '建立者') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    label: {
      type: 'string',
      length: 50,
      required: true,
      unique: true,
      nullable: false,
      label: l('Label', '标识', '標識'),
    },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    relevance: {
      type: 'boolean',
      default: false,
      nullable: false,
      label: l('Hierarchical data permission', '数据权限是否关联上下级', '資料權限是否關聯上下級'),
    },
    menuIdList: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      virtual: true,
      label: l('Menus', '菜单权限', '選單權限'),
    },
    departmentIdList: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      virtual: true,
      label: l('Departments', '数据权限', '資料權限'),
    },
  },
  search: { keyword: ['name', 'label'] },
  access: keyHolders,
  hooks: {
    async afterRead({ t, rows }) {
      const ids = [...new Set(rows.map((row) => Number(row.id)).filter((id) => Number.isInteger(id)))];
      for (const { field, link } of LINKS) {
        const byRole = await readLinks(t, link, ids);
        for (const row of rows) row[field] = byRole.get(Number(row.id)) ?? [];
      }
    },
    async afterChange({ t, id, data }) {
      for (const { field, link } of LINKS) {
        const sent = data[field];
        if (Array.isArray(sent)) await replaceLinks(t, link, id, toIds(sent));
      }
    },
    async beforeDelete({ t, ids }) {
      if (ids.includes(1)) throw fail.conflict('protected_role');
      if (ids.length === 0) return;
      for (const entity of [...LINKS.map(({ link }) => link.entity), 'base/sys/userRole']) {
        await t.system.purge(dynamicKey(entity), isIn('roleId', ids));
      }
    },
  },
});
