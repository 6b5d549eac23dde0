import { defineEntity, enabledStatus, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'demo',
  name: 'goods',
  table: 'demo_goods',
  label: l('Demo goods', '示例商品', '示例商品'),
  description:
    'Fields as 001 §3 (title max 50, price, status, stock). The title is required; stock defaults to 0 ' +
    '(001 §9) and status to 1 (enabled), a choice of ours.',
  fields: {
    title: { type: 'string', length: 50, required: true, nullable: false, label: l('Title', '标题', '標題') },
    price: { type: 'decimal', precision: 12, scale: 2, label: l('Price', '价格', '價格') },
    status: enabledStatus(1),
    stock: { type: 'int', default: 0, nullable: false, label: l('Stock', '库存', '庫存') },
  },
  search: { keyword: ['title'], equal: ['status'] },
  access: keyHolders,
});
