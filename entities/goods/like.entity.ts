import { defineEntity, l } from '../../server/core/entity/define';
import { ownRows } from '../../server/core/entity/access';

export default defineEntity({
  module: 'goods',
  name: 'like',
  table: 'goods_like',
  area: 'commerce',
  label: l('Like', '点赞', '按讚'),
  note:
    'One row per member and liked goods (goodsId required, userId from the token). Written by the custom ' +
    'like calls; the generic routes are page and info for the console.',
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
