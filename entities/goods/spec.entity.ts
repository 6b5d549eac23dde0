import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'goods',
  name: 'spec',
  table: 'goods_spec',
  area: 'commerce',
  label: l('Goods spec', '商品规格', '商品規格'),
  description: 'A variant of a goods: goodsId and name are required; stock defaults to 0, sortNum to 0 (may be empty).',
  fields: {
    goodsId: { type: 'int', required: true, nullable: false, index: true, label: l('Goods', '商品', '商品') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '规格名称', '規格名稱') },
    price: { type: 'decimal', precision: 12, scale: 2, label: l('Price', '价格', '價格') },
    stock: { type: 'int', default: 0, nullable: false, label: l('Stock', '库存', '庫存') },
    sortNum: { type: 'int', default: 0, nullable: true, label: l('Sort', '排序', '排序') },
    images: {
      type: 'json',
      jsonType: 'array',
      items: 'string',
      nullable: true,
      label: l('Images', '图片', '圖片'),
    },
  },
  search: { keyword: ['name'], equal: ['goodsId'] },
  order: { field: 'sortNum', sort: 'asc' },
  // Specs (name, price, stock, images) are shown with their goods in the store (goods/info openDetail).
  access: { ...keyHolders, visible: { anonymous: 'all', member: 'all' } },
});
