import { defineEntity, l, ownRows } from '../../server/core/api';

/** The id of the default desktop, which is never a row (000 §9). */
export const DEFAULT_DESKTOP_ID = 999;

export default defineEntity({
  module: 'base',
  name: 'desktop',
  table: 'base_desktop',
  area: 'workspace',
  label: l('Desktop', '桌面', '桌面'),
  description:
    'name is required; userId is the creator, taken from the token. member lists GROUP ids, in the order ' +
    "they show on the desktop (groupMember/groupToDesktop moves a group there and off the owner's other " +
    'desktops). The default desktop, id 999 named Default, is virtual and never a row: desktop/list puts ' +
    "it first (sort -1) with the caller's groups that none of their desktops holds; desktop/add never " +
    'leaves a real desktop at id 999. Sorted by sort (updateSortByIds sets it to the position in the list ' +
    'sent); removal is soft (delete=1). add and list are hand-written (server/modules/workspace/groups).',
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
      label: l('Groups', '群组', '群組'),
    },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
  },
  actions: ['update', 'delete', 'info', 'page'],
  search: { keyword: ['name'], equal: ['id', 'userId'] },
  order: { field: 'sort', sort: 'asc' },
  owner: 'userId',
  softDelete: 'delete',
  access: { ...ownRows, members: 'all' },
});
