import { defineEntity, l, fail, registerMessages, and, eq, keyHolders } from '../../../server/core/api';

/** The department rules' messages; the department calls (department/order) refuse a loop with the same one. */
export const DEPARTMENT_MESSAGES = registerMessages({
  en: {
    department_cycle: 'A department cannot be placed under itself or one of its own sub-departments',
    department_not_empty: 'Department {id} still has {users} user(s) and {children} sub-department(s): move them elsewhere first',
  },
  'zh-cn': {
    department_cycle: '部门不能放在自己或自己的下级部门之下',
    department_not_empty: '部门 {id} 下还有 {users} 个用户和 {children} 个下级部门，请先移走',
  },
  'zh-tw': {
    department_cycle: '部門不能放在自己或自己的下級部門之下',
    department_not_empty: '部門 {id} 下還有 {users} 個使用者和 {children} 個下級部門，請先移走',
  },
});

export default defineEntity({
  module: 'base',
  name: 'sys/department',
  table: 'base_sys_department',
  system: 'departments',
  label: l('Department', '部门', '部門'),
  description:
    'name is required; departments form a tree through parentId (never a loop) and sort by orderNum. A department ' +
    'that still holds users (not deleted) or sub-departments is not deleted (1001 naming them): nobody is left ' +
    'pointing at a department that no longer exists.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    parentId: {
      type: 'int',
      nullable: true,
      index: true,
      // A top-level department: a valid value whatever rows exist.
      example: null,
      label: l('Parent department', '上级部门', '上層部門'),
    },
    orderNum: { type: 'int', default: 0, nullable: false, label: l('Order', '排序', '排序') },
  },
  actions: ['add', 'update', 'delete', 'list'],
  search: { keyword: ['name'], equal: ['parentId'] },
  order: { field: 'orderNum', sort: 'asc' },
  access: keyHolders,
  hooks: {
    // A department may not be put under itself or one of its own sub-departments (the tree would loop).
    async beforeChange({ t, id, data }) {
      if (id === undefined || data.parentId === undefined || data.parentId === null) return;
      const rows = await t.system.find('base/sys/department', and(), { fields: ['parentId'] });
      const parents = new Map(rows.map((r) => [Number(r.id), r.parentId === null ? null : Number(r.parentId)]));
      const seen = new Set<number>();
      for (let p: number | null = Number(data.parentId); p !== null && !seen.has(p); p = parents.get(p) ?? null) {
        if (p === id) throw fail.bad(DEPARTMENT_MESSAGES.department_cycle);
        seen.add(p);
      }
    },
    // Users and sub-departments of a deleted department would point at nothing: they are moved first.
    async beforeDelete({ t, ids }) {
      if (ids.length === 0) return;
      for (const id of ids) {
        const users = await t.system.count('base/sys/user', eq('departmentId', id));
        // Sub-departments deleted in the same request do not count.
        const children = (await t.system.find('base/sys/department', eq('parentId', id), { fields: ['id'] })).filter((c) => !ids.includes(Number(c.id))).length;
        if (users > 0 || children > 0) throw fail.bad(DEPARTMENT_MESSAGES.department_not_empty, { id, users, children });
      }
    },
  },
});
