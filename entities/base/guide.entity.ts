import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'guide',
  table: 'base_guide',
  area: 'ai',
  label: l('Guide', '指南', '指南'),
  description: 'title is required; a guide links to a page (url) or a video with its cover. Sorted by sort.',
  fields: {
    title: { type: 'string', required: true, nullable: false, label: l('Title', '标题', '標題') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    url: { type: 'string', label: l('Link', '链接', '連結') },
    video: { type: 'string', label: l('Video', '视频', '影片') },
    videoCover: { type: 'string', label: l('Video cover', '视频封面', '影片封面') },
    cover: { type: 'string', label: l('Cover', '封面', '封面') },
    sort: { type: 'int', default: 0, nullable: false, label: l('Sort', '排序', '排序') },
  },
  search: { keyword: ['title'], equal: ['type'] },
  order: { field: 'sort', sort: 'asc' },
  access: keyHolders,
});
