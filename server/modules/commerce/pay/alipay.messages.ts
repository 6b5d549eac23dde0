/** Envelope messages of the Alipay calls. */
import { registerMessages } from '../../../core/api';

export const ALIPAY = registerMessages({
  en: {
    alipay_not_configured: 'Alipay payments are not set up on this server',
    alipay_unavailable: 'Alipay cannot be reached right now, please try again in a moment',
    alipay_rejected: 'Alipay refused this request',
    alipay_too_many: 'Too many payment requests from your address, please try again later',
    alipay_not_refundable: 'Only a paid Alipay payment can be refunded',
    alipay_no_transaction: 'This order has no Alipay payment to refund',
  },
  'zh-cn': {
    alipay_not_configured: '本站尚未开通支付宝支付',
    alipay_unavailable: '暂时无法连接支付宝，请稍后再试',
    alipay_rejected: '支付宝拒绝了此请求',
    alipay_too_many: '您的地址发起支付请求过于频繁，请稍后再试',
    alipay_not_refundable: '只有已支付的支付宝付款可以退款',
    alipay_no_transaction: '该订单没有可退款的支付宝付款',
  },
  'zh-tw': {
    alipay_not_configured: '本站尚未開通支付寶付款',
    alipay_unavailable: '暫時無法連線支付寶，請稍後再試',
    alipay_rejected: '支付寶拒絕了此請求',
    alipay_too_many: '您的位址發起付款請求過於頻繁，請稍後再試',
    alipay_not_refundable: '只有已付款的支付寶付款可以退款',
    alipay_no_transaction: '此訂單沒有可退款的支付寶付款',
  },
});
