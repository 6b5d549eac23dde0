import { defineEntity, enabledStatus, l } from '../../server/core/entity/define';
import { keyHolders } from '../../server/core/entity/access';

export default defineEntity({
  module: 'goods',
  name: 'type',
  table: 'goods_type',
  area: 'commerce',
  label: l('Goods type', '商品分类', '商品分類'),
  note:
    'A goods category, nested by parentId (may be empty); the name is required. The list is public and ' +
    'answered on GET (001 §7); there is no generic list by POST.',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    parentId: { type: 'int', nullable: true, label: l('Parent', '上级分类', '上級分類') },
    sortNum: { type: 'int', default: 0, nullable: false, label: l('Sort', '排序', '排序') },
    pic: { type: 'string', label: l('Picture', '图片', '圖片') },
    status: enabledStatus(1),
  },
  actions: ['add', 'update', 'delete', 'page', 'list', 'info'],
  methods: { list: 'GET' },
  public: ['list'],
  search: { keyword: ['name'], equal: ['parentId', 'status'] },
  order: { field: 'sortNum', sort: 'asc' },
  // Goods types are listed to everyone (list is public).
  access: { ...keyHolders, visible: { anonymous: 'all', member: 'all' } },
});
