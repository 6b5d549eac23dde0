/**
 * The token ledger and redemption codes (issue 17 items 5 and 6) on every database: codes used once
 * even under concurrency, their effects through the ledger or VIP, revenue made withdrawable all or
 * nothing, and the ledger check (each balance equals the sum of its entries) after every scenario.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';
import { expectLedgerBalanced, listGoods, payAsProvider, userRow } from '../helpers/commerce';

const kinds = await databaseKinds();

describe.each(kinds)('ledger and redemption codes on %s', (kind) => {
  let t: TestApp;
  let ann: Person;
  let ben: Person;
  const generate = async (body: Record<string, unknown>) =>
    ok(await post(t, t.adminToken, '/admin/base/coupon/generate', body)) as { count: number; codes: string[] };
  const use = (who: Person, code: string) => post(t, who, '/admin/base/coupon/use', { code });

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, PLATFORM_COMMISSION: '20', TOKENS_PER_UNIT: '10' } });
    ann = await person(t, 'ann');
    ben = await person(t, 'ben');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('generates unguessable codes for administrators only, and checks what it is given', async () => {
    const { count, codes } = await generate({ count: 5, type: 2, tokens: 12.5, memo: 'launch' });
    expect(count).toBe(5);
    expect(new Set(codes).size).toBe(5);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect((await post(t, ann, '/admin/base/coupon/generate', { count: 1, type: 2, tokens: 1 })).status).toBe(403);
    const bad = await post(t, t.adminToken, '/admin/base/coupon/generate', { count: 0, type: 1 });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: any) => e.field).sort()).toEqual(['count', 'days']);
    expect((await post(t, t.adminToken, '/admin/base/coupon/generate', { count: 1, type: 2, tokens: 1, extra: 1 })).body.code).toBe(1002);
  });

  it('redeems a token code once, through the ledger', async () => {
    const [code] = (await generate({ count: 1, type: 2, tokens: 12.5 })).codes;
    const used = ok(await use(ann, code.toLowerCase()));
    expect(used).toMatchObject({ code, tokens: 12.5, balance: 12.5 });
    expect((await use(ann, code)).status).toBe(409);
    expect((await use(ben, code)).status).toBe(409);
    expect((await use(ben, 'NOSUCHCODE000000')).status).toBe(404);
    const [row] = await rows(t, 'base_coupon', '`code` = ?', [code]);
    expect(row).toMatchObject({ status: 1, userId: ann.id });
    const entries = await rows(t, 'base_token_log', '`userId` = ? AND `relateType` = ?', [ann.id, 'coupon']);
    expect(entries).toHaveLength(1);
    expect(Number(entries[0].tokens)).toBe(12.5);
    await expectLedgerBalanced(t);
  });

  it('lets exactly one of 20 concurrent redemptions of one code through', async () => {
    const [code] = (await generate({ count: 1, type: 2, tokens: 3 })).codes;
    const people: Person[] = [];
    for (let i = 0; i < 20; i++) people.push(await person(t, `racer${i}`));
    const answers = await Promise.all(people.map((p) => use(p, code)));
    expect(answers.filter((r) => r.body.code === 1000)).toHaveLength(1);
    expect(answers.filter((r) => r.body.code !== 1000).every((r) => r.status === 409)).toBe(true);
    expect(
      await rows(t, 'base_token_log', '`relateType` = ? AND `relateId` = ?', ['coupon', (await rows(t, 'base_coupon', '`code` = ?', [code]))[0].id]),
    ).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('adds VIP days, and refuses expired and disabled codes; a used code cannot be edited', async () => {
    const [days] = (await generate({ count: 1, type: 1, days: 7 })).codes;
    const r = ok(await use(ben, days));
    expect(Date.parse(r.vipEndTime) - Date.now()).toBeGreaterThan(6.9 * 86400_000);
    const [old] = (await generate({ count: 1, type: 1, days: 7, expireTime: '2020-01-01T00:00:00Z' })).codes;
    expect((await use(ben, old)).status).toBe(409);
    const [off] = (await generate({ count: 1, type: 2, tokens: 1 })).codes;
    const offId = (await rows(t, 'base_coupon', '`code` = ?', [off]))[0].id;
    ok(await post(t, t.adminToken, '/admin/base/coupon/update', { id: offId, status: 2 }));
    expect((await use(ben, off)).status).toBe(409);
    const usedId = (await rows(t, 'base_coupon', '`code` = ?', [days]))[0].id;
    expect((await post(t, t.adminToken, '/admin/base/coupon/update', { id: usedId, memo: 'changed' })).status).toBe(409);
    expect((await post(t, t.adminToken, '/admin/base/coupon/update', { id: offId, status: 1 })).status).toBe(409);
    expect((await post(t, ben, '/admin/base/coupon/page', {})).status).toBe(403);
  });

  it('makes sale revenue withdrawable all or nothing, and lists it for review', async () => {
    const { goodsId } = await listGoods(t, ann, { price: 10 });
    const o = ok(await post(t, ben, '/admin/goods/order/place', { goodsId }));
    expect((await payAsProvider(t, o.orderNo, 'evt_ledger_sale')).result).toBe('paid');
    // 10.00 minus 20 % = 8.00 at 10 tokens per unit = 80 earned tokens.
    expect(Number((await userRow(t, ann.id)).earnedTokens)).toBe(80);
    const audit = ok(await post(t, t.adminToken, '/admin/base/tokenLog/auditList', { userId: ann.id }));
    expect(audit.list).toHaveLength(1);
    expect(audit.list[0]).toMatchObject({ userId: ann.id, isWithdrawable: 0, userName: expect.any(String) });
    const saleId = audit.list[0].id;
    const couponEntry = (await rows(t, 'base_token_log', '`userId` = ? AND `relateType` = ?', [ann.id, 'coupon']))[0].id;
    expect((await post(t, t.adminToken, '/admin/base/tokenLog/batchSetWithdrawable', { ids: [saleId, couponEntry] })).status).toBe(409);
    expect(Number((await userRow(t, ann.id)).earnedTokens)).toBe(80);
    expect((await post(t, ann, '/admin/base/tokenLog/batchSetWithdrawable', { ids: [saleId] })).status).toBe(403);
    expect(ok(await post(t, t.adminToken, '/admin/base/tokenLog/batchSetWithdrawable', { ids: [saleId] }))).toEqual({ count: 1, users: 1 });
    const u = await userRow(t, ann.id);
    expect([Number(u.earnedTokens), Number(u.withdrawableTokens)]).toEqual([0, 80]);
    expect((await post(t, t.adminToken, '/admin/base/tokenLog/batchSetWithdrawable', { ids: [saleId] })).status).toBe(409);
    const check = await expectLedgerBalanced(t);
    expect(check.entries).toBeGreaterThan(3);
  });

  it('makes one entry withdrawable once when the administrator asks three times at once', async () => {
    const { goodsId } = await listGoods(t, ann, { price: 4 });
    const o = ok(await post(t, ben, '/admin/goods/order/place', { goodsId }));
    expect((await payAsProvider(t, o.orderNo, 'evt_race_withdraw')).result).toBe('paid');
    const before = await userRow(t, ann.id);
    const entry = ok(await post(t, t.adminToken, '/admin/base/tokenLog/auditList', { userId: ann.id, isWithdrawable: 0 })).list.find(
      (r: any) => r.relateId === o.id,
    );
    const answers = await Promise.all([1, 2, 3].map(() => post(t, t.adminToken, '/admin/base/tokenLog/batchSetWithdrawable', { ids: [entry.id] })));
    expect(answers.filter((r) => r.body.code === 1000)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(2);
    const after = await userRow(t, ann.id);
    // 4.00 minus 20 % at 10 tokens per unit: 32 tokens moved once.
    expect(Number(after.withdrawableTokens) - Number(before.withdrawableTokens)).toBe(32);
    expect(Number(before.earnedTokens) - Number(after.earnedTokens)).toBe(32);
    await expectLedgerBalanced(t);
  });

  it('never makes the revenue of a refunded sale withdrawable', async () => {
    const { goodsId } = await listGoods(t, ann, { price: 5 });
    const o = ok(await post(t, ben, '/admin/goods/order/place', { goodsId }));
    expect((await payAsProvider(t, o.orderNo, 'evt_refunded_sale')).result).toBe('paid');
    const { refundOrder } = await import('../../server/modules/commerce/goods/order/fulfil.service');
    expect((await refundOrder(t.core, { provider: 'stripe', orderNo: o.orderNo, refundId: 're_sale' })).result).toBe('refunded');
    const audit = ok(await post(t, t.adminToken, '/admin/base/tokenLog/auditList', { userId: ann.id, isWithdrawable: 0 }));
    const entry = audit.list.find((r: any) => r.relateId === o.id);
    expect(entry).toMatchObject({ refunded: true });
    // Another sale's earned tokens would cover it: the refusal is about the refund, not the balance.
    const other = await listGoods(t, ann, { price: 50 });
    const o2 = ok(await post(t, ben, '/admin/goods/order/place', { goodsId: other.goodsId }));
    expect((await payAsProvider(t, o2.orderNo, 'evt_covering_sale')).result).toBe('paid');
    expect((await post(t, t.adminToken, '/admin/base/tokenLog/batchSetWithdrawable', { ids: [entry.id] })).status).toBe(409);
    await expectLedgerBalanced(t);
  });

  it("says in the member's ledger what each entry came from: the goods or order's title, a code's last 4 characters", async () => {
    const [code] = (await generate({ count: 1, type: 2, tokens: 3 })).codes;
    ok(await use(ben, code));
    const { goodsId } = await listGoods(t, ann, { price: 6 });
    const goodsTitle = String((await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0].title);
    const o = ok(await post(t, ben, '/admin/goods/order/place', { goodsId }));
    expect((await payAsProvider(t, o.orderNo, 'evt_source_sale')).result).toBe('paid');
    const { refundOrder } = await import('../../server/modules/commerce/goods/order/fulfil.service');
    expect((await refundOrder(t.core, { provider: 'stripe', orderNo: o.orderNo, refundId: 're_source' })).result).toBe('refunded');
    const top = ok(await post(t, ben, '/admin/goods/order/rechargeToken', { amount: 2 }));
    expect((await payAsProvider(t, top.orderNo, 'evt_source_top')).result).toBe('paid');
    const ledger = async (who: Person) => ok(await post(t, who, '/admin/base/tokenLog/page', { page: 1, size: 50 })).list as Array<Record<string, any>>;
    const annSide = (await ledger(ann)).filter((e) => e.relateType === 'order' && e.relateId === o.id);
    expect(annSide.map((e) => [e.type, e.source])).toEqual([
      [4, goodsTitle],
      [3, goodsTitle],
    ]);
    const benSide = await ledger(ben);
    expect(benSide.find((e) => e.relateType === 'coupon')?.source).toBe(`••••${code.slice(-4)}`);
    expect(JSON.stringify(benSide)).not.toContain(code);
    expect(benSide.find((e) => e.relateType === 'order' && e.relateId === top.id)).toMatchObject({ type: 1, source: '20 tokens' });
  });

  it('shows a forged balance in the ledger check', async () => {
    await t.core.db.run('UPDATE `base_sys_user` SET `tokens` = `tokens` + 1 WHERE `id` = ?', [ben.id]);
    const r = await t.http().get('/admin/base/tokenLog/check').set('Authorization', t.adminToken);
    expect(r.body.data.mismatches).toContainEqual(expect.objectContaining({ userId: ben.id, field: 'tokens' }));
    await t.core.db.run('UPDATE `base_sys_user` SET `tokens` = `tokens` - 1 WHERE `id` = ?', [ben.id]);
    expect((await t.http().get('/admin/base/tokenLog/check').set('Authorization', ben.token)).status).toBe(403);
    await expectLedgerBalanced(t);
  });
});
