/**
 * Creators earn per use (issue 37), on every database, with the fake model: a bought AI member's copy
 * costs whoever asks it its price plus the listing's runPrice, reserved with the run; a run that
 * succeeds shares the fee between the platform account (commission, rounded half up to a ledger
 * unit), the listing's team pool (allocationRatio of the rest) and the creator's earnedTokens; a
 * failed run pays nobody. 100 runs by 10 buyers at once: every balance equals its ledger sum. A
 * revoked purchase's copy is refused without a charge; an unshared copy answers its buyer only.
 *
 * Purchases and copies are written directly as the system, standing for a delivered purchase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { expectLedgerBalanced, userRow } from '../helpers/commerce';
import { SYSTEM } from '../../server/core/entity/access';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { splitFee } from '../../server/modules/ai/store-fee';
import { PLATFORM_USER_TYPE, platformUsername } from '../../server/modules/commerce/ledger/platform-account';
import { toUnits } from '../../server/modules/commerce/pay/money';
import { group, member, text, type Person } from './chat-world';
import { balance, fund, get, ok, post, startAiWorld, until, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const SEND = '/admin/base/message/add';
/** The AI member's own price and the listing's fee: 3333 units, at 15 %: 500 platform, then 30 % of 2833 to the team: 850, 1983 the creator's. */
const PRICE = 1;
const FEE = 0.3333;
const SHARES = { platform: 500, pool: 850, creator: 1983 };

describe('sharing a run fee', () => {
  it('rounds the commission and the pool half up to a unit, and the shares add up to the fee', () => {
    expect(splitFee(3333, 15, 0.3)).toEqual(SHARES);
    expect(splitFee(1, 50, 0)).toEqual({ platform: 1, pool: 0, creator: 0 });
    expect(splitFee(10_000, 0, 1)).toEqual({ platform: 0, pool: 10_000, creator: 0 });
    expect(splitFee(7, 100, 0.5)).toEqual({ platform: 7, pool: 0, creator: 0 });
  });
});

describe.each(kinds)('per-run earnings of a bought AI member on %s', (kind) => {
  let w: AiWorld;
  const t = () => w.t;
  let creator: Person;
  let sage: number;
  let goodsId: number;
  let teamId: number;
  let orderNo = 0;

  const add = async (key: string, row: Record<string, unknown>, owner?: number) =>
    ((await t().core.ops.add(t().core.model.byKey.get(key)!, row, SYSTEM, { trusted: true, owner })) as { id: number }).id;
  const runsOf = (where = '') => t().core.db.query<Record<string, any>>(`SELECT * FROM \`base_run\` WHERE \`aiUserId\` = ?${where} ORDER BY \`id\``, [sage]);
  const stored = (groupId: number) =>
    t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq`', [`g:${groupId}`]);
  const content = (m: Record<string, any>) => (typeof m.content === 'string' ? JSON.parse(m.content) : m.content);
  const earned = async (userId: number) => toUnits((await userRow(t(), userId)).earnedTokens);
  const pool = async () => toUnits((await t().core.db.query<{ p: unknown }>('SELECT `rewardPool` AS p FROM `base_group` WHERE `id` = ?', [teamId]))[0].p);
  const platformId = async () => {
    const [row] = await t().core.db.query<{ id: number; userType: number; status: number }>(
      'SELECT `id`, `userType`, `status` FROM `base_sys_user` WHERE `usernameKey` = ?',
      [platformUsername(t().core)],
    );
    return row;
  };

  /** A purchase of the listing by `buyer` and its copy in a new group of the buyer's (with `others`); answers both ids. */
  async function bought(
    buyer: Person,
    others: Person[] = [],
    shareInGroups = false,
    snapshot: Record<string, unknown> | null = null,
  ): Promise<{ purchaseId: number; groupId: number }> {
    const purchaseId = await add(
      'goods/purchase',
      { goodsId, orderId: 1_000_000 + ++orderNo, sellerId: creator.id, kind: 1, aiUserId: sage, shareInGroups, status: 1, snapshot },
      buyer.id,
    );
    const groupId = await group(t(), buyer, others);
    await t().core.db.run('UPDATE `base_group` SET `aiReplyCap` = 20 WHERE `id` = ?', [groupId]);
    await add('base/groupMember', { groupId, userId: sage, purchaseId, isPurchased: 1 });
    return { purchaseId, groupId };
  }

  const ask = async (who: Person, groupId: number, words: string) => ok(await post(t(), SEND, text(1, groupId, `@Sage ${words}`, { at: [sage] }), who.token));

  beforeAll(async () => {
    w = await startAiWorld(kind, { llm: true, env: { STORE_RUN_COMMISSION: '15', CHAT_SEND_LIMIT: '10000/10', LLM_MAX_RETRIES: '0' } });
    creator = await member(t());
    const own = await group(t(), creator, []);
    sage = ok(
      await post(
        t(),
        '/admin/base/groupMember/add',
        { groupId: own, ai: { nickName: 'Sage', config: { prompt: 'You are Sage.', cost: PRICE } } },
        creator.token,
      ),
    ).userId;
    teamId = await group(t(), creator, [], { type: 2 });
    await t().core.db.run('UPDATE `base_group` SET `allocationRatio` = 0.3 WHERE `id` = ?', [teamId]);
    goodsId = await add('goods/info', { title: 'Sage, bought', price: 5, relateType: 1, runPrice: FEE, groupId: teamId, status: 1 }, creator.id);
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
  });

  it('charges 100 concurrent runs by 10 buyers the price and the fee, and shares each succeeded fee, a failed run paying nobody', async () => {
    w.llm!.reset().script({ answer: 'Wisdom.', failWhenAsked: 'FAIL' });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => member(t())));
    const copies: Array<{ purchaseId: number; groupId: number }> = [];
    for (const b of buyers) {
      await fund(t(), b.id, 100);
      copies.push(await bought(b));
    }
    const [earnedBefore, poolBefore] = [await earned(creator.id), await pool()];
    // Three buyers' questions all make the model fail; the others' succeed.
    await Promise.all(
      buyers.map(async (b, i) => {
        for (let n = 0; n < 10; n++) await ask(b, copies[i].groupId, i < 3 ? `FAIL question ${n}` : `question ${n}`);
      }),
    );
    await until(
      async () => (await runsOf(' AND `status` <> 0')).length,
      (n) => n >= 100,
      120_000,
    );
    await aiRepliesDone(t().core);

    const runs = await runsOf();
    expect(runs).toHaveLength(100);
    for (const r of runs) expect([toUnits(r.cost), toUnits(r.fee)]).toEqual([toUnits(PRICE + FEE), toUnits(FEE)]);
    const succeeded = runs.filter((r) => Number(r.status) === 1);
    const failed = runs.filter((r) => Number(r.status) === 2);
    expect(failed, JSON.stringify(failed.map((r) => r.error))).toHaveLength(30);
    expect(succeeded).toHaveLength(70);

    for (const [i, b] of buyers.entries()) {
      const mine = succeeded.filter((r) => Number(r.userId) === b.id).length;
      expect(mine).toBe(i < 3 ? 0 : 10);
      expect(toUnits(await balance(t(), b.id))).toBe(toUnits(100) - mine * toUnits(PRICE + FEE));
    }
    const platform = (await platformId())!;
    expect(platform).toMatchObject({ userType: PLATFORM_USER_TYPE, status: 0 });
    expect(await earned(creator.id)).toBe(earnedBefore + 70 * SHARES.creator);
    expect(await earned(platform.id)).toBe(70 * SHARES.platform);
    expect(await pool()).toBe(poolBefore + 70 * SHARES.pool);

    // Every share is an entry related to its run; a failed run has its reservation and its refund only.
    const entries = await t().core.db.query<Record<string, any>>(
      "SELECT `relateId`, `userId`, `type`, `tokens` FROM `base_token_log` WHERE `relateType` = 'run' AND `relateId` IN (" +
        runs.map(() => '?').join(', ') +
        ')',
      runs.map((r) => r.id),
    );
    const of = (runId: number) =>
      entries
        .filter((e) => Number(e.relateId) === runId)
        .map((e) => [Number(e.userId), Number(e.type), toUnits(e.tokens)])
        .sort();
    for (const r of succeeded) {
      expect(of(r.id)).toEqual(
        [
          [Number(r.userId), 10, -toUnits(PRICE + FEE)],
          [creator.id, 12, SHARES.creator],
          [platform.id, 13, SHARES.platform],
        ].sort(),
      );
    }
    for (const r of failed)
      expect(of(r.id)).toEqual(
        [
          [Number(r.userId), 10, -toUnits(PRICE + FEE)],
          [Number(r.userId), 11, toUnits(PRICE + FEE)],
        ].sort(),
      );
    await expectLedgerBalanced(t());

    // Each run's entry names where it came from: the listing of the bought copy, for the creator and the asker.
    const ledger = async (who: Person) => ok(await post(t(), '/admin/base/tokenLog/page', { page: 1, size: 50 }, who.token)).list as Array<Record<string, any>>;
    expect(new Set((await ledger(creator)).filter((e) => e.relateType === 'run').map((e) => e.source))).toEqual(new Set(['Sage, bought']));
    expect(new Set((await ledger(buyers[5])).filter((e) => e.relateType === 'run').map((e) => e.source))).toEqual(new Set(['Sage, bought']));

    // The creator sees the runs and what they earned, by listing and by day.
    const earnings = ok(await get(t(), '/admin/base/tokenLog/earnings', {}, creator.token));
    expect(earnings.total).toEqual({ runs: 70, runTokens: (70 * SHARES.creator) / 10_000, sales: 0, saleTokens: 0 });
    expect(earnings.byListing).toEqual([{ goodsId, title: 'Sage, bought', runs: 70, runTokens: (70 * SHARES.creator) / 10_000, sales: 0, saleTokens: 0 }]);
    expect(earnings.byDay.map((d: any) => d.runs).reduce((a: number, b: number) => a + b, 0)).toBe(70);
    // A buyer earned nothing; a range before today has nothing.
    expect(ok(await get(t(), '/admin/base/tokenLog/earnings', {}, buyers[5].token)).total.runs).toBe(0);
    expect(ok(await get(t(), '/admin/base/tokenLog/earnings', { endTime: '2020-01-01T00:00:00Z' }, creator.token)).byListing).toEqual([]);
  });

  it('shows the price with the fee before asking', async () => {
    const buyer = await member(t());
    const { groupId } = await bought(buyer);
    const list = ok(await post(t(), '/admin/base/groupMember/memberList', { groupId }, buyer.token)).list;
    expect(list.find((m: any) => m.userId === sage).price).toBe(PRICE + FEE);
  });

  it("refuses a revoked purchase's copy with no run and no charge", async () => {
    const buyer = await member(t());
    await fund(t(), buyer.id, 10);
    const { purchaseId, groupId } = await bought(buyer);
    await t().core.db.run('UPDATE `goods_purchase` SET `status` = 0 WHERE `id` = ?', [purchaseId]);
    const before = (await runsOf()).length;
    const asked = await ask(buyer, groupId, 'still there?');
    await aiRepliesDone(t().core);
    const last = (await stored(groupId)).at(-1)!;
    expect([Number(last.fromId), Number(last.type), content(last)]).toEqual([
      sage,
      22,
      { error: 'purchase_revoked', messageId: asked.id, text: 'This copy of Sage was refunded and no longer answers' },
    ]);
    expect((await runsOf()).length).toBe(before);
    expect(await balance(t(), buyer.id)).toBe(10);
  });

  it('answers an unshared copy to its buyer only, and a shared one to anyone in the group, who pays the fee', async () => {
    const [buyer, ben] = [await member(t()), await member(t(), { language: 'zh-cn' })];
    await fund(t(), ben.id, 10);
    w.llm!.reset().script({ answer: 'Shared wisdom.' });
    const { purchaseId, groupId } = await bought(buyer, [ben]);
    const before = (await runsOf()).length;
    const asked = await ask(ben, groupId, 'may I?');
    await aiRepliesDone(t().core);
    const last = (await stored(groupId)).at(-1)!;
    // Told in the asker's language.
    expect([Number(last.fromId), Number(last.type), content(last)]).toEqual([
      sage,
      22,
      { error: 'not_shared', messageId: asked.id, text: 'Sage 由其他成员购买且未共享：只有购买者可以向它提问' },
    ]);
    expect((await runsOf()).length).toBe(before);
    expect(await balance(t(), ben.id)).toBe(10);

    await t().core.db.run('UPDATE `goods_purchase` SET `shareInGroups` = 1 WHERE `id` = ?', [purchaseId]);
    const earnedBefore = await earned(creator.id);
    await ask(ben, groupId, 'and now?');
    await aiRepliesDone(t().core);
    const [run] = await runsOf(' AND `userId` = ' + ben.id);
    expect(run, run.error).toMatchObject({ status: 1, purchaseId });
    expect(toUnits(await balance(t(), ben.id))).toBe(toUnits(10) - toUnits(PRICE + FEE));
    expect(await earned(creator.id)).toBe(earnedBefore + SHARES.creator);
    await expectLedgerBalanced(t());
  });

  it('answers its buyer in a private chat too, with the fee, and nobody who did not buy it; a refund stops it there', async () => {
    const [buyer, stranger] = [await member(t()), await member(t())];
    await fund(t(), buyer.id, 10);
    await fund(t(), stranger.id, 10);
    w.llm!.reset().script({ answer: 'Private wisdom.' });
    const { purchaseId } = await bought(buyer);
    const dm = (who: Person) => `p:${Math.min(who.id, sage)}:${Math.max(who.id, sage)}`;
    const privately = async (who: Person, words: string) => {
      const asked = ok(await post(t(), SEND, text(0, sage, words), who.token));
      await aiRepliesDone(t().core);
      const rows = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_message` WHERE `conversation` = ? ORDER BY `seq`', [
        asked.conversation ?? dm(who),
      ]);
      return { asked, last: rows.at(-1)! };
    };

    const earnedBefore = await earned(creator.id);
    const mine = await privately(buyer, 'just us?');
    expect([Number(mine.last.fromId), content(mine.last)]).toEqual([sage, 'Private wisdom.']);
    const [run] = await runsOf(' AND `userId` = ' + buyer.id);
    expect(run, run?.error).toMatchObject({ status: 1, purchaseId });
    expect(toUnits(run.fee)).toBe(toUnits(FEE));
    expect(toUnits(await balance(t(), buyer.id))).toBe(toUnits(10) - toUnits(PRICE + FEE));
    expect(await earned(creator.id)).toBe(earnedBefore + SHARES.creator);

    // Someone who did not buy it is not answered, and pays nothing.
    const theirs = await privately(stranger, 'me too?');
    expect([Number(theirs.last.fromId), Number(theirs.last.type), content(theirs.last)]).toEqual([
      sage,
      22,
      { error: 'not_available', messageId: theirs.asked.id },
    ]);
    expect(await balance(t(), stranger.id)).toBe(10);

    // Refunded: refused in the private chat as in a group, with no run.
    await t().core.db.run('UPDATE `goods_purchase` SET `status` = 0 WHERE `id` = ?', [purchaseId]);
    const runs = (await runsOf()).length;
    const after = await privately(buyer, 'still?');
    expect(content(after.last)).toMatchObject({ error: 'purchase_revoked', messageId: after.asked.id });
    expect((await runsOf()).length).toBe(runs);
    await expectLedgerBalanced(t());
  });

  it("answers a copy bought without updates with the settings it was bought with, and one with updates with the seller's latest", async () => {
    const buyer = await member(t());
    await fund(t(), buyer.id, 10);
    const frozen = await bought(buyer, [], false, { prompt: 'You are Sage, as bought.' });
    const following = await bought(buyer);
    const setConfig = (config: Record<string, unknown>) =>
      t().core.db.run('UPDATE `base_sys_user` SET `config` = ? WHERE `id` = ?', [JSON.stringify(config), sage]);
    await setConfig({ prompt: 'You are Sage, revised.', cost: PRICE });
    try {
      w.llm!.reset().script({ answer: 'Noted.' });
      await ask(buyer, frozen.groupId, 'who are you?');
      await aiRepliesDone(t().core);
      await ask(buyer, following.groupId, 'and you?');
      await aiRepliesDone(t().core);
      const systems = w.llm!.chatCalls().map((c) => c.chat?.messages.find((m) => m.role === 'system')?.content ?? '');
      expect(systems).toHaveLength(2);
      expect(systems[0]).toContain('You are Sage, as bought.');
      expect(systems[1]).toContain('You are Sage, revised.');
    } finally {
      await setConfig({ prompt: 'You are Sage.', cost: PRICE });
    }
  });

  it('keeps a bought copy answering when its seller is disabled, who then sells nothing new', async () => {
    const buyer = await member(t());
    const other = await member(t());
    await fund(t(), buyer.id, 10);
    const { groupId } = await bought(buyer);
    await t().core.db.run('UPDATE `goods_info` SET `isDisplay` = 1 WHERE `id` = ?', [goodsId]);
    const listed = async () => ok(await post(t(), '/admin/goods/info/openList', { size: 1000 }, other.token)).list.map((g: { id: number }) => g.id);
    expect(await listed()).toContain(goodsId);
    await t().core.db.run('UPDATE `base_sys_user` SET `status` = 0 WHERE `id` = ?', [creator.id]);
    try {
      expect(await listed()).not.toContain(goodsId);
      const refused = await post(t(), '/admin/goods/order/place', { goodsId, quantity: 1 }, other.token);
      expect([refused.status, refused.body.code]).toEqual([404, 1001]);
      w.llm!.reset().script({ answer: 'Still here.' });
      await ask(buyer, groupId, 'are you there?');
      await aiRepliesDone(t().core);
      const [run] = await runsOf(' AND `userId` = ' + buyer.id);
      expect(run, run?.error).toMatchObject({ status: 1 });
    } finally {
      await t().core.db.run('UPDATE `base_sys_user` SET `status` = 1 WHERE `id` = ?', [creator.id]);
    }
  });

  it("lists run earnings in the administrator's audit, which makes them withdrawable through the ledger", async () => {
    const audit = ok(await post(t(), '/admin/base/tokenLog/auditList', { userId: creator.id, isWithdrawable: 0, size: 1000 }, t().adminToken)).list;
    const runEntries = audit.filter((e: any) => Number(e.type) === 12);
    expect(runEntries.length).toBeGreaterThanOrEqual(71);
    const ids = runEntries.slice(0, 3).map((e: any) => e.id);
    const before = await userRow(t(), creator.id);
    expect(ok(await post(t(), '/admin/base/tokenLog/batchSetWithdrawable', { ids }, t().adminToken))).toEqual({ count: 3, users: 1 });
    const after = await userRow(t(), creator.id);
    expect(toUnits(after.earnedTokens)).toBe(toUnits(before.earnedTokens) - 3 * SHARES.creator);
    expect(toUnits(after.withdrawableTokens)).toBe(toUnits(before.withdrawableTokens) + 3 * SHARES.creator);
    await expectLedgerBalanced(t());
  });
});
