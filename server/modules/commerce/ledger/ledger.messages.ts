/** Envelope messages of the token ledger, redemption codes and their calls. */
import { registerMessages } from '../../../core/api';

export const LEDGER = registerMessages({
  en: {
    ledger_user_not_found: 'This user does not exist',
    ledger_not_enough_tokens: 'Not enough tokens',
    ledger_entries_not_found: 'Some of these ledger entries do not exist or cannot be made withdrawable',
    coupon_not_found: 'This redemption code does not exist',
    coupon_used: 'This redemption code has already been used',
    coupon_expired: 'This redemption code has expired',
    coupon_disabled: 'This redemption code has been disabled',
    coupon_too_many_tries: 'Too many redemption attempts, please try again later',
    notify_tokens_given: 'An administrator gave you {amount} tokens',
    notify_tokens_taken: 'An administrator took {amount} tokens from your balance',
  },
  'zh-cn': {
    ledger_user_not_found: '该用户不存在',
    ledger_not_enough_tokens: '代币不足',
    ledger_entries_not_found: '部分代币记录不存在或不能设为可提现',
    coupon_not_found: '兑换码不存在',
    coupon_used: '该兑换码已被使用',
    coupon_expired: '该兑换码已过期',
    coupon_disabled: '该兑换码已停用',
    coupon_too_many_tries: '兑换尝试过于频繁，请稍后再试',
    notify_tokens_given: '管理员给了你 {amount} 代币',
    notify_tokens_taken: '管理员从你的余额中扣除了 {amount} 代币',
  },
  'zh-tw': {
    ledger_user_not_found: '此使用者不存在',
    ledger_not_enough_tokens: '代幣不足',
    ledger_entries_not_found: '部分代幣紀錄不存在或不能設為可提領',
    coupon_not_found: '兌換碼不存在',
    coupon_used: '此兌換碼已被使用',
    coupon_expired: '此兌換碼已過期',
    coupon_disabled: '此兌換碼已停用',
    coupon_too_many_tries: '兌換嘗試過於頻繁，請稍後再試',
    notify_tokens_given: '管理員給了你 {amount} 代幣',
    notify_tokens_taken: '管理員從你的餘額中扣除了 {amount} 代幣',
  },
});
