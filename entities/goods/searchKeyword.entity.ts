import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'goods',
  name: 'searchKeyword',
  table: 'goods_search_keyword',
  area: 'commerce',
  label: l('Search keyword', '搜索关键词', '搜尋關鍵字'),
  description: 'A suggested search keyword; the name is required. sortNum defaults to 0 and may be empty (001 §3).',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Keyword', '关键词', '關鍵字') },
    sortNum: { type: 'int', default: 0, nullable: true, label: l('Sort', '排序', '排序') },
  },
  search: { keyword: ['name'] },
  order: { field: 'sortNum', sort: 'asc' },
  // The store shows the suggested keywords to members (issue 18); administrators edit them.
  access: { ...keyHolders, members: ['list'], visible: { member: 'all' } },
});
