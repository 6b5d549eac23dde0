import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'ads',
  table: 'base_ads',
  area: 'commerce',
  label: l('Advertisement', '广告', '廣告'),
  description: 'title is required; image is the picture shown and url where a click leads.',
  fields: {
    title: { type: 'string', required: true, nullable: false, label: l('Title', '标题', '標題') },
    subTitle: { type: 'string', label: l('Subtitle', '副标题', '副標題') },
    image: { type: 'string', label: l('Image', '图片', '圖片') },
    url: { type: 'string', label: l('Link', '链接', '連結') },
  },
  search: { keyword: ['title', 'subTitle'] },
  access: keyHolders,
});
