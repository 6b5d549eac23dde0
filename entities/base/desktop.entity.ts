import { defineEntity, l } from '../../server/core/entity/define';
import { ownRows } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'desktop',
  table: 'base_desktop',
  label: l('Desktop', '桌面', '桌面'),
  note:
    'name is required; userId is the creator, taken from the token. member lists the user ids ' +
    'on the desktop. Sorted by sort (updateSortByIds); removal is soft (delete=1).',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    avatar: { type: 'string', label: l('Avatar', '头像', '頭像') },
    sort: { type: 'int', default: 0, nullable: false, label: l('Sort', '排序', '排序') },
    userId: { type: 'int', index: true, label: l('Creator', '创建者', '建立者') },
    member: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      label: l('Members', '成员', '成員'),
    },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
  },
  search: { keyword: ['name'], equal: ['id', 'userId'] },
  order: { field: 'sort', sort: 'asc' },
  owner: 'userId',
  softDelete: 'delete',
  access: { ...ownRows, members: 'all' },
});
