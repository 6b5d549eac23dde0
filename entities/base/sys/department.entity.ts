import { defineEntity, l } from '../../../server/core/entity/define';

export default defineEntity({
  module: 'base',
  name: 'sys/department',
  table: 'base_sys_department',
  label: l('Department', '部门', '部門'),
  note: 'name is required; departments form a tree through parentId and sort by orderNum.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    parentId: {
      type: 'int',
      nullable: true,
      index: true,
      label: l('Parent department', '上级部门', '上層部門'),
    },
    orderNum: { type: 'int', default: 0, nullable: false, label: l('Order', '排序', '排序') },
  },
  actions: ['add', 'update', 'delete', 'list'],
  search: { keyword: ['name'], equal: ['parentId'] },
  order: { field: 'orderNum', sort: 'asc' },
});
