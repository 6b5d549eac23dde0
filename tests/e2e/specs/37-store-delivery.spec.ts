/**
 * The store delivers (issue 37), in the browser: Alice (English, 1400 px) publishes one of her AI
 * members from her personal centre, choosing it from her own AI members with a price per run; the
 * store filters it under "AI members". Bob (简体中文, a 390 px phone) reads on its goods page what he
 * gets, pays with Alipay (the paid order leads to My purchases), finds "Open" in place of "Buy", and
 * in My purchases adds his copy to one of his groups, which then shows it. Screenshots land in
 * tests/e2e/artifacts/.
 */
import { test, expect, type Page } from '@playwright/test';
import { Api, clickStill, go, makeMembers, memberBrowser, pageWidth, payAt, shot, skipWithoutServer } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const alice = { username: `sd_alice_${run}`, nickName: `Alice ${run}`, id: 0 };
const bob = { username: `sd_bob_${run}`, nickName: `小博 ${run}`, id: 0 };
const aiName = `Muse ${run}`;
const title = `Muse the poet ${run}`;
const bobGroup = `诗社 ${run}`;
let goodsId = 0;
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
  await bobApi.post('/admin/base/group/add', { name: bobGroup });
  b = await memberBrowser(browser, bob.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await go(b, `/goods/${goodsId}`);
  const sells = b.getByTestId('goods-sells');
  await expect(sells).toContainText('AI 成员');
  await expect(sells).toContainText('每次运行 2 代币');
  await expect(sells).toContainText('包含更新');
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '37-2-bob-goods-390-zh');
  await b.getByTestId('goods-buy').click();
  await payAt(b, 'alipay');
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
});
