/**
 * Where the member's orders are: the personal centre's orders tab (web/src/workspace/account/OrdersTab.tsx),
 * and their earnings and payouts (EarningsTab.tsx).
 * Kept apart from the payment screens' code so the bell can link there without loading their texts.
 */

export const ORDERS_PATH = '/my/info?tab=orders';

/** The orders tab on the member's purchases, or sales (`sold`), with order `orderNo` open when given. */
export function orderPath(orderNo: string | null | undefined, sold: boolean): string {
  return `${ORDERS_PATH}${sold ? '&side=sold' : ''}${orderNo ? `&order=${encodeURIComponent(orderNo)}` : ''}`;
}

/** The earnings tab: a creator's earnings, withdrawable balance and payouts. */
export const EARNINGS_PATH = '/my/info?tab=earnings';
