import { defineEntity, l } from '../../server/core/entity/define';

export default defineEntity({
  module: 'space',
  name: 'info',
  table: 'space_info',
  label: l('File', '文件', '檔案'),
  note:
    'A file in the file space; the url is required. size is in bytes, an int since uploads are limited ' +
    'to 100 MB (001 §9). The spec gives no owner field, so rows have no owner.',
  fields: {
    url: { type: 'string', required: true, nullable: false, label: l('URL', '地址', '位址') },
    type: { type: 'string', label: l('Type', '类型', '類型') },
    classifyId: { type: 'int', index: true, label: l('Category', '分类', '分類') },
    fileId: { type: 'string', label: l('File id', '文件标识', '檔案標識') },
    name: { type: 'string', label: l('Name', '文件名', '檔名') },
    size: { type: 'int', label: l('Size', '大小', '大小') },
    version: { type: 'int', default: 1, nullable: false, label: l('Version', '版本', '版本') },
    key: { type: 'string', label: l('Storage key', '文件位置', '檔案位置') },
  },
  search: { keyword: ['name'], equal: ['type', 'classifyId'] },
});
