/**
 * Colours of the commerce enums, and the options the declarations leave to the console: payment
 * providers (a free string on orders and the payment log) and the payment log's status (an int the
 * payment handlers write: server/modules/commerce/goods/order/order-state.ts PAID_LOG). Pure.
 */
import type { TFunction } from '../../i18n';

export const ORDER_STATUS_COLORS: Record<string, string> = { 0: 'gold', 1: 'green', 4: 'default', 9: 'purple' };
export const PAY_STATUS_COLORS: Record<string, string> = { 0: 'default', 1: 'green', 2: 'red', 4: 'purple' };
export const ORDER_TYPE_COLORS: Record<string, string> = { 0: 'blue', 1: 'gold', 2: 'cyan', 3: 'default' };
export const PROVIDER_COLORS: Record<string, string> = { stripe: 'geekblue', alipay: 'blue' };
/** 1 paid, 2 failed, 4 refunded, 5 refused (amount or currency mismatch), 6 to be refunded (an automatic refund under way). */
export const PAID_LOG_STATUS_COLORS: Record<string, string> = { 1: 'green', 2: 'red', 4: 'purple', 5: 'volcano', 6: 'orange' };
export const COUPON_STATUS_COLORS: Record<string, string> = { 0: 'green', 1: 'default', 2: 'red' };

export function providerOptions(t: TFunction): Array<{ value: string; label: string }> {
  return [
    { value: 'stripe', label: t('viewsCommerce.provider.stripe') },
    { value: 'alipay', label: t('viewsCommerce.provider.alipay') },
  ];
}

export function paidLogStatusOptions(t: TFunction): Array<{ value: number; label: string }> {
  return [1, 2, 4, 5, 6].map((value) => ({ value, label: t(`viewsCommerce.paidLog.status${value}`) }));
}
