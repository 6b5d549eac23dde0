/**
 * Permission-matrix fixtures of the Stripe calls (/admin/base/stripe/*): each aims at member A's
 * order. The walk needs Stripe configured, else the payment calls answer 503 (which the matrix counts
 * as a server error): start `startMatrixStripe()` and add its `env` to the app's environment.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';
import { FakeStripe } from './fake-stripe';

/** The number of A's paid order (matrix-seed.ts). */
export const orderNoOfA = (w: World): string => w.orderNo;

export const STRIPE_FIXTURES: Record<string, (w: World) => Fixture> = {
  // B pays, queries, refunds A's order: 404 (not theirs) or 403 (refund is not a member's call).
  'GET /admin/base/stripe/pay': (w) => read({ query: { orderNo: orderNoOfA(w) } }),
  'GET /admin/base/stripe/query': (w) => read({ query: { orderNo: orderNoOfA(w) } }),
  'POST /admin/base/stripe/refund': (w) => write({ body: { orderNo: orderNoOfA(w) } }),
  // B's own new orders only (a test order, a VIP plan that does not exist).
  'GET /admin/base/stripe/testPay': () => write({}),
  'GET /admin/base/stripe/subscribe': () => write({ query: { vipId: 999_999 } }),
  // Public: the return page confirms only what Stripe says is paid and reveals nothing; cancel only redirects.
  'GET /admin/base/stripe/return': (w) => write({ query: { orderNo: orderNoOfA(w), session_id: 'cs_test_forged' } }),
  'GET /admin/base/stripe/cancel': (w) => read({ query: { orderNo: orderNoOfA(w) } }),
  'GET /admin/base/stripe/todayStripePayments': () => read({}),
  // An unsigned event claiming A's order is paid: refused (400), nothing changes.
  'POST /admin/base/stripe/notify': (w) =>
    write({
      body: {
        id: 'evt_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_forged',
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
            amount_total: 1,
            currency: 'usd',
            client_reference_id: orderNoOfA(w),
            metadata: { orderNo: orderNoOfA(w) },
          },
        },
      },
    }),
};

/** A fake Stripe for the matrix walk: `env` configures the app for it. */
export async function startMatrixStripe(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const fake = await new FakeStripe().start();
  return { env: fake.env(), stop: () => fake.stop() };
}
