/**
 * Catalogue events of goods (plugin `notify` hook): `goods.published` when a goods item goes on
 * shelf (status 1), added so or switched on later, and not deleted.
 */
import { l, defineEvent } from '../../../../core/api';

const ON_SHELF = 1;

defineEvent('goods.published', {
  entity: 'goods/info',
  summary: l('A goods item went on shelf', '商品已上架', '商品已上架'),
  fields: ['id', 'title', 'price', 'userId', 'typeId', 'createTime'],
  when: ({ before, after }) =>
    after !== null && !after.delete && after.status === ON_SHELF && (before === null || before.status !== ON_SHELF || !!before.delete),
});
