/**
 * A creator asks for a payout of withdrawable tokens and an administrator marks it paid or rejects it
 * (base/payout, issue 37), on every database: the request moves the tokens in the ledger once per
 * client key and never more than the balance, a payout is settled once however the calls race, and a
 * rejection gives the tokens back once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../server/core/api';
import { moveTokens, TOKEN_KIND } from '../../server/modules/commerce/ledger/ledger.service';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { notificationsOf, ok, person, post, rows, type Person } from '../helpers/group-members';
import { expectLedgerBalanced, userRow } from '../helpers/commerce';

const kinds = await databaseKinds();

describe.each(kinds)('payouts on %s', (kind) => {
  let t: TestApp;
  let keys = 0;
  const key = () => `payout-key-${process.pid}-${keys++}`;
  const request = (who: Person, body: Record<string, unknown>) => post(t, who, '/admin/base/payout/request', body);
  const markPaid = (body: Record<string, unknown>, who: Person | string = t.adminToken) => post(t, who, '/admin/base/payout/markPaid', body);
  const reject = (body: Record<string, unknown>, who: Person | string = t.adminToken) => post(t, who, '/admin/base/payout/reject', body);
  const withdrawable = async (p: Person) => Number((await userRow(t, p.id)).withdrawableTokens);

  /** `tokens` earned by `p` (a sale entry) and made withdrawable through the token audit. */
  async function earnWithdrawable(p: Person, tokens: number): Promise<void> {
    const { logId } = await t.core.ops.transaction(SYSTEM, (tx) =>
      moveTokens(t.core, tx, { userId: p.id, balance: 'earnedTokens', units: tokens * 10_000, kind: TOKEN_KIND.sale }),
    );
    ok(await post(t, t.adminToken, '/admin/base/tokenLog/batchSetWithdrawable', { ids: [logId] }));
  }

  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a request within the balance from withdrawable tokens, as one ledger entry', async () => {
    const ann = await person(t, 'ann');
    await earnWithdrawable(ann, 50);
    const r = ok(await request(ann, { tokens: 20.25, note: 'IBAN DE00 1234', clientKey: key() }));
    expect(r).toMatchObject({ withdrawable: 29.75, replayed: false, payout: { tokens: 20.25, status: 0, note: 'IBAN DE00 1234', reference: null } });
    expect(await withdrawable(ann)).toBe(29.75);
    const entries = await rows(t, 'base_token_log', '`userId` = ? AND `type` = ?', [ann.id, TOKEN_KIND.payout]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ field: 'withdrawableTokens', relateType: 'payout', relateId: r.payout.id });
    expect(Number(entries[0].tokens)).toBe(-20.25);
    await expectLedgerBalanced(t);
  });

  it('answers a replay with the same client key with the same payout, moving nothing again', async () => {
    const bob = await person(t, 'bob');
    await earnWithdrawable(bob, 30);
    const body = { tokens: 10, clientKey: key() };
    const answers = (await Promise.all([request(bob, body), request(bob, body), request(bob, body)])).map(ok);
    expect(new Set(answers.map((a) => a.payout.id)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(ok(await request(bob, body))).toMatchObject({ replayed: true, payout: { id: answers[0].payout.id } });
    expect(await withdrawable(bob)).toBe(20);
    expect(await rows(t, 'base_payout', '`userId` = ?', [bob.id])).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('lets exactly one of two concurrent requests that together exceed the balance through', async () => {
    const cay = await person(t, 'cay');
    await earnWithdrawable(cay, 10);
    const [a, b] = await Promise.all([request(cay, { tokens: 7, clientKey: key() }), request(cay, { tokens: 6, clientKey: key() })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? 7 : 6;
    expect(await withdrawable(cay)).toBe(10 - won);
    expect(await rows(t, 'base_payout', '`userId` = ?', [cay.id])).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('refuses more than the balance and bad amounts, writing nothing', async () => {
    const dan = await person(t, 'dan');
    await earnWithdrawable(dan, 5);
    const over = await request(dan, { tokens: 5.0001, clientKey: key() });
    expect(over.status).toBe(409);
    for (const body of [
      { tokens: 0, clientKey: key() },
      { tokens: 1.00001, clientKey: key() },
      { tokens: -1, clientKey: key() },
      { tokens: 1, clientKey: 'short' },
      { tokens: 1 },
    ]) {
      const r = await request(dan, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(1002);
    }
    expect(await rows(t, 'base_payout', '`userId` = ?', [dan.id])).toHaveLength(0);
    expect(await withdrawable(dan)).toBe(5);
  });

  it('marks a payout paid once when raced: one 200, one 409, and tells the member', async () => {
    const eve = await person(t, 'eve');
    await earnWithdrawable(eve, 12);
    const { payout } = ok(await request(eve, { tokens: 12, clientKey: key() }));
    const answers = await Promise.all([markPaid({ id: payout.id, reference: 'SEPA-0001' }), markPaid({ id: payout.id, reference: 'SEPA-0002' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row] = await rows(t, 'base_payout', '`id` = ?', [payout.id]);
    expect(Number(row.status)).toBe(1);
    expect(['SEPA-0001', 'SEPA-0002']).toContain(row.reference);
    expect(row.handleTime).toBeTruthy();
    expect(await withdrawable(eve)).toBe(0);
    const notices = (await notificationsOf(t, eve.id)).filter((n) => n.type === 12);
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toContain(String(row.reference));
    // Her ledger names the payout by its payment reference.
    const ledger = ok(await post(t, eve, '/admin/base/tokenLog/page', { page: 1, size: 20 })).list as Array<Record<string, unknown>>;
    expect(ledger.filter((e) => e.relateType === 'payout').map((e) => e.source)).toEqual([row.reference]);
    expect((await reject({ id: payout.id, reason: 'too late' })).status).toBe(409);
    expect(await withdrawable(eve)).toBe(0);
    await expectLedgerBalanced(t);
  });

  it('gives a rejected payout back once when raced', async () => {
    const fay = await person(t, 'fay');
    await earnWithdrawable(fay, 8);
    const { payout } = ok(await request(fay, { tokens: 8, clientKey: key() }));
    expect(await withdrawable(fay)).toBe(0);
    const answers = await Promise.all([
      reject({ id: payout.id, reason: 'Unknown account' }),
      reject({ id: payout.id, reason: 'Unknown account' }),
      markPaid({ id: payout.id, reference: 'X-1' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const [row] = await rows(t, 'base_payout', '`id` = ?', [payout.id]);
    const returned = await rows(t, 'base_token_log', '`userId` = ? AND `type` = ?', [fay.id, TOKEN_KIND.payoutReturned]);
    if (Number(row.status) === 2) {
      expect(row.reason).toBe('Unknown account');
      expect(returned).toHaveLength(1);
      expect(Number(returned[0].tokens)).toBe(8);
      // Not paid: both entries name the payout by its number.
      const ledger = ok(await post(t, fay, '/admin/base/tokenLog/page', { page: 1, size: 20 })).list as Array<Record<string, unknown>>;
      expect(ledger.filter((e) => e.relateType === 'payout').map((e) => e.source)).toEqual([`#${payout.id}`, `#${payout.id}`]);
      expect(await withdrawable(fay)).toBe(8);
      expect((await notificationsOf(t, fay.id)).filter((n) => n.type === 13)).toHaveLength(1);
    } else {
      expect(returned).toHaveLength(0);
      expect(await withdrawable(fay)).toBe(0);
    }
    await expectLedgerBalanced(t);
  });

  it('refuses markPaid and reject to a member, and shows a member only their own payouts', async () => {
    const gil = await person(t, 'gil');
    const hal = await person(t, 'hal');
    await earnWithdrawable(gil, 4);
    const { payout } = ok(await request(gil, { tokens: 4, note: 'gil account', clientKey: key() }));
    expect((await markPaid({ id: payout.id, reference: 'mine' }, gil)).status).toBe(403);
    expect((await reject({ id: payout.id, reason: 'mine' }, gil)).status).toBe(403);
    expect((await reject({ id: payout.id, reason: 'theirs' }, hal)).status).toBe(403);
    const [row] = await rows(t, 'base_payout', '`id` = ?', [payout.id]);
    expect(Number(row.status)).toBe(0);
    expect(await withdrawable(gil)).toBe(0);

    const own = ok(await post(t, gil, '/admin/base/payout/page', { page: 1, size: 20 }));
    expect(own.list.map((p: { id: number }) => p.id)).toEqual([payout.id]);
    const others = ok(await post(t, hal, '/admin/base/payout/page', { page: 1, size: 20 }));
    expect(others.list).toEqual([]);
    const info = await t.http().get('/admin/base/payout/info').query({ id: payout.id }).set('Authorization', hal.token);
    expect(info.body.data ?? null).toBeNull();
    const all = ok(await post(t, t.adminToken, '/admin/base/payout/page', { page: 1, size: 100 }));
    expect(all.list.some((p: { id: number }) => p.id === payout.id)).toBe(true);
  });
});
