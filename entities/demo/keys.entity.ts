import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'demo',
  name: 'keys',
  table: 'demo_keys',
  label: l('Demo keys', '示例键值', '示例鍵值'),
  description:
    'The spec says only "fields up to 100 characters"; we chose name, keyName and value, each a string ' + 'of at most 100 characters. The name is required.',
  fields: {
    name: { type: 'string', length: 100, required: true, nullable: false, label: l('Name', '名称', '名稱') },
    keyName: { type: 'string', length: 100, label: l('Key', '键名', '鍵名') },
    value: { type: 'string', length: 100, label: l('Value', '值', '值') },
  },
  search: { keyword: ['name', 'keyName'] },
  access: keyHolders,
});
