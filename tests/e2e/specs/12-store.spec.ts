/**
 * The store in the browser (issue 18) against the server with the fake Stripe and fake Alipay of the
 * commerce tests (global-setup.ts): the store is browsed signed out; a member buys a goods through the
 * fake Stripe checkout and another through the fake Alipay page, comes back, sees it paid (also after
 * a reload of the return page) and "already bought"; the seller sees the sale and revenue in their
 * statistics and writes a remark on the order, which the buyer reads; the administrator refunds one
 * in the console and the buyer sees it refunded; a member redeems a code and sees the ledger entry; a
 * member buys VIP and sees its end date. Screenshots in en and zh-cn and at 390 px land in
 * tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, base, clickStill, shot, skipWithoutServer, uiLogin, memberBrowser } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const seller = { username: `st_sara_${run}`, nickName: `Sara ${run}` };
const buyer = { username: `st_ben_${run}`, nickName: `Ben ${run}` };
const goods: Record<'card' | 'wallet', { id: number; title: string }> = {
  card: { id: 0, title: `Card workflow ${run}` },
  wallet: { id: 0, title: `Wallet workflow ${run}` },
};
let vipName = '';
let code = '';
let cardOrder = '';

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [seller, buyer]) {
    await admin.post('/admin/base/sys/user/add', { username: u.username, password: PASSWORD, nickName: u.nickName, roleIdList: [member.id] });
  }
  const sara = await Api.login(seller.username, PASSWORD);
  for (const [kind, price] of [
    ['card', 12.5],
    ['wallet', 8],
  ] as const) {
    const made = await sara.post<{ id: number }>('/admin/goods/info/add', {
      title: goods[kind].title,
      subTitle: 'A workflow for the e2e store',
      price,
      status: 1,
      isDisplay: 1,
      isFree: 0,
      content: '<p>Does the job.</p>',
    });
    goods[kind].id = Number(made.id);
  }
  vipName = `Monthly ${run}`;
  await admin.post('/admin/base/vip/add', { name: vipName, period: 30, type: 1, amount: 15, giftTokenAmount: 10, enablePay: 1 });
  code = (await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 25 })).codes[0];
});

async function member(browser: Browser, who: { username: string }, o: { width?: number; lang?: string } = {}): Promise<Page> {
  return memberBrowser(browser, who.username, PASSWORD, o);
}

/** Leaves for the provider chosen on /payment, presses Pay on its checkout page, and is sent back. */
async function payOnProviderPage(page: Page): Promise<void> {
  await page.getByTestId('pay-go').click();
  await page.waitForURL((u) => !u.href.startsWith(base()), { timeout: 20_000 });
  await page.getByRole('button', { name: /pay/i }).click();
}

/** Buys goods `id` from its page and pays with `provider` on the fake provider's page; back on /payment. */
async function buy(page: Page, id: number, provider: 'stripe' | 'alipay'): Promise<string> {
  await page.goto(`${base()}/goods/${id}`);
  await page.getByTestId('goods-buy').click();
  await expect(page).toHaveURL(/\/payment\?orderNo=/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? '';
  await clickStill(page.getByTestId(`pay-option-${provider}`));
  await payOnProviderPage(page);
  await expect(page).toHaveURL(/\/payment\?orderNo=/, { timeout: 20_000 });
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-shown', 'paid', { timeout: 20_000 });
  return orderNo;
}

test('the store is browsed signed out, on a phone and in Chinese too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${base()}/workflow_store`);
  await expect(page.getByTestId('store-card').filter({ hasText: goods.card.title })).toBeVisible();
  await shot(page, 'store-signed-out-en');
  await page.getByTestId('store-card').filter({ hasText: goods.card.title }).click();
  await expect(page).toHaveURL(new RegExp(`/goods/${goods.card.id}$`));
  await expect(page.getByTestId('goods-title')).toHaveText(goods.card.title);
  await shot(page, 'goods-signed-out-en');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const p2 = await phone.newPage();
  await p2.goto(`${base()}/workflow_store`);
  await p2.evaluate(() => localStorage.setItem('lang', 'zh-cn'));
  await p2.reload();
  await expect(p2.getByTestId('store-card').first()).toBeVisible();
  expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(p2, 'store-signed-out-zh-390');
  await context.close();
  await phone.close();
});

test('a member buys through the fake Stripe checkout; paid, also after a reload, and already bought', async ({ browser }) => {
  const page = await member(browser, buyer);
  cardOrder = await buy(page, goods.card.id, 'stripe');
  await shot(page, 'payment-paid-stripe-en');
  await page.reload();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-shown', 'paid');
  // Without the order number in the address, the number kept locally still finds it.
  await page.goto(`${base()}/payment`);
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-shown', 'paid');
  await page.goto(`${base()}/goods/${goods.card.id}`);
  await expect(page.getByTestId('goods-bought')).toBeVisible();
  await shot(page, 'goods-already-bought-en');
  await page.context().close();
});

test('a member buys through the fake Alipay page, in Chinese on a phone', async ({ browser }) => {
  const page = await member(browser, buyer, { width: 390, lang: 'zh-cn' });
  await buy(page, goods.wallet.id, 'alipay');
  await shot(page, 'payment-paid-alipay-zh-390');
  await page.goto(`${base()}/goods/${goods.wallet.id}`);
  await expect(page.getByTestId('goods-bought')).toBeVisible();
  await page.context().close();
});

test('the seller sees the sales and the revenue in their statistics', async ({ browser }) => {
  const page = await member(browser, seller);
  await page.goto(`${base()}/my/info?tab=goods`);
  await expect(page.getByTestId('acc-stat-sold')).toContainText('2');
  await expect(page.getByTestId('acc-stat-revenue')).toContainText('20.50');
  await shot(page, 'seller-statistics-en');
  await page.context().close();
});

test('the seller writes their remark on the order they sold, on a phone in Chinese, and the buyer reads it', async ({ browser }) => {
  const note = `Thanks ${run}`;
  const page = await member(browser, seller, { width: 390, lang: 'zh-cn' });
  await page.goto(`${base()}/my/info?tab=orders&side=sold`);
  await page.locator(`[data-testid="acc-order"][data-order="${cardOrder}"]`).getByTestId('acc-order-open').click();
  await page.getByTestId('acc-order-seller-remark').fill(note);
  await page.getByTestId('acc-order-seller-remark-save').click();
  await expect(page.getByTestId('acc-order-seller-remark-save')).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'order-seller-remark-zh-390');
  await page.context().close();
  const b = await member(browser, buyer);
  await b.goto(`${base()}/my/info?tab=orders`);
  await b.locator(`[data-testid="acc-order"][data-order="${cardOrder}"]`).getByTestId('acc-order-open').click();
  await expect(b.getByTestId('acc-order-drawer')).toContainText(note);
  await expect(b.getByTestId('acc-order-seller-remark')).toHaveCount(0);
  await b.context().close();
});

test('the administrator refunds the card order in the console, and the buyer sees it refunded', async ({ page, browser }) => {
  await uiLogin(page);
  await page.goto(`${base()}/admin/goods/order`);
  const row = page.locator('tr').filter({ hasText: cardOrder });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByTestId('order-refund').click();
  await page.getByTestId('refund-reason').fill('Bought by mistake');
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('refund-result')).toBeVisible();
  await shot(page, 'console-refund-en');
  const b = await member(browser, buyer);
  await b.goto(`${base()}/my/info?tab=orders`);
  await expect(b.locator(`[data-testid="acc-order"][data-order="${cardOrder}"]`)).toHaveAttribute('data-outcome', 'refunded');
  await shot(b, 'orders-refunded-en');
  await b.context().close();
});

test('a member redeems a code and sees the ledger entry, then buys VIP and sees its end date', async ({ browser }) => {
  const page = await member(browser, buyer);
  await page.goto(`${base()}/my/info?tab=tokens`);
  await page.getByTestId('acc-code').fill(code);
  await page.getByTestId('acc-redeem').click();
  await expect(page.getByTestId('acc-balance-tokens')).toContainText('25');
  await expect(page.getByTestId('acc-ledger-entry').first()).toContainText('25');
  await shot(page, 'tokens-redeemed-en');
  await page.goto(`${base()}/my/info?tab=vip`);
  await page.getByTestId('acc-vip-plan').filter({ hasText: vipName }).getByTestId('acc-vip-buy').click();
  await expect(page).toHaveURL(/\/payment\?orderNo=/);
  await clickStill(page.getByTestId('pay-option-stripe'));
  await payOnProviderPage(page);
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-shown', 'paid', { timeout: 20_000 });
  await page.goto(`${base()}/my/info?tab=vip`);
  await expect(page.getByTestId('acc-vip-now')).toHaveAttribute('data-active', '1');
  const end = new Date(Date.now() + 30 * 86400_000).getUTCFullYear();
  await expect(page.getByTestId('acc-vip-now')).toContainText(String(end));
  await shot(page, 'vip-active-en');
  await page.context().close();
});
