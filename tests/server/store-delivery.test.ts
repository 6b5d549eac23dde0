/**
 * The store delivers (issue 37), on every database, paid through the real SDKs against the fake
 * Stripe and the fake Alipay: each kind of listing (an AI member, a place in a group, private files)
 * bought with each provider is delivered exactly once however the notify is replayed or raced, used
 * by its buyer only (addToGroup, the group, fileUrl), and taken back once by a refund (asked twice at
 * the same time and once more). A listing sells only the seller's own things (1002 otherwise).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { FakeAlipay } from '../helpers/fake-alipay';
import { FakeStripe } from '../helpers/fake-stripe';
import { notificationsOf, ok, person, post, rows, type Person, type Res } from '../helpers/group-members';
import { startOnPort } from './alipay-world';
import { expectLedgerBalanced, get, makeSeller, orderOf, pay, RATE } from './stripe-world';

const kinds = await databaseKinds();
const PROVIDERS = ['stripe', 'alipay'] as const;
type Provider = (typeof PROVIDERS)[number];
const SELLS = { ai: 1, group: 2, files: 3 } as const;
const REFUNDED_NOTICE = 10;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);

describe.each(kinds)('the store delivers on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let alipay: FakeAlipay;
  let seller: Person;
  let buyer: Person;
  let stranger: Person;
  let aiId: number;
  let soldGroup: number;
  let buyerGroup: number;
  let files: number[];

  const purchasesOf = (orderId: number) => rows(t, 'goods_purchase', '`orderId` = ?', [orderId]);
  const copiesOf = (purchaseId: number) => rows(t, 'base_group_member', '`purchaseId` = ?', [purchaseId]);
  const memberRow = async (groupId: number, userId: number) => (await rows(t, 'base_group_member', '`groupId` = ? AND `userId` = ?', [groupId, userId]))[0];
  const fileUrl = (who: Person, id: number) => get(t, who, '/admin/space/info/fileUrl', { id });
  const group = async (who: Person, name: string) => Number(ok(await post(t, who, '/admin/base/group/add', { name })).id);
  const upload = async (who: Person, isPrivate: boolean): Promise<number> => {
    const r = t.http().post('/admin/base/comm/upload').set('Authorization', who.token);
    if (isPrivate) r.field('private', '1');
    const res = (await r.attach('files', PDF, { filename: 'Prompts.pdf', contentType: 'application/pdf' })) as unknown as Res;
    return Number(ok(res)[0].id);
  };
  const publish = (who: Person, sells: Record<string, unknown>) =>
    post(t, who, '/admin/goods/info/add', { title: `Listing ${randomBytes(3).toString('hex')}`, price: 10, status: 1, isDisplay: 1, isFree: 0, ...sells });
  const listing = async (what: number): Promise<number> => {
    const sells = what === SELLS.ai ? { workflowId: aiId, updatesIncluded: false } : what === SELLS.group ? { groupId: soldGroup } : { attachments: files };
    return Number(ok(await publish(seller, { relateType: what, ...sells })).id);
  };
  const place = async (goodsId: number, who = buyer) => String(ok(await post(t, who, '/admin/goods/order/place', { goodsId, quantity: 2 })).orderNo);
  const outcome = (d: { body: string }) => JSON.parse(d.body).data.outcome;

  /** Pays `orderNo` through `provider`: notifies raced, then one replayed; exactly one of them pays. */
  const payRaced = async (provider: Provider, orderNo: string, who = buyer) => {
    if (provider === 'stripe') {
      const { sessionId } = await pay(t, who, orderNo);
      const { event } = await stripe.completeSession(sessionId, { deliver: false });
      const raced = await Promise.all([1, 2, 3].map(() => stripe.resend(event)));
      expect(raced.map((d) => d.status)).toEqual([200, 200, 200]);
      expect(raced.filter((d) => outcome(d) === 'paid')).toHaveLength(1);
      expect(outcome(await stripe.resend(event))).toBe('duplicate');
    } else {
      // Paid at Alipay with its notify held back, then delivered twice at once and replayed.
      alipay.dropNotifies = true;
      await alipay.pay(ok((await get(t, who, '/admin/base/alipay/pay', { orderNo })) as Res).url as string);
      alipay.dropNotifies = false;
      const raced = await Promise.all([alipay.notify(orderNo), alipay.notify(orderNo)]);
      for (const d of raced) expect(d).toMatchObject({ status: 200, text: 'success' });
      const last = alipay.deliveries.at(-1)!;
      expect(await alipay.deliver(last.url, last.fields)).toMatchObject({ status: 200, text: 'success' });
    }
    const order = await orderOf(t, orderNo);
    expect(order).toMatchObject({ status: 1, provider });
    return order;
  };

  /** The administrator refunds twice at once and once more: one refund. */
  const refundTwice = async (provider: Provider, orderNo: string) => {
    const path = `/admin/base/${provider}/refund`;
    const both = await Promise.all([1, 2].map(() => post(t, t.adminToken, path, { orderNo })));
    expect(both.map((r) => ok(r).status)).toEqual([9, 9]);
    expect(ok(await post(t, t.adminToken, path, { orderNo }))).toMatchObject({ status: 9, duplicate: true });
    if (provider === 'stripe') await stripe.idle();
  };
  const takenBackNotices = async (orderNo: string) => (await notificationsOf(t, buyer.id)).filter((n) => n.type === REFUNDED_NOTICE && n.orderNo === orderNo);

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    alipay = await new FakeAlipay().start();
    const storage = resolve(process.env.DATA_DIR!, `delivery-${kind}-${randomBytes(3).toString('hex')}`);
    ({ t } = await startOnPort(kind, { ...alipay.env(), ...stripe.env(), STRIPE_CURRENCY: 'usd', STRIPE_RATE: String(RATE), STORAGE_ROOT: storage }));
    stripe.deliver = async (payload, signature) => {
      const r = await t
        .http()
        .post('/admin/base/stripe/notify')
        .set('Content-Type', 'application/json; charset=utf-8')
        .set('Stripe-Signature', signature)
        .send(payload);
      return { status: r.status, body: r.text };
    };
    seller = await person(t, 'selma');
    buyer = await person(t, 'bruno', { language: 'zh-cn' });
    stranger = await person(t, 'sid');
    await makeSeller(t, seller);
    const workshop = await group(seller, 'Workshop');
    aiId = Number(
      ok(await post(t, seller, '/admin/base/groupMember/add', { groupId: workshop, ai: { nickName: 'Poet', config: { prompt: 'write verse', model: 'm-1' } } }))
        .userId,
    );
    soldGroup = await group(seller, 'Paid club');
    buyerGroup = await group(buyer, 'My desk');
    files = [await upload(seller, true), await upload(seller, true)];
  });
  afterEach(async () => {
    await stripe.idle();
    await expectLedgerBalanced(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.stop();
    await alipay?.stop();
  });

  it.each(PROVIDERS)('delivers an AI member bought with %s once; only its buyer adds it; a refund takes every copy back once', async (provider) => {
    const goodsId = await listing(SELLS.ai);
    const orderNo = await place(goodsId);
    const order = await payRaced(provider, orderNo);
    const [p, ...more] = await purchasesOf(order.id);
    expect(more).toEqual([]);
    expect(p).toMatchObject({ userId: buyer.id, goodsId, kind: SELLS.ai, aiUserId: aiId, sellerId: seller.id, status: 1 });
    expect(typeof p.snapshot === 'string' ? JSON.parse(p.snapshot) : p.snapshot).toEqual({ prompt: 'write verse', model: 'm-1' });
    expect(ok(await post(t, buyer, '/admin/goods/info/openDetail', { id: goodsId })).purchaseId).toBe(p.id);
    expect(ok(await post(t, stranger, '/admin/goods/info/openDetail', { id: goodsId })).purchaseId).toBeNull();

    const added = ok(await post(t, buyer, '/admin/goods/purchase/addToGroup', { purchaseId: p.id, groupId: buyerGroup }));
    const again = await post(t, buyer, '/admin/goods/purchase/addToGroup', { purchaseId: p.id, groupId: buyerGroup });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already in that group|已在那个群组/);
    // The AI-use check lets its buyer add it through the group's own call too: a bought copy as well.
    const second = await group(buyer, `Desk ${provider}`);
    ok(await post(t, buyer, '/admin/base/groupMember/add', { groupId: second, userId: aiId }));
    const copies = await copiesOf(p.id);
    expect(copies.map((c) => [Number(c.groupId), Number(c.isPurchased), Number(c.authType), c.authId])).toEqual([
      [buyerGroup, 1, 1, null],
      [second, 1, 1, null],
    ]);
    expect(Number(copies[0].id)).toBe(added.id);
    // Someone who did not buy it cannot add it, by either call.
    const theirs = await group(stranger, `Theirs ${provider}`);
    expect((await post(t, stranger, '/admin/goods/purchase/addToGroup', { purchaseId: p.id, groupId: theirs })).status).toBe(403);
    expect((await post(t, stranger, '/admin/base/groupMember/add', { groupId: theirs, userId: aiId })).status).toBe(403);
    // Nor the buyer into a group they do not lead.
    expect((await post(t, buyer, '/admin/goods/purchase/addToGroup', { purchaseId: p.id, groupId: theirs })).status).toBe(403);

    const mine = ok(await get(t, buyer, '/admin/goods/purchase/mine')).find((m: { id: number }) => m.id === p.id);
    expect(mine).toMatchObject({ kind: SELLS.ai, status: 1, goods: { id: goodsId }, ai: { id: aiId, nickName: 'Poet' }, group: null, files: [] });
    expect(mine.ai.groups.map((g: { id: number }) => g.id).sort()).toEqual([buyerGroup, second].sort());

    await refundTwice(provider, orderNo);
    expect(await purchasesOf(order.id)).toMatchObject([{ status: 0, revokeTime: expect.anything() }]);
    expect((await copiesOf(p.id)).map((c) => Number(c.delete))).toEqual([1, 1]);
    expect((await post(t, buyer, '/admin/goods/purchase/addToGroup', { purchaseId: p.id, groupId: buyerGroup })).status).toBe(403);
    expect(ok(await post(t, buyer, '/admin/goods/info/openDetail', { id: goodsId })).purchaseId).toBeNull();
    const notices = await takenBackNotices(orderNo);
    expect(notices.map((n) => n.title)).toContain('已退款，因此收回：AI 成员 Poet 已离开您的 2 个群组');
    expect(notices).toHaveLength(2);
  });

  it.each(PROVIDERS)('delivers a place in a group bought with %s once; the refund ends it once', async (provider) => {
    const goodsId = await listing(SELLS.group);
    const orderNo = await place(goodsId);
    const order = await payRaced(provider, orderNo);
    const [p, ...more] = await purchasesOf(order.id);
    expect(more).toEqual([]);
    expect(p).toMatchObject({ kind: SELLS.group, groupId: soldGroup, status: 1 });
    expect(await rows(t, 'base_group_member', '`groupId` = ? AND `userId` = ? AND `delete` = 0', [soldGroup, buyer.id])).toHaveLength(1);
    expect(await memberRow(soldGroup, stranger.id)).toBeUndefined();
    expect(ok(await get(t, buyer, '/admin/goods/purchase/mine')).find((m: { id: number }) => m.id === p.id)).toMatchObject({
      group: { id: soldGroup, name: 'Paid club' },
      ai: null,
    });

    await refundTwice(provider, orderNo);
    expect(Number((await memberRow(soldGroup, buyer.id)).delete)).toBe(1);
    expect(Number((await memberRow(soldGroup, seller.id)).delete)).toBe(0);
    expect((await post(t, buyer, '/admin/base/groupMember/teamMember', { groupId: soldGroup })).status).toBe(403);
    expect((await takenBackNotices(orderNo)).map((n) => n.title)).toContain('已退款，因此收回：您在 Paid club 的席位');
  });

  it('leaves a buyer who was a member already in the group when the place is refunded', async () => {
    const vera = await person(t, 'vera');
    ok(await post(t, seller, '/admin/base/groupMember/add', { groupId: soldGroup, userId: vera.id }));
    const goodsId = await listing(SELLS.group);
    const orderNo = await place(goodsId, vera);
    const order = await payRaced(PROVIDERS[0], orderNo, vera);
    expect(await purchasesOf(order.id)).toMatchObject([{ kind: SELLS.group, groupId: soldGroup, memberId: null, status: 1 }]);
    await refundTwice(PROVIDERS[0], orderNo);
    expect(Number((await memberRow(soldGroup, vera.id)).delete)).toBe(0);
  });

  it.each(PROVIDERS)(
    'delivers files bought with %s once, also of goods removed after the order; only the buyer fetches them until the refund',
    async (provider) => {
      const goodsId = await listing(SELLS.files);
      const orderNo = await place(goodsId);
      ok(await post(t, seller, '/admin/goods/info/remove', { id: goodsId }));
      for (const f of files) expect((await fileUrl(buyer, f)).status).toBe(403);
      const order = await payRaced(provider, orderNo);
      const [p, ...more] = await purchasesOf(order.id);
      expect(more).toEqual([]);
      expect(p).toMatchObject({ kind: SELLS.files, status: 1 });
      for (const f of files) expect(ok((await fileUrl(buyer, f)) as Res).url).toEqual(expect.any(String));
      for (const f of files) expect((await fileUrl(stranger, f)).status).toBe(403);
      const mine = ok(await get(t, buyer, '/admin/goods/purchase/mine')).find((m: { id: number }) => m.id === p.id);
      expect(mine.files.map((f: { id: number; name: string }) => [f.id, f.name])).toEqual(files.map((id) => [id, 'Prompts.pdf']));

      await refundTwice(provider, orderNo);
      for (const f of files) expect((await fileUrl(buyer, f)).status).toBe(403);
      expect(await takenBackNotices(orderNo)).toHaveLength(2);
    },
  );

  it('keeps the files bought when the seller later takes them off the listing', async () => {
    const goodsId = await listing(SELLS.files);
    const order = await payRaced(PROVIDERS[0], await place(goodsId));
    const [p] = await purchasesOf(order.id);
    ok(await post(t, seller, '/admin/goods/info/updateGoods', { id: goodsId, attachments: [files[0]] }));
    for (const f of files) expect(ok((await fileUrl(buyer, f)) as Res).url).toEqual(expect.any(String));
    const mine = ok(await get(t, buyer, '/admin/goods/purchase/mine')).find((m: { id: number }) => m.id === p.id);
    expect(mine.files.map((f: { id: number }) => f.id)).toEqual(files);
  });

  it('lets a seller sell only their own AI member, group and private files (1002 naming the field); the administrator is not limited', async () => {
    const theirAi = Number(
      ok(await post(t, stranger, '/admin/base/groupMember/add', { groupId: await group(stranger, 'Lab'), ai: { nickName: 'Other' } })).userId,
    );
    const theirGroup = await group(stranger, 'Their club');
    ok(await post(t, stranger, '/admin/base/groupMember/add', { groupId: theirGroup, userId: seller.id }));
    const theirFile = await upload(stranger, true);
    const publicFile = await upload(seller, false);
    const refused = async (sells: Record<string, unknown>, field: string) => {
      const r = await publish(seller, sells);
      expect(r.body.code).toBe(1002);
      expect((r.body.data as Array<{ field: string }>).map((e) => e.field)).toEqual([field]);
    };
    await refused({ relateType: SELLS.ai, workflowId: theirAi }, 'workflowId');
    await refused({ relateType: SELLS.ai, workflowId: seller.id }, 'workflowId');
    await refused({ relateType: SELLS.ai }, 'workflowId');
    await refused({ relateType: SELLS.group, groupId: theirGroup }, 'groupId');
    await refused({ relateType: SELLS.files, attachments: [theirFile] }, 'attachments');
    await refused({ relateType: SELLS.files, attachments: [publicFile] }, 'attachments');
    await refused({ relateType: SELLS.files, attachments: [] }, 'attachments');
    await refused({ relateType: SELLS.files, attachments: Array.from({ length: 21 }, () => files[0]) }, 'attachments');
    // relateType none keeps attachments free-form.
    ok(await publish(seller, { attachments: [{ name: 'anything' }] }));

    const goodsId = await listing(SELLS.ai);
    for (const [path, body] of [
      ['/admin/goods/info/update', { id: goodsId, workflowId: theirAi }],
      ['/admin/goods/info/updateGoods', { id: goodsId, workflowId: theirAi }],
      ['/admin/goods/info/updateGoods', { id: goodsId, relateType: SELLS.group }],
    ] as const) {
      const r = await post(t, seller, path, body);
      expect(r.body.code).toBe(1002);
    }
    ok(await post(t, seller, '/admin/goods/info/updateGoods', { id: goodsId, title: 'Still mine' }));
    expect(Number((await rows(t, 'goods_info', '`id` = ?', [goodsId]))[0].workflowId)).toBe(aiId);
    ok(await post(t, t.adminToken, '/admin/goods/info/add', { title: 'Console listing', userId: seller.id, relateType: SELLS.ai, workflowId: theirAi }));
  });

  it("lists a member's own AI members, and only theirs, for the publish form", async () => {
    const mine = ok(await get(t, seller, '/admin/base/groupMember/myAiMembers'));
    expect(mine).toContainEqual({ id: aiId, nickName: 'Poet', headImg: null, public: false });
    expect(ok(await get(t, buyer, '/admin/base/groupMember/myAiMembers')).map((a: { id: number }) => a.id)).not.toContain(aiId);
    expect((await get(t, null, '/admin/base/groupMember/myAiMembers')).status).toBe(401);
  });

  it('names on the goods page what each kind delivers, to anyone, without giving it away', async () => {
    const detail = async (kind: number) => ok(await post(t, stranger, '/admin/goods/info/openDetail', { id: await listing(kind) })).includes;
    expect(await detail(SELLS.ai)).toEqual({ ai: { name: 'Poet' }, group: null, files: [] });
    const members = (await rows(t, 'base_group_member', '`groupId` = ? AND `delete` = 0', [soldGroup])).length;
    expect(await detail(SELLS.group)).toEqual({ ai: null, group: { name: 'Paid club', members }, files: [] });
    expect(await detail(SELLS.files)).toEqual({
      ai: null,
      group: null,
      files: [
        { name: 'Prompts.pdf', size: PDF.length },
        { name: 'Prompts.pdf', size: PDF.length },
      ],
    });
    // Names and sizes only: no url, no key.
    expect(JSON.stringify(await detail(SELLS.files))).not.toMatch(/private|upload|http/);
  });

  it('filters the store by what is sold', async () => {
    const goodsId = await listing(SELLS.group);
    const listed = ok(await post(t, null, '/admin/goods/info/openList', { relateType: SELLS.group, size: 1000 })).list as Array<{
      id: number;
      relateType: number;
    }>;
    expect(listed.map((g) => g.id)).toContain(goodsId);
    expect(listed.every((g) => g.relateType === SELLS.group)).toBe(true);
    const none = ok(await post(t, null, '/admin/goods/info/openList', { relateType: 0, size: 1000 })).list as Array<{ id: number; relateType: number | null }>;
    expect(none.every((g) => !g.relateType)).toBe(true);
  });
});
