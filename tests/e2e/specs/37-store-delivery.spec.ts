/**
 * The store delivers (issue 37), in the browser: Alice (English, 1400 px) publishes one of her AI
 * members from her personal centre, choosing it from her own AI members with a price per run; the
 * store filters it under "AI members". Bob (简体中文, a 390 px phone) reads on its goods page what he
 * gets, pays with Alipay (the paid order leads to My purchases), finds "Open" in place of "Buy", and
 * in My purchases adds his copy to one of his groups, which then shows it. There he asks it in the
 * group's chat and gets the fake model's answer; his balance drops by its price plus the run fee,
 * which he saw before asking; from My purchases he messages it privately and pays the same. Alice finds the sale and her run earnings in her ledger. The
 * administrator refunds Bob's order in the console: the copy leaves Bob's group, no longer answers,
 * and Bob's bell says it was taken back. Screenshots land in tests/e2e/artifacts/ (and the answered
 * chat at 390 px in /tmp/e2e37/).
 */
import { test, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { Api, clickStill, go, makeMembers, memberBrowser, pageWidth, payAt, shot, skipWithoutServer, uiLogin } from '../helpers';
import { docShot } from '../doc-shots';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const alice = { username: `sd_alice_${run}`, nickName: `Alice ${run}`, id: 0 };
const bob = { username: `sd_bob_${run}`, nickName: `小博 ${run}`, id: 0 };
const aiName = `Muse ${run}`;
const title = `Muse the poet ${run}`;
const bobGroup = `诗社 ${run}`;
const question = '请写一首关于秋天的短诗';
let goodsId = 0;
let bobGroupId = 0;
let aiUserId = 0;
let orderNo = '';
let a: Page; // Alice, English, 1400 px
let b: Page; // Bob, zh-cn, 390 px

test.afterAll(async () => {
  await a?.context().close();
  await b?.context().close();
});

test('1. Alice publishes her AI member, chosen from her own, with a price per run', async ({ browser }) => {
  await makeMembers([alice, bob], PASSWORD);
  const aliceApi = await Api.login(alice.username, PASSWORD);
  const groupId = Number((await aliceApi.post<{ id: number }>('/admin/base/group/add', { name: `Studio ${run}` })).id);
  await aliceApi.post('/admin/base/groupMember/add', { groupId, ai: { nickName: aiName, config: { prompt: 'Answer in verse.', cost: 1 } } });

  a = await memberBrowser(browser, alice.username, PASSWORD);
  await go(a, '/my/info?tab=goods');
  await expect(a.getByTestId('acc-goods-tab')).toBeVisible();
  await a.getByTestId('acc-goods-publish').click();
  const form = a.getByTestId('acc-goods-form');
  await expect(form).toBeVisible();
  await a.getByTestId('acc-goods-title').fill(title);
  await a.getByTestId('acc-goods-price').fill('5');
  await clickStill(a.getByTestId('acc-goods-kind').getByText('An AI member'));
  await expect(form).toContainText('ready to add to their groups');
  await a.getByTestId('acc-goods-ai').click();
  await clickStill(a.locator('.ant-select-dropdown').getByText(aiName));
  await a.getByTestId('acc-goods-run-price').fill('2');
  await expect(a.getByTestId('acc-goods-updates')).toHaveAttribute('aria-checked', 'true');
  await shot(a, '37-1-alice-publish-ai-1400-en');
  await docShot(a, 'store-publish-ai-member');
  await a.getByTestId('acc-goods-save').click();
  const row = a.getByTestId('acc-goods').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 20_000 });
  goodsId = Number(await row.getAttribute('data-goods'));
  expect(goodsId).toBeGreaterThan(0);

  await go(a, '/workflow_store?sells=1');
  await expect(a.getByTestId('store-list')).toContainText(title);
  await go(a, '/workflow_store?sells=3');
  await expect(a.getByTestId('store-empty').or(a.getByTestId('store-list'))).toBeVisible();
  await expect(a.getByTestId('store-page').getByText(title)).toHaveCount(0);
});

test('2. Bob reads what he gets on his phone, pays, and sees "Open" instead of "Buy"', async ({ browser }) => {
  const bobApi = await Api.login(bob.username, PASSWORD);
  bobGroupId = Number((await bobApi.post<{ id: number }>('/admin/base/group/add', { name: bobGroup })).id);
  b = await memberBrowser(browser, bob.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await go(b, `/goods/${goodsId}`);
  const sells = b.getByTestId('goods-sells');
  await expect(sells).toContainText('AI 成员');
  await expect(sells).toContainText('每次运行 2 代币');
  await expect(sells).toContainText('包含更新');
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-2-bob-goods-390-zh');
  await docShot(b, 'store-goods-phone-zh');
  await b.getByTestId('goods-buy').click();
  orderNo = await payAt(b, 'alipay');
  await expect(b.getByTestId('pay-to-purchases')).toBeVisible();
  await go(b, `/goods/${goodsId}`);
  await expect(b.getByTestId('goods-owned')).toBeVisible();
  await expect(b.getByTestId('goods-buy')).toHaveCount(0);
  await shot(b, '37-2-bob-goods-owned-390-zh');
});

test('3. Bob adds his copy to one of his groups from My purchases', async () => {
  await b.getByTestId('goods-open').click();
  await expect(b).toHaveURL(/tab=purchases/);
  const item = b.getByTestId('acc-purchase').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('acc-purchase-in')).toContainText('尚未加入任何群组');
  await item.getByTestId('acc-purchase-group').click();
  await clickStill(b.locator('.ant-select-dropdown').getByText(bobGroup));
  await item.getByTestId('acc-purchase-add').click();
  await expect(item.getByTestId('acc-purchase-in')).toContainText(bobGroup, { timeout: 15_000 });
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-3-bob-purchases-390-zh');
  await docShot(b, 'store-purchases-phone-zh');
});

/** The figure of one of the Tokens tab's balances (`tokens`, `earned`, `withdrawable`). */
const balance = (p: Page, which: 'tokens' | 'earned' | 'withdrawable') => p.getByTestId(`acc-balance-${which}`).locator('.ant-statistic-content-value');

/** Opens the settings of group `groupId` from its tile on the board, and answers the members' list. */
async function openGroupSettings(p: Page, groupId: number) {
  await go(p, '/workbench');
  await p.getByTestId(`board-tile-menu-${groupId}`).click({ timeout: 15_000 });
  await clickStill(p.getByTestId('board-tile-action-settings'));
  return p.getByTestId('board-settings');
}

test('4. Bob sees the price with the run fee, asks his copy in the group chat and gets its answer; the price is taken', async () => {
  const admin = await Api.admin();
  const code = (await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 10 })).codes[0];
  const bobApi = await Api.login(bob.username, PASSWORD);
  await bobApi.post('/admin/base/coupon/use', { code });
  const members = (await bobApi.post<{ list: Array<{ userId: number; nickName?: string }> }>('/admin/base/groupMember/memberList', { groupId: bobGroupId }))
    .list;
  aiUserId = Number(members.find((m) => m.nickName === aiName)?.userId ?? 0);
  expect(aiUserId).toBeGreaterThan(0);

  await go(b, '/my/info?tab=tokens');
  await expect(balance(b, 'tokens')).toHaveText('10', { timeout: 15_000 });

  // Before asking: its price of 1 plus the listing's 2 per run.
  const settings = await openGroupSettings(b, bobGroupId);
  const row = settings.getByTestId(`board-member-${aiUserId}`);
  await expect(row).toContainText(aiName, { timeout: 15_000 });
  await expect(row.getByTestId('board-member-price')).toHaveText('每次回答 3 代币');
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-4-bob-copy-price-390-zh');
  await b.keyboard.press('Escape');

  await go(b, `/workbench?tab=chats&to=1-${bobGroupId}`);
  await expect(b.getByTestId('chat-title')).toContainText(bobGroup, { timeout: 15_000 });
  await expect(b.getByTestId('chat-panel')).toContainText('2 位成员');
  const input = b.getByTestId('chat-input');
  await input.fill('@Muse');
  await clickStill(b.locator(`[data-testid="chat-mention-option"][data-user-id="${aiUserId}"]`).filter({ hasText: aiName }));
  await input.pressSequentially(question);
  await input.press('Enter');
  await expect(b.locator('[data-testid="chat-message"][data-mine="1"]').filter({ hasText: question })).toBeVisible();
  const answer = b.locator('[data-testid="chat-message"][data-mine="0"]').filter({ hasText: 'Fake answer to:' });
  await expect(answer).toHaveCount(1, { timeout: 30_000 });
  await expect(answer).toContainText(question, { timeout: 30_000 });
  await expect(answer.locator('.chat-msg-name')).toHaveText(aiName);
  await expect(answer.locator('.chat-ai-tag')).toHaveText('AI');
  await expect(b.locator('[data-testid="run-stream"]')).toHaveCount(0);
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-4-bob-copy-answered-390-zh');
  mkdirSync('/tmp/e2e37', { recursive: true });
  await b.screenshot({ path: '/tmp/e2e37/bob-group-chat-answer-390-zh.png' });

  await go(b, '/my/info?tab=tokens');
  await expect(balance(b, 'tokens')).toHaveText('7', { timeout: 15_000 });
  const charge = b.getByTestId('acc-ledger-entry').first();
  await expect(charge).toHaveAttribute('data-kind', '10');
  await expect(charge).toContainText('AI 运行');
  await expect(charge).toContainText('-3');
  await expect(charge).toContainText('余额 7');
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-4-bob-tokens-after-run-390-zh');
});

test('4b. Bob messages his copy from My purchases and it answers him privately, at the same price', async () => {
  await go(b, '/my/info?tab=purchases');
  const item = b.getByTestId('acc-purchase').filter({ hasText: title });
  await item.getByTestId('acc-purchase-message').click();
  await expect(b.getByTestId('chat-title')).toContainText(aiName, { timeout: 15_000 });
  const input = b.getByTestId('chat-input');
  await input.fill('只问你：冬天呢？');
  await input.press('Enter');
  const answer = b.locator('[data-testid="chat-message"][data-mine="0"]').filter({ hasText: 'Fake answer to:' });
  await expect(answer).toHaveCount(1, { timeout: 30_000 });
  await expect(answer).toContainText('冬天', { timeout: 30_000 });
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-4b-bob-private-copy-390-zh');
  await go(b, '/my/info?tab=tokens');
  await expect(balance(b, 'tokens')).toHaveText('4', { timeout: 15_000 });
});

test('5. Alice sees the sale and her run earnings in her ledger', async () => {
  await go(a, '/my/info?tab=tokens');
  const earning = a.locator('[data-testid="acc-ledger-entry"][data-kind="12"]');
  await expect(earning).toHaveCount(2, { timeout: 15_000 });
  // Each run's fee of 2 less the platform's 10 % commission, the group's and the private chat's.
  for (const one of await earning.all()) {
    await expect(one).toContainText('Run earnings');
    await expect(one).toContainText('+1.8');
    await expect(one).toContainText('Earned');
    // It names the listing it came from.
    await expect(one.getByTestId('acc-ledger-source')).toHaveText(title);
  }
  const sale = a.locator('[data-testid="acc-ledger-entry"][data-kind="3"]');
  await expect(sale).toContainText('Sale revenue');
  await expect(sale.getByTestId('acc-ledger-source')).toHaveText(title);
  const saleTokens = Number(((await sale.locator('.acc-plus').textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(saleTokens).toBeGreaterThan(0);
  await expect(balance(a, 'earned')).toHaveText((saleTokens + 3.6).toLocaleString('en', { maximumFractionDigits: 4 }));
  await shot(a, '37-5-alice-earnings-1400-en');
});

test("6. the administrator refunds Bob's order in the console", async ({ browser }) => {
  expect(orderNo).not.toBe('');
  const adm = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  try {
    await uiLogin(adm);
    await go(adm, '/admin/goods/order');
    const row = adm.locator('tr').filter({ hasText: orderNo });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('order-buyer')).toHaveText(bob.nickName);
    await expect(row.getByTestId('order-seller')).toHaveText(alice.nickName);
    await row.getByTestId('order-refund').click();
    await expect(adm.locator('.ant-modal')).toContainText(bob.nickName);
    await adm.getByTestId('refund-reason').fill('Asked for by the buyer');
    await adm.getByTestId('refund-submit').click();
    await expect(adm.getByTestId('refund-result')).toBeVisible({ timeout: 20_000 });
    await shot(adm, '37-6-admin-refunded-1400-en');
    await adm.getByTestId('refund-close').click();
    await expect(row.getByTestId('order-refund')).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await adm.context().close();
  }
});

test("7. Bob's copy is gone from his group and answers no more; his bell says it was taken back", async () => {
  await go(b, '/workbench');
  await expect(b.getByTestId('notify-count')).toBeVisible({ timeout: 20_000 });
  await b.getByTestId('notify-bell').click();
  const note = b.locator(`[data-testid="notify-item"][data-order="${orderNo}"]`).filter({ hasText: `已退款，因此收回：AI 成员 ${aiName} 已离开您的 1 个群组` });
  await expect(note).toBeVisible({ timeout: 15_000 });
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-7-bob-taken-back-390-zh');
  await b.keyboard.press('Escape');

  const settings = await openGroupSettings(b, bobGroupId);
  await expect(settings.getByTestId(`board-member-${bob.id}`)).toContainText(bob.nickName, { timeout: 15_000 });
  await expect(settings.getByTestId(`board-member-${aiUserId}`)).toHaveCount(0);
  await shot(b, '37-7-bob-members-390-zh');
  await b.keyboard.press('Escape');

  await go(b, `/workbench?tab=chats&to=1-${bobGroupId}`);
  await expect(b.getByTestId('chat-title')).toContainText(bobGroup, { timeout: 15_000 });
  await expect(b.getByTestId('chat-panel')).toContainText('1 位成员');
  const input = b.getByTestId('chat-input');
  await input.fill('@Muse');
  await expect(b.getByTestId('chat-mention-list')).toContainText('没有匹配的成员');
  await expect(b.getByTestId('chat-mention-option')).toHaveCount(0);
  await input.pressSequentially(' 还在吗？');
  await input.press('Enter');
  await expect(b.locator('[data-testid="chat-message"][data-mine="1"]').filter({ hasText: '还在吗？' })).toBeVisible();
  // No answer comes: still only the one from before the refund, however long one waits here.
  await b.waitForTimeout(5_000);
  await expect(b.locator('[data-testid="chat-message"][data-mine="0"]').filter({ hasText: 'Fake answer to:' })).toHaveCount(1);
  await expect(b.locator('[data-testid="run-stream"]')).toHaveCount(0);
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-7-bob-no-answer-390-zh');

  // Runs answered before the refund stay paid.
  await go(b, '/my/info?tab=tokens');
  await expect(balance(b, 'tokens')).toHaveText('4', { timeout: 15_000 });
});
