/**
 * Refunds from the console (issue 35) against the server with the fake Alipay (global-setup.ts): a
 * member buys goods through the fake Alipay page; the administrator finds the order in the console
 * with the buyer and the seller named (not "#3"), refunds it there, and the buyer's bell tells them,
 * in their own language. Screenshots in en and zh-cn, wide and at 390 px, land in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, base, clickStill, shot, skipWithoutServer, uiLogin, memberBrowser } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const seller = { username: `rf_sara_${run}`, nickName: `Sara ${run}` };
const buyer = { username: `rf_ming_${run}`, nickName: `Ming ${run}` };
let goodsId = 0;
let orderNo = '';

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [seller, buyer]) {
    await admin.post('/admin/base/sys/user/add', {
      username: u.username,
      password: PASSWORD,
      nickName: u.nickName,
      roleIdList: [member.id],
      language: u === buyer ? 'zh-cn' : 'en',
    });
  }
  const sara = await Api.login(seller.username, PASSWORD);
  const made = await sara.post<{ id: number }>('/admin/goods/info/add', {
    title: `Refundable workflow ${run}`,
    price: 6.5,
    status: 1,
    isDisplay: 1,
    isFree: 0,
    content: '<p>Does the job.</p>',
  });
  goodsId = Number(made.id);
});

async function signedIn(browser: Browser, who: { username: string }, o: { width?: number; lang?: string } = {}): Promise<Page> {
  return memberBrowser(browser, who.username, PASSWORD, o);
}

test('a member buys through the fake Alipay page', async ({ browser }) => {
  const page = await signedIn(browser, buyer);
  await page.goto(`${base()}/goods/${goodsId}`);
  await page.getByTestId('goods-buy').click();
  await expect(page).toHaveURL(/\/payment\?orderNo=/);
  orderNo = new URL(page.url()).searchParams.get('orderNo') ?? '';
  await clickStill(page.getByTestId('pay-option-alipay'));
  await page.getByTestId('pay-go').click();
  await page.waitForURL((u) => !u.href.startsWith(base()), { timeout: 20_000 });
  await page.getByRole('button', { name: /pay/i }).click();
  await expect(page).toHaveURL(/\/payment\?orderNo=/, { timeout: 20_000 });
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-shown', 'paid', { timeout: 20_000 });
  await page.context().close();
});

test('the console names buyer and seller, and the administrator refunds the Alipay order there', async ({ page }) => {
  expect(orderNo).not.toBe('');
  await page.setViewportSize({ width: 1400, height: 860 });
  await uiLogin(page);
  await page.goto(`${base()}/admin/goods/order`);
  const row = page.locator('tr').filter({ hasText: orderNo });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('order-buyer')).toHaveText(buyer.nickName);
  await expect(row.getByTestId('order-seller')).toHaveText(seller.nickName);
  await shot(page, 'refunds-console-orders-named-en');

  await row.getByTestId('order-refund').click();
  await expect(page.locator('.ant-modal')).toContainText(buyer.nickName);
  await expect(page.locator('.ant-modal')).toContainText('Alipay');
  await page.getByTestId('refund-reason').fill('Bought by mistake');
  await shot(page, 'refunds-console-alipay-confirm-en');
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('refund-result')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'refunds-console-alipay-done-en');
  await page.getByTestId('refund-close').click();
  // Refunded: no Refund action on the row any more.
  await expect(row.getByTestId('order-refund')).toHaveCount(0, { timeout: 20_000 });

  // The same screen in Chinese on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'zh-cn'));
  await page.reload();
  await expect(page.locator('tr').filter({ hasText: orderNo })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'refunds-console-orders-zh-390');
  await page.locator('tr').filter({ hasText: orderNo }).getByTestId('order-detail').click();
  await expect(page.getByTestId('order-detail-fields')).toContainText(buyer.nickName);
  await shot(page, 'refunds-console-detail-zh-390');
});

test("the buyer's bell says the order was refunded, in the buyer's language", async ({ browser }) => {
  // Read before this Chinese browser signs in (which records Chinese from now on).
  const admin = await Api.admin();
  const rows = (await admin.page<{ username: string; language: string | null }>('/admin/base/sys/user', { keyWord: buyer.username })).list;
  const recorded = rows.find((u) => u.username === buyer.username)?.language;
  const page = await signedIn(browser, buyer, { lang: 'zh-cn' });
  await expect(page.getByTestId('notify-count')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('notify-bell').click();
  // The notice names the goods (not the 26-digit number), carries its order for the click, and is written
  // in the language the buyer's account recorded when it was sent: the one his browser last used (the
  // English one of the purchase above; issue 35's rule: a browser's choice is what the account records).
  const refunded = recorded === 'en' ? 'Refunded to you' : '已退款';
  const note = page
    .locator(`[data-testid="notify-item"][data-order="${orderNo}"]`)
    .filter({ hasText: refunded })
    .filter({ hasText: `Refundable workflow ${run}` });
  await expect(note).toBeVisible();
  await shot(page, 'refunds-buyer-bell-zh');
  await page.context().close();
});
