import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'dict',
  name: 'type',
  table: 'dict_type',
  system: 'dictTypes',
  label: l('Dictionary type', '字典类型', '字典類型'),
  description: 'Name and key are required; the key is what clients ask dict/info/data for, so it is unique.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    key: { type: 'string', required: true, nullable: false, unique: true, label: l('Key', '标识', '標識') },
  },
  search: { keyword: ['name', 'key'] },
  access: keyHolders,
});
