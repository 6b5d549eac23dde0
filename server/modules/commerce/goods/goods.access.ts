/**
 * The store's row checks, each said once. They are not call rules: whether the caller may act on an
 * order or a goods depends on that row, read (or locked) by the operation, and a caller it is not for
 * gets 404, so nobody learns the row exists. Who may make each call at all is its declaration's
 * `access` (the permission key the member role holds, or public).
 */
import type { AuthUser, Row } from '../../../core/api';

const id = (v: unknown) => Number(v);

/** The order's buyer, or an administrator (who reaches every order): cancel, pay, query. */
export function isBuyerOrAdmin(order: Row, caller: AuthUser | null): boolean {
  return !!caller && (!!caller.isAdmin || id(order.userId) === caller.id);
}

/** The order's buyer or seller, or an administrator: orderDetail. */
export function mayReadOrder(order: Row, caller: AuthUser): boolean {
  return !!caller.isAdmin || id(order.userId) === caller.id || id(order.sellerId) === caller.id;
}

/** The order's seller only (the remark is the seller's word: the administrator is refused too). */
export function isSellerOf(order: Row, caller: AuthUser): boolean {
  return id(order.sellerId) === caller.id;
}

/** The goods' seller, or an administrator: restore. */
export function isSellerOrAdmin(goods: Row, caller: AuthUser): boolean {
  return !!caller.isAdmin || id(goods.userId) === caller.id;
}

/**
 * Whether the removal record's rows are all the caller's (an administrator may restore a record that
 * holds other sellers' goods, a console batch delete; a seller may not).
 */
export function mayRestoreRecord(rows: ReadonlyArray<{ userId: number | null }>, caller: AuthUser): boolean {
  return !!caller.isAdmin || rows.every((r) => r.userId === caller.id);
}
