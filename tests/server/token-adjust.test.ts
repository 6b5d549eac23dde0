/**
 * Administrators give or take tokens through a ledger adjustment entry (issue 35), on every database:
 * entry and balance in one transaction, never below zero, once per client key, and a balance that
 * the user form cannot edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';
import { expectLedgerBalanced, userRow } from '../helpers/commerce';

const kinds = await databaseKinds();

describe.each(kinds)('token adjustments on %s', (kind) => {
  let t: TestApp;
  let ann: Person;
  const adjust = (body: Record<string, unknown>, who: Person | string = t.adminToken) => post(t, who, '/admin/base/tokenLog/adjust', body);

  beforeAll(async () => {
    t = await startApp(kind);
    ann = await person(t, 'ann');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives tokens as a ledger entry written with the balance', async () => {
    const r = ok(await adjust({ userId: ann.id, amount: 12.5, remark: 'Welcome gift', clientKey: 'give-ann-0001' }));
    expect(r).toMatchObject({ balance: 12.5, replayed: false });
    expect(Number((await userRow(t, ann.id)).tokens)).toBe(12.5);
    const [entry] = await rows(t, 'base_token_log', '`id` = ?', [r.logId]);
    expect(entry).toMatchObject({ userId: ann.id, type: 7, field: 'tokens', remark: 'Welcome gift' });
    expect(Number(entry.tokens)).toBe(12.5);
    expect(Number(entry.balance)).toBe(12.5);
    await expectLedgerBalanced(t);
  });

  it('answers a retried request with the first entry instead of giving twice', async () => {
    const body = { userId: ann.id, amount: 3, clientKey: 'give-ann-0002' };
    const answers = await Promise.all([adjust(body), adjust(body), adjust(body)]);
    const data = answers.map(ok);
    expect(new Set(data.map((d) => d.logId)).size).toBe(1);
    expect(data.filter((d) => !d.replayed)).toHaveLength(1);
    expect(Number((await userRow(t, ann.id)).tokens)).toBe(15.5);
    await expectLedgerBalanced(t);
  });

  it('takes tokens, and refuses a balance below zero with 409 writing nothing', async () => {
    ok(await adjust({ userId: ann.id, amount: -5.5, clientKey: 'take-ann-0001' }));
    const before = (await rows(t, 'base_token_log', '`userId` = ?', [ann.id])).length;
    const refused = await adjust({ userId: ann.id, amount: -10.01, clientKey: 'take-ann-0002' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(1001);
    expect(Number((await userRow(t, ann.id)).tokens)).toBe(10);
    expect(await rows(t, 'base_token_log', '`userId` = ?', [ann.id])).toHaveLength(before);
    await expectLedgerBalanced(t);
  });

  it('refuses bad input with 1002, an unknown user with 404 and a member with 403', async () => {
    for (const body of [
      { userId: ann.id, amount: 0, clientKey: 'bad-input-0001' },
      { userId: ann.id, amount: 1.00001, clientKey: 'bad-input-0002' },
      { userId: ann.id, amount: '5', clientKey: 'bad-input-0003' },
      { userId: ann.id, amount: 5 },
      { userId: ann.id, amount: 5, clientKey: 'short' },
      { amount: 5, clientKey: 'bad-input-0004' },
      { userId: ann.id, amount: 5, clientKey: 'bad-input-0005', balance: 99 },
    ]) {
      const r = await adjust(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(1002);
    }
    expect((await adjust({ userId: 99_999_999, amount: 1, clientKey: 'nobody-0001' })).status).toBe(404);
    expect((await adjust({ userId: ann.id, amount: 1, clientKey: 'member-0001' }, ann)).status).toBe(403);
    expect(Number((await userRow(t, ann.id)).tokens)).toBe(10);
  });

  it('does not let the user form edit a balance', async () => {
    ok(await post(t, t.adminToken, '/admin/base/sys/user/update', { id: ann.id, tokens: 1000, earnedTokens: 5, withdrawableTokens: 5 }));
    const row = await userRow(t, ann.id);
    expect(Number(row.tokens)).toBe(10);
    expect(Number(row.earnedTokens)).toBe(0);
    await expectLedgerBalanced(t);
  });
});
