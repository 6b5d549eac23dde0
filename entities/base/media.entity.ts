import { defineEntity, l, ownRows } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'media',
  table: 'base_media',
  area: 'ai',
  label: l('Media', '媒体', '媒體'),
  description:
    "The spec names this entity without fields; it is a member's media library item (an uploaded " +
    'image, video, audio or document) filed under a media category. url is required; userId is the ' +
    'owner, taken from the token.',
  fields: {
    userId: { type: 'int', index: true, label: l('Owner', '所有者', '擁有者') },
    categoryId: { type: 'int', index: true, label: l('Category', '分类', '分類') },
    name: { type: 'string', label: l('Name', '名称', '名稱') },
    url: { type: 'text', required: true, nullable: false, label: l('URL', '地址', '網址') },
    type: { type: 'string', length: 50, label: l('Type', '类型', '類型') },
    mimeType: { type: 'string', length: 100, label: l('MIME type', 'MIME 类型', 'MIME 類型') },
    size: { type: 'bigint', label: l('Size (bytes)', '大小（字节）', '大小（位元組）') },
    cover: { type: 'string', label: l('Cover', '封面', '封面') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
  },
  actions: ['add', 'update', 'delete', 'info', 'list'],
  methods: { info: 'POST' },
  search: { keyword: ['name'], equal: ['categoryId', 'type'] },
  order: { field: 'id', sort: 'desc' },
  owner: 'userId',
  access: { ...ownRows, members: 'all' },
});
