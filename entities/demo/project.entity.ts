import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'demo',
  name: 'project',
  table: 'demo_project',
  label: l('Demo project', '示例项目', '示例專案'),
  description: 'The spec names the entity without fields; we chose a required name and an optional remark.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
  },
  search: { keyword: ['name'] },
  access: keyHolders,
});
