/**
 * Permission-matrix fixtures of the Alipay calls (/admin/base/alipay/*): each aims at member A's paid
 * order (`w.orderNo`). The walk needs Alipay configured, else pay, testPay and query answer 503 (which
 * the matrix counts as a server error): start `startMatrixAlipay()` and add its `env` to the app's
 * environment.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';
import { FakeAlipay } from './fake-alipay';

export const ALIPAY_FIXTURES: Record<string, (w: World) => Fixture> = {
  // Public by the spec: A's order is paid, so no paying URL (409) and nothing written on it.
  'GET /admin/base/alipay/pay': (w) => read({ query: { orderNo: w.orderNo } }),
  // B's own new 0.01 order only.
  'GET /admin/base/alipay/testPay': () => write({}),
  // A's order is not B's: 404.
  'GET /admin/base/alipay/query': (w) => read({ query: { orderNo: w.orderNo } }),
  // The browser's return for A's order, with forged Alipay parameters and without: only a redirect.
  'GET /admin/base/alipay/return': (w) =>
    write(
      { query: { orderNo: w.orderNo, out_trade_no: w.orderNo, trade_no: '2024000000000001', total_amount: '0.01', sign: 'forged', sign_type: 'RSA2' } },
      { query: { orderNo: w.orderNo } },
    ),
  // B refunds A's paid order: 403, refunding is not a member's call.
  'POST /admin/base/alipay/refund': (w) => write({ body: { orderNo: w.orderNo, reason: 'not mine' } }),
  // An unsigned notify claiming A's order is paid: refused (400 `fail`), nothing changes.
  'POST /admin/base/alipay/notify': (w) =>
    write({
      body: {
        out_trade_no: w.orderNo,
        trade_no: '2024000000000001',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '0.01',
        app_id: '2021000000000042',
        notify_id: 'forged',
      },
    }),
};

/** A fake Alipay gateway for the matrix walk: `env` configures the app for it (PUBLIC_URL is the caller's). */
export async function startMatrixAlipay(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const fake = await new FakeAlipay().start();
  return { env: { ...fake.env(), ALIPAY_NOTIFY_URL: 'http://127.0.0.1:9/admin/base/alipay/notify' }, stop: () => fake.stop() };
}
