/** Test helpers of the commerce issue: goods for sale, paying an order as a provider would, the ledger check. */
import { expect } from 'vitest';
import type { TestApp } from './app';
import { ok, post, type Person } from './group-members';
import { confirmPayment, type ConfirmResult } from '../../server/modules/commerce/goods/order/fulfil.service';
import { prepareCharge } from '../../server/modules/commerce/goods/order/order.service';
import { SYSTEM } from '../../server/core/entity/access';

export interface Listing {
  goodsId: number;
  specIds: number[];
}

/** Goods of `seller` on the shelf at `price`, with specs `[{price, stock}]` (added by the administrator). */
export async function listGoods(
  t: TestApp,
  seller: Person,
  opts: { price?: number; isFree?: number; groupId?: number; specs?: Array<{ price: number; stock: number }> } = {},
): Promise<Listing> {
  const body: Record<string, unknown> = {
    title: `Workflow ${Math.random().toString(36).slice(2, 8)}`,
    price: opts.price ?? 9.9,
    status: 1,
    isDisplay: 1,
    isFree: opts.isFree ?? 0,
  };
  if (opts.groupId) body.groupId = opts.groupId;
  const { id } = ok(await post(t, seller, '/admin/goods/info/add', body));
  const specIds: number[] = [];
  for (const [i, s] of (opts.specs ?? []).entries()) {
    specIds.push(ok(await post(t, t.adminToken, '/admin/goods/spec/add', { goodsId: id, name: `Spec ${i + 1}`, price: s.price, stock: s.stock })).id);
  }
  return { goodsId: id, specIds };
}

/** Pays order `orderNo` as provider `stripe` would confirm it (what the webhook handler calls), once prepared. */
export async function payAsProvider(
  t: TestApp,
  orderNo: string,
  eventId: string,
  override: { amountCents?: number; currency?: string; transactionId?: string } = {},
): Promise<ConfirmResult> {
  const [row] = await t.core.db.query<{ extraInfo: unknown }>('SELECT `extraInfo` FROM `goods_order` WHERE `orderNo` = ?', [orderNo]);
  const extra = typeof row?.extraInfo === 'string' ? JSON.parse(row.extraInfo) : row?.extraInfo;
  const charge = extra?.charges?.stripe
    ? { amountCents: Number(extra.charges.stripe.cents), currency: String(extra.charges.stripe.currency) }
    : await prepareCharge(t.core, SYSTEM, orderNo, 'stripe', { anyone: true });
  return confirmPayment(t.core, {
    provider: 'stripe',
    eventId,
    orderNo,
    amountCents: override.amountCents ?? charge.amountCents,
    currency: override.currency ?? charge.currency,
    transactionId: override.transactionId ?? `pi_${orderNo}`,
    raw: { test: true },
  });
}

/** The ledger check answers no mismatch: every balance equals the sum of its entries. */
export async function expectLedgerBalanced(t: TestApp): Promise<{ users: number; entries: number; debts: unknown[] }> {
  const r = await t.http().get('/admin/base/tokenLog/check').set('Authorization', t.adminToken);
  expect(r.body.code).toBe(1000);
  expect(r.body.data.mismatches).toEqual([]);
  return r.body.data;
}

export async function userRow(t: TestApp, id: number): Promise<Record<string, any>> {
  const [row] = await t.core.db.query<Record<string, any>>('SELECT * FROM `base_sys_user` WHERE `id` = ?', [id]);
  return row;
}
