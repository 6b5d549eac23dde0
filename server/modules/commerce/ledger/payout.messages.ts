/** Envelope and notice messages of payouts (base/payout). */
import { registerMessages } from '../../../core/api';

export const PAYOUT = registerMessages({
  en: {
    payout_not_found: 'This payout does not exist',
    payout_not_open: 'This payout was already paid or rejected',
    payout_not_enough: 'Not enough withdrawable tokens',
    notify_payout_paid: 'Your payout of {amount} tokens was paid (reference {reference})',
    notify_payout_rejected: 'Your payout of {amount} tokens was rejected: the tokens are withdrawable again',
  },
  'zh-cn': {
    payout_not_found: '该提现申请不存在',
    payout_not_open: '该提现申请已支付或已拒绝',
    payout_not_enough: '可提现代币不足',
    notify_payout_paid: '您提现的 {amount} 代币已支付（凭证号 {reference}）',
    notify_payout_rejected: '您提现 {amount} 代币的申请被拒绝：这些代币已退回可提现余额',
  },
  'zh-tw': {
    payout_not_found: '此提領申請不存在',
    payout_not_open: '此提領申請已支付或已拒絕',
    payout_not_enough: '可提領代幣不足',
    notify_payout_paid: '您提領的 {amount} 代幣已支付（憑證號 {reference}）',
    notify_payout_rejected: '您提領 {amount} 代幣的申請被拒絕：這些代幣已退回可提領餘額',
  },
});
