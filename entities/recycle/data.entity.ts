import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'recycle',
  name: 'data',
  table: 'recycle_data',
  system: 'recycle',
  label: l('Recycle bin', '回收站', '資源回收筒'),
  description:
    'Written by every delete in the same transaction (docs/reference/api.md): entityInfo says where the rows came ' +
    'from ({module, entity, table, soft}, soft being the flag field or null), data holds the deleted rows without their hidden fields (password hashes...), which hiddenData keeps ' +
    'server-side by row id for restore. ' +
    'Read-only for the console (page, info); restore is a custom call.',
  fields: {
    entityInfo: { type: 'json', jsonType: 'object', label: l('Entity', '实体信息', '實體資訊') },
    userId: { type: 'int', index: true, label: l('Operator', '操作人', '操作人') },
    data: { type: 'json', jsonType: 'array', label: l('Deleted data', '被删除的数据', '被刪除的資料') },
    url: { type: 'string', label: l('Request URL', '请求地址', '請求位址') },
    params: { type: 'json', label: l('Request parameters', '请求参数', '請求參數') },
    count: { type: 'int', default: 1, nullable: false, label: l('Count', '删除数量', '刪除數量') },
    userName: { type: 'string', label: l('Operator name', '操作人名称', '操作人名稱') },
    hiddenData: {
      type: 'json',
      jsonType: 'object',
      hidden: true,
      label: l('Hidden values', '隐藏字段值', '隱藏欄位值'),
    },
  },
  actions: ['page', 'info'],
  search: { keyword: ['userName', 'url'] },
  order: { field: 'id', sort: 'desc' },
  access: keyHolders,
});
