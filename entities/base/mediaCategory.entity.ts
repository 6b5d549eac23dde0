import { defineEntity, l, ownRows } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'mediaCategory',
  table: 'base_media_category',
  area: 'ai',
  label: l('Media category', '媒体分类', '媒體分類'),
  description:
    "The spec names this entity without fields; it is a folder of a member's media library, " +
    'nested through parentId. name is required; userId is the owner, taken from the token.',
  fields: {
    userId: { type: 'int', index: true, label: l('Owner', '所有者', '擁有者') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    parentId: { type: 'int', nullable: true, index: true, label: l('Parent category', '上级分类', '上層分類') },
    sort: { type: 'int', default: 0, nullable: false, label: l('Sort', '排序', '排序') },
  },
  actions: ['add', 'update', 'delete', 'info', 'list'],
  methods: { info: 'POST' },
  search: { keyword: ['name'], equal: ['parentId'] },
  order: { field: 'sort', sort: 'asc' },
  owner: 'userId',
  access: { ...ownRows, members: 'all' },
});
