import { defineEntity, l } from '../../server/core/entity/define';
import { keyHolders } from '../../server/core/entity/access';

export default defineEntity({
  module: 'space',
  name: 'type',
  table: 'space_type',
  label: l('File category', '文件分类', '檔案分類'),
  note: 'A category of the file space, nested by parentId (may be empty); the name is required.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    parentId: { type: 'int', nullable: true, label: l('Parent', '上级', '上級') },
  },
  search: { keyword: ['name'], equal: ['parentId'] },
  access: { ...keyHolders, members: ['info', 'list', 'page'] },
});
