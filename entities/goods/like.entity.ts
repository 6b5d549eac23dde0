import { defineEntity, l, ownRows } from '../../server/core/api';

export default defineEntity({
  module: 'goods',
  name: 'like',
  table: 'goods_like',
  area: 'commerce',
  label: l('Like', '点赞', '按讚'),
  description:
    "One row per liker and liked goods (goodsId required). A member's like holds their userId (from the token); " +
    'a visitor without a token is keyed by visitorKey, the visitor id their client sends (issue 17: likes are ' +
    'public, one per visitor or user). Written only by the like toggle (goods/like/like), which keeps ' +
    'goods_info.likeCount equal to the number of rows; the generic routes are page and info for the console.',
  fields: {
    goodsId: { type: 'int', required: true, nullable: false, index: true, label: l('Goods', '商品', '商品') },
    userId: { type: 'int', index: true, label: l('Member', '用户', '用戶') },
    visitorKey: { type: 'string', length: 64, label: l('Visitor id', '访客标识', '訪客識別碼') },
  },
  actions: ['page', 'info'],
  search: { equal: ['goodsId', 'userId'] },
  owner: 'userId',
  indexes: [
    { fields: ['goodsId', 'userId'], unique: true },
    { fields: ['goodsId', 'visitorKey'], unique: true },
  ],
  access: ownRows,
});
