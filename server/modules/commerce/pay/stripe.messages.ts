/** Envelope messages of the Stripe calls (/admin/base/stripe/*). */
import { registerMessages } from '../../../core/api';

export const STRIPE = registerMessages({
  en: {
    stripe_not_configured: 'Card payments are not set up on this server',
    stripe_unavailable: 'The card payment provider could not be reached; please try again',
    stripe_refused: 'The card payment provider refused the request: {detail}',
    stripe_amount_not_exact: 'This amount cannot be charged exactly in {currency}',
    stripe_plan_not_subscribable: 'This VIP plan cannot be paid as a subscription (its period must be 1 to 1095 days)',
    stripe_webhook_not_configured: 'Stripe webhooks are not set up on this server',
    stripe_bad_signature: 'The Stripe signature of this request is missing or invalid',
    stripe_amount_mismatch: 'The amount or currency paid does not match the order',
    stripe_event_too_early: 'This order has not been paid yet; the event will be accepted once it is',
    stripe_not_refundable: 'Only a paid card payment can be refunded',
    stripe_no_transaction: 'This order has no card payment to refund',
  },
  'zh-cn': {
    stripe_not_configured: '本服务器未配置银行卡支付',
    stripe_unavailable: '无法连接银行卡支付服务，请稍后重试',
    stripe_refused: '银行卡支付服务拒绝了请求：{detail}',
    stripe_amount_not_exact: '该金额无法以 {currency} 精确支付',
    stripe_plan_not_subscribable: '该会员套餐不能以订阅方式支付（周期须为 1 至 1095 天）',
    stripe_webhook_not_configured: '本服务器未配置 Stripe 回调',
    stripe_bad_signature: '该请求的 Stripe 签名缺失或无效',
    stripe_amount_mismatch: '支付的金额或币种与订单不符',
    stripe_event_too_early: '该订单尚未支付，支付后将接受此事件',
    stripe_not_refundable: '只有已支付的银行卡付款可以退款',
    stripe_no_transaction: '该订单没有可退款的银行卡付款',
  },
  'zh-tw': {
    stripe_not_configured: '本伺服器未設定信用卡付款',
    stripe_unavailable: '無法連線信用卡付款服務，請稍後再試',
    stripe_refused: '信用卡付款服務拒絕了請求：{detail}',
    stripe_amount_not_exact: '此金額無法以 {currency} 精確付款',
    stripe_plan_not_subscribable: '此會員方案不能以訂閱方式付款（週期須為 1 至 1095 天）',
    stripe_webhook_not_configured: '本伺服器未設定 Stripe 回呼',
    stripe_bad_signature: '此請求的 Stripe 簽章缺失或無效',
    stripe_amount_mismatch: '付款的金額或幣別與訂單不符',
    stripe_event_too_early: '此訂單尚未付款，付款後將接受此事件',
    stripe_not_refundable: '只有已付款的信用卡付款可以退款',
    stripe_no_transaction: '此訂單沒有可退款的信用卡付款',
  },
});
