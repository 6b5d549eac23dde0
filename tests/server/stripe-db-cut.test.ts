/**
 * A Stripe webhook whose database connection is cut while it is being applied (issue 17), on
 * MariaDB: the app reaches MariaDB through a TCP proxy this test controls, which cuts every
 * connection at the moment the webhook's transaction sends its COMMIT (so the COMMIT never reaches
 * the server and the transaction is rolled back). The webhook must answer non-2xx (Stripe retries),
 * leave nothing changed, and Stripe's retry of the same event must apply it exactly once. The
 * machine's MariaDB is never stopped.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { createTestDb, databaseKinds, MYSQL_URL_BASE, type TestDb } from '../helpers/databases';
import type { FakeStripe } from '../helpers/fake-stripe';
import { person, type Person } from '../helpers/group-members';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { expectLedgerBalanced, orderOf, orderState, paidLogsOf, pay, stripeWorld, tokensOf, vipOrder, vipPlan } from './stripe-world';

const hasMysql = (await databaseKinds()).includes('mysql');

describe.skipIf(!hasMysql)('stripe webhook with the database connection cut, on mysql', () => {
  let db: TestDb;
  let proxy: TcpProxy;
  let t: TestApp;
  let fake: FakeStripe;
  let buyer: Person;
  let vipId: number;

  beforeAll(async () => {
    db = await createTestDb('mysql');
    const base = new URL(MYSQL_URL_BASE);
    proxy = await startTcpProxy(base.hostname, Number(base.port || 3306));
    const through = new URL(db.url);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    ({ t, fake } = await stripeWorld('mysql', {}, { databaseUrl: through.toString() }, { db }));
    buyer = await person(t, 'carla');
    vipId = await vipPlan(t, { amount: 30, period: 30, gift: 100 });
  });
  afterEach(async () => {
    await fake.idle();
    await expectLedgerBalanced(t);
  });
  afterAll(async () => {
    await fake?.stop();
    await t?.close();
    await proxy?.close();
    await db?.drop();
  });

  it('answers non-2xx when the connection is cut at the commit, changes nothing, and applies the retry once', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const tokens = await tokensOf(t, buyer.id);
    const { sessionId } = await pay(t, buyer, orderNo);
    const { event } = await fake.completeSession(sessionId, { deliver: false });
    await t.core.requestLog.flush();
    const before = await orderState(t, orderNo);
    const connections = proxy.connections;

    const cut = proxy.cutOn('COMMIT');
    const failed = await fake.resend(event);
    await cut;
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await orderState(t, orderNo)).toEqual(before);
    expect(await tokensOf(t, buyer.id)).toBe(tokens);

    // Stripe retries the same event: the pool opens new connections and the event applies once.
    const retry = await fake.resend(event);
    expect([retry.status, JSON.parse(retry.body).data?.outcome]).toEqual([200, 'paid']);
    expect(proxy.connections).toBeGreaterThan(connections);
    const again = await fake.resend(event);
    expect(again.status).toBe(200);
    expect(['duplicate', 'not_pending']).toContain(JSON.parse(again.body).data.outcome);
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 1, payStatus: 1 });
    expect(await paidLogsOf(t, orderNo)).toHaveLength(1);
    expect(await tokensOf(t, buyer.id)).toBe(tokens + 100);
  });

  it('recovers when every idle connection of the pool was cut between two webhooks', async () => {
    const orderNo = await vipOrder(t, buyer, vipId);
    const { sessionId } = await pay(t, buyer, orderNo);
    const { event } = await fake.completeSession(sessionId, { deliver: false });
    proxy.cutAll();
    const first = await fake.resend(event);
    // A stale pooled connection may fail the first attempt; Stripe's retry then applies it.
    const final = first.status === 200 ? first : await fake.resend(event);
    expect([final.status, JSON.parse(final.body).data.outcome]).toEqual([200, 'paid']);
    expect(await paidLogsOf(t, orderNo)).toHaveLength(1);
  });
});
