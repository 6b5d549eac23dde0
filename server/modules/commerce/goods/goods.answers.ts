/** What the store's calls take and answer in common, for their declarations (/eps, OpenAPI, agents). */
import { int, BOOL, INT, NUM, STR, nullable, obj, entity } from '../../../core/api';
import type { Core, JsonSchema } from '../../../core/api';

/** page from 1 and size 1..1000 of a paged read (20 by default). */
export const PAGE = { page: int({ min: 1, max: 10_000_000 }).optional(), size: int({ min: 1, max: 1000 }).optional() };

/** The page and size of `input`, with the store's defaults. */
export function paged(input: { page?: number; size?: number }, size = 20): { page: number; size: number } {
  return { page: input.page ?? 1, size: input.size ?? size };
}

/** A goods row as the store shows it: the entity's row (public fields only, to others) with typeName and userName. */
export function goodsRow(core: Core): JsonSchema {
  return { allOf: [entity(core.model, 'goods/info').schema.row, obj({ typeName: nullable(STR), userName: nullable(STR) }, ['typeName', 'userName'])] };
}

/** A spec as the store shows it. */
export const SPEC = obj({ id: INT, name: nullable(STR), price: nullable(NUM), stock: nullable(INT), sortNum: nullable(INT), images: nullable({}) });

/** An order row with its goods and the names of its buyer and seller (order.routes.ts withGoods). */
export function orderRow(core: Core): JsonSchema {
  const goods = nullable(obj({ id: INT, title: nullable(STR), mainPic: nullable(STR) }));
  return {
    allOf: [entity(core.model, 'goods/order').schema.row, obj({ goods, buyerName: nullable(STR), sellerName: nullable(STR) }, ['buyerName', 'sellerName'])],
  };
}

/** The order status answer of the payment calls (stripe/alipay query). */
export const ORDER_STATE = obj({ orderNo: STR, status: INT, payStatus: INT, reason: nullable(STR) });

/** What an administrator's refund answers (goods/order/admin-refund.ts), Stripe's and Alipay's alike. */
export const REFUNDED = obj({ orderNo: STR, status: INT, payStatus: INT, reason: nullable(STR), refundId: nullable(STR), duplicate: BOOL });
