/** Envelope messages of the goods store's calls: listings, owner actions, likes and favorites. */
import { registerMessages } from '../../../../core/api';

export const GOODS = registerMessages({
  en: {
    goods_not_found: 'This goods does not exist or is not on sale',
    goods_pin_limit: 'You can pin at most {max} goods; unpin another one first',
    goods_not_removed: 'This goods has not been removed',
    goods_not_restorable: 'This goods can no longer be restored',
    goods_restore_in_bin: 'This goods was removed together with goods of other sellers; an administrator restores it from the recycle bin',
    goods_spec_not_found: 'Spec {id} does not belong to this goods',
    goods_spec_in_use: 'Spec {id} has unpaid orders and cannot be removed now',
    goods_like_too_many: 'Too many likes from your address, please try again later',
  },
  'zh-cn': {
    goods_not_found: '该商品不存在或未上架',
    goods_pin_limit: '最多只能置顶 {max} 个商品，请先取消其他置顶',
    goods_not_removed: '该商品未被删除',
    goods_not_restorable: '该商品已无法恢复',
    goods_restore_in_bin: '该商品与其他卖家的商品一同被删除，需由管理员在回收站中恢复',
    goods_spec_not_found: '规格 {id} 不属于该商品',
    goods_spec_in_use: '规格 {id} 尚有未支付的订单，暂不能删除',
    goods_like_too_many: '您的地址点赞过于频繁，请稍后再试',
  },
  'zh-tw': {
    goods_not_found: '此商品不存在或未上架',
    goods_pin_limit: '最多只能置頂 {max} 個商品，請先取消其他置頂',
    goods_not_removed: '此商品未被刪除',
    goods_not_restorable: '此商品已無法復原',
    goods_restore_in_bin: '此商品與其他賣家的商品一同被刪除，需由管理員在資源回收筒中復原',
    goods_spec_not_found: '規格 {id} 不屬於此商品',
    goods_spec_in_use: '規格 {id} 尚有未付款的訂單，暫不能刪除',
    goods_like_too_many: '您的位址按讚過於頻繁，請稍後再試',
  },
});
