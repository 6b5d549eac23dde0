import { defineEntity, enabledStatus, l, eq, keyHolders, fail, registerMessages } from '../../server/core/api';

const TYPE = registerMessages({
  en: { goods_type_not_empty: 'Goods type {id} still has {goods} goods and {children} sub-type(s): move them elsewhere first' },
  'zh-cn': { goods_type_not_empty: '商品分类 {id} 下还有 {goods} 个商品和 {children} 个子分类，请先移走' },
  'zh-tw': { goods_type_not_empty: '商品分類 {id} 下還有 {goods} 個商品和 {children} 個子分類，請先移走' },
});

export default defineEntity({
  module: 'goods',
  name: 'type',
  table: 'goods_type',
  area: 'commerce',
  label: l('Goods type', '商品分类', '商品分類'),
  description:
    'A goods category, nested by parentId (may be empty); the name is required. The list is public and ' +
    'answered on GET (001 §7); there is no generic list by POST. A type that still has sub-types or live goods ' +
    'is not deleted (1001 naming them), as departments: nothing is left pointing at a type that no longer exists.',
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
  hooks: {
    async beforeDelete({ t, ids }) {
      if (ids.length === 0) return;
      for (const id of ids) {
        const goods = await t.system.count('goods/info', eq('typeId', id));
        // Sub-types deleted in the same request do not count.
        const children = (await t.system.find('goods/type', eq('parentId', id), { fields: ['id'] })).filter((c) => !ids.includes(Number(c.id))).length;
        if (goods > 0 || children > 0) throw fail.bad(TYPE.goods_type_not_empty, { id, goods, children });
      }
    },
  },
});
