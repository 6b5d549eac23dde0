import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'dict',
  name: 'info',
  table: 'dict_info',
  label: l('Dictionary entry', '字典项', '字典項'),
  description:
    'An entry belongs to a type (typeId, required) and has a required name; entries sort by orderNum ' +
    '(001 §7), which defaults to 0. parentId nests entries and may be empty.',
  fields: {
    typeId: { type: 'int', required: true, nullable: false, index: true, label: l('Type', '类型', '類型') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    value: { type: 'string', label: l('Value', '值', '值') },
    orderNum: { type: 'int', default: 0, nullable: false, label: l('Order', '排序', '排序') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    parentId: { type: 'int', nullable: true, label: l('Parent', '上级', '上級') },
  },
  search: { keyword: ['name'], equal: ['typeId', 'parentId'] },
  order: { field: 'orderNum', sort: 'asc' },
  access: keyHolders,
});
