import { defineEntity, l, ownRows } from '../../server/core/api';

export default defineEntity({
  module: 'goods',
  name: 'favorite',
  table: 'goods_favorite',
  area: 'commerce',
  label: l('Favorite', '收藏', '收藏'),
  description:
    'One row per member and saved goods (goodsId required, userId from the token). Written by addFavorite ' +
    'and cancelFavorite; the generic routes are page and info for the console.',
  fields: {
    goodsId: { type: 'int', required: true, nullable: false, index: true, label: l('Goods', '商品', '商品') },
    userId: { type: 'int', index: true, label: l('Member', '用户', '用戶') },
  },
  actions: ['page', 'info'],
  search: { equal: ['goodsId', 'userId'] },
  owner: 'userId',
  indexes: [{ fields: ['goodsId', 'userId'], unique: true }],
  access: ownRows,
});
