/**
 * Journeys (issue 35), the store slice: Eve sells in English on a wide screen, Fay buys in 简体中文 on a
 * 390 px phone, Gus buys once more in English, each in a browser context of their own that stays open
 * from step to step, and the administrator refunds in the console. Eve uploads a picture to her file
 * space and publishes goods from her personal centre with it (chosen with the file-space picker) and
 * comments allowed; Fay finds them in the store, reads them, comments and pays with Alipay; Gus pays
 * with Stripe; both see their orders paid, Eve sees both sold with the buyers' names and the tokens
 * she earned, and writes a remark that Fay reads. The administrator refunds both orders; buyers and
 * seller are told in their own language and the orders change on the screens left open. Every step
 * checks what the person sees; screenshots land in tests/e2e/artifacts/.
 */
import { deflateSync } from 'node:zlib';
import { test, expect, type Page } from '@playwright/test';
import { Api, clickStill, go, memberBrowser, pageWidth as width, payAt, shot, skipWithoutServer, uiLogin } from '../helpers';
import { docShot } from '../doc-shots';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const eve = { username: `js_eve_${run}`, nickName: `Eve ${run}`, id: 0, language: 'en' };
const fay = { username: `js_fay_${run}`, nickName: `小菲 ${run}`, id: 0, language: 'zh-cn' };
const gus = { username: `js_gus_${run}`, nickName: `Gus ${run}`, id: 0, language: 'en' };
const title = `Seed planner ${run}`;
const picture = `seed-planner-${run}.png`;
const PRICE = 12;
// The product's terms (pay-settings.ts defaults, which the e2e server keeps): 10 % commission, 100 tokens per unit.
const EARNED_PER_SALE = PRICE * 0.9 * 100;
const comment = `种子规划很好用 ${run}`;
const remark = `Thanks for buying, ${run}!`;
let goodsId = 0;
let pictureUrl = '';
let alipayOrder = '';
let stripeOrder = '';
let e: Page; // Eve, English, 1400 px
let f: Page; // Fay, zh-cn, 390 px
let g: Page; // Gus, English, 1400 px

/** A small real picture (a 160 x 100 green-to-blue gradient PNG) for Eve's upload. */
function gradientPng(w = 160, h = 100): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) raw.set([40, 120 + Math.round((x / w) * 100), 90 + Math.round((y / h) * 150)], y * (w * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The order row `orderNo` in a member's open orders tab. */
const orderRow = (page: Page, orderNo: string) => page.locator(`[data-testid="acc-order"][data-order="${orderNo}"]`);

test.afterAll(async () => {
  await e?.context().close();
  await f?.context().close();
  await g?.context().close();
});

test('1. Eve uploads a picture and publishes goods from her personal centre, picture from the file space, comments on', async ({ browser }) => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [eve, fay, gus]) {
    const made = await admin.post<{ id: number }>('/admin/base/sys/user/add', {
      username: u.username,
      password: PASSWORD,
      nickName: u.nickName,
      roleIdList: [member.id],
      language: u.language,
    });
    u.id = Number(made.id);
  }
  e = await memberBrowser(browser, eve.username, PASSWORD);
  f = await memberBrowser(browser, fay.username, PASSWORD, { width: 390, lang: 'zh-cn' });

  // Her file space first: one picture uploaded.
  await go(e, '/space/list');
  await expect(e.getByTestId('space-browser')).toBeVisible({ timeout: 15_000 });
  await e
    .locator('[data-testid="space-browser"] .ant-upload input[type=file]')
    .first()
    .setInputFiles({ name: picture, mimeType: 'image/png', buffer: gradientPng() });
  await expect(e.getByTestId('space-file').filter({ hasText: picture })).toBeVisible({ timeout: 20_000 });
  await shot(e, '32-j1-eve-space-uploaded-1400-en');

  // Publishing needs no seller status (docs/decisions/creator-flag.md): straight to her goods.
  await go(e, '/workbench');
  await clickStill(e.getByTestId('user-name'));
  await clickStill(e.getByRole('menuitem', { name: 'Personal center' }));
  await expect(e.getByTestId('personal-page')).toBeVisible();
  await clickStill(e.getByRole('tab', { name: 'My goods' }));
  await expect(e.getByTestId('acc-goods-tab')).toBeVisible();
  await e.getByTestId('acc-goods-publish').click();
  const form = e.getByTestId('acc-goods-form');
  await expect(form).toBeVisible();
  await e.getByTestId('acc-goods-title').fill(title);
  await e.getByTestId('acc-goods-price').fill(String(PRICE));
  await form
    .getByTestId('file-input')
    .getByRole('button', { name: /Choose from space/ })
    .click();
  const chosen = e.locator('.ant-modal').getByTestId('space-file').filter({ hasText: picture });
  await clickStill(chosen);
  await expect(e.locator('.ant-modal')).toContainText('1');
  await shot(e, '32-j1-eve-picker-1400-en');
  await clickStill(e.getByTestId('space-picker-ok'));
  await expect(form.getByTestId('file-input').locator('img')).toHaveAttribute('src', /^\/upload\/.+\.png$/);
  pictureUrl = (await form.getByTestId('file-input').locator('img').getAttribute('src')) ?? '';
  await expect(e.getByTestId('acc-goods-comments')).toHaveAttribute('aria-checked', 'true');
  await shot(e, '32-j1-eve-publish-form-1400-en');
  await e.getByTestId('acc-goods-save').click();
  await expect(e.locator('.ant-message-success, .ant-notification-notice-success').first()).toBeVisible();
  const row = e.getByTestId('acc-goods').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 20_000 });
  goodsId = Number(await row.getAttribute('data-goods'));
  expect(goodsId).toBeGreaterThan(0);
  await expect(row.locator('img')).toHaveAttribute('src', pictureUrl);
  await shot(e, '32-j1-eve-published-1400-en');

  // Anyone sees them in the store, with the picture and the price.
  await go(e, '/workflow_store');
  const card = e.locator(`[data-testid="store-card"][data-goods="${goodsId}"]`);
  await expect(card).toContainText(title, { timeout: 15_000 });
  await expect(card.getByTestId('store-card-price')).toContainText('12.00');
  await expect(card.locator('img')).toHaveAttribute('src', pictureUrl);
  await shot(e, '32-j1-eve-in-store-1400-en');
  await docShot(e, 'store');
});

test('2. Fay finds the goods in the store on her phone, reads them, comments and pays with Alipay', async () => {
  await go(f, '/workbench');
  await clickStill(f.getByTestId('ws-store'));
  await expect(f).toHaveURL(/\/workflow_store/);
  await f.getByTestId('store-search').fill(title);
  await f.getByTestId('store-search').press('Enter');
  const card = f.locator(`[data-testid="store-card"][data-goods="${goodsId}"]`);
  await expect(card).toContainText(title, { timeout: 15_000 });
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j2-fay-store-found-390-zh');
  await card.click();

  await expect(f.getByTestId('goods-title')).toHaveText(title);
  await expect(f.getByTestId('goods-seller')).toContainText(eve.nickName);
  await expect(f.getByTestId('goods-price')).toContainText('12.00');
  await expect(f.getByTestId('goods-buy')).toContainText('立即购买');
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j2-fay-goods-390-zh');

  const box = f.getByTestId('goods-comments');
  await box.scrollIntoViewIfNeeded();
  await expect(box).toContainText('评论');
  await f.getByTestId('comment-input').fill(comment);
  await f.getByTestId('comment-send').click();
  const said = f.getByTestId('comment').filter({ hasText: comment });
  await expect(said).toContainText(fay.nickName);
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j2-fay-commented-390-zh');

  await f.getByTestId('goods-buy').scrollIntoViewIfNeeded();
  await f.getByTestId('goods-buy').click();
  await expect(f.getByTestId('pay-amount')).toContainText('12.00');
  await expect(f.getByTestId('pay-choice')).toContainText('支付宝');
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j2-fay-payment-390-zh');
  alipayOrder = await payAt(f, 'alipay');
  await expect(f.getByTestId('pay-result')).toContainText('支付成功');
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j2-fay-paid-390-zh');

  await f.getByTestId('pay-to-orders').click();
  const mine = orderRow(f, alipayOrder);
  await expect(mine).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 });
  await expect(mine).toContainText(title);
  await expect(mine).toContainText('已支付');
  await expect(mine.getByTestId('acc-order-party')).toHaveText(`卖家：${eve.nickName}`);
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j2-fay-orders-390-zh');
});

test('3. Gus buys the same goods with Stripe', async ({ browser }) => {
  g = await memberBrowser(browser, gus.username, PASSWORD);
  await go(g, `/goods/${goodsId}`);
  await expect(g.getByTestId('goods-seller')).toContainText(eve.nickName);
  await expect(g.getByTestId('comment').filter({ hasText: comment })).toContainText(fay.nickName);
  await g.getByTestId('goods-buy').click();
  stripeOrder = await payAt(g, 'stripe');
  await shot(g, '32-j3-gus-paid-1400-en');
  await g.getByTestId('pay-to-orders').click();
  await expect(orderRow(g, stripeOrder)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 });
  await expect(orderRow(g, stripeOrder)).toContainText('Paid');
  await shot(g, '32-j3-gus-orders-1400-en');
});

test("4. Eve sees both sold with the buyers' names and her earned tokens, and writes a remark that Fay reads", async () => {
  await go(e, '/my/info?tab=orders&side=sold');
  for (const [no, who] of [
    [alipayOrder, fay],
    [stripeOrder, gus],
  ] as const) {
    const sold = orderRow(e, no);
    await expect(sold).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 });
    await expect(sold).toContainText(title);
    await expect(sold.getByTestId('acc-order-party')).toHaveText(`Buyer: ${who.nickName}`);
    await expect(sold).toContainText(`${EARNED_PER_SALE.toLocaleString('en')} tokens`);
    await expect(sold).not.toContainText(`#${who.id}`);
  }
  await shot(e, '32-j4-eve-sold-1400-en');

  await orderRow(e, alipayOrder).getByTestId('acc-order-open').click();
  const drawer = e.getByTestId('acc-order-drawer');
  await expect(drawer).toContainText(fay.nickName);
  await expect(drawer).toContainText('Alipay');
  await e.getByTestId('acc-order-seller-remark').fill(remark);
  await e.getByTestId('acc-order-seller-remark-save').click();
  await expect(e.locator('.ant-message-success').first()).toBeVisible();
  await expect(e.getByTestId('acc-order-seller-remark-save')).toBeDisabled();
  await shot(e, '32-j4-eve-remark-1400-en');
  await e.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  await go(e, '/my/info?tab=tokens');
  await expect(e.getByTestId('acc-balance-earned').locator('.ant-statistic-content')).toHaveText((2 * EARNED_PER_SALE).toLocaleString('en'));
  await shot(e, '32-j4-eve-earned-1400-en');
  await docShot(e, 'store-tokens-earned');

  // Fay opens her order and reads the seller's remark, under the seller's name.
  await orderRow(f, alipayOrder).getByTestId('acc-order-open').click();
  const hers = f.getByTestId('acc-order-drawer');
  await expect(hers).toContainText(remark);
  await expect(hers).toContainText(eve.nickName);
  await expect(f.getByTestId('acc-order-seller-remark')).toHaveCount(0);
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j4-fay-remark-390-zh');
  await f.locator('.ant-drawer-close').click();
  await expect(hers).toBeHidden();
});

test('5. the administrator refunds both orders; buyers and seller are told in their language and the open screens change', async ({ page }) => {
  // Eve and Fay keep their orders open while the administrator works.
  await go(e, '/my/info?tab=orders&side=sold');
  await expect(orderRow(e, alipayOrder)).toHaveAttribute('data-outcome', 'paid', { timeout: 15_000 });
  await expect(orderRow(f, alipayOrder)).toHaveAttribute('data-outcome', 'paid');

  await page.setViewportSize({ width: 1400, height: 860 });
  await uiLogin(page);
  await go(page, '/admin/goods/order');
  for (const [no, provider, who] of [
    [alipayOrder, 'Alipay', fay],
    [stripeOrder, 'card', gus],
  ] as const) {
    const row = page.locator('tr').filter({ hasText: no });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('order-buyer')).toHaveText(who.nickName);
    await expect(row.getByTestId('order-seller')).toHaveText(eve.nickName);
    await row.getByTestId('order-refund').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('refund-submit') });
    await expect(dialog).toContainText(who.nickName);
    await expect(dialog).toContainText(provider);
    await page.getByTestId('refund-reason').fill(`Refund test ${run}`);
    await shot(page, `32-j5-admin-refund-${provider === 'card' ? 'stripe' : 'alipay'}-1400-en`);
    await page.getByTestId('refund-submit').click();
    await expect(page.getByTestId('refund-result')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('refund-close').click();
    await expect(row.getByTestId('order-refund')).toHaveCount(0, { timeout: 20_000 });
  }
  await shot(page, '32-j5-admin-refunded-1400-en');

  // The screens left open change without a reload.
  await expect(orderRow(f, alipayOrder)).toHaveAttribute('data-outcome', 'refunded', { timeout: 20_000 });
  await expect(orderRow(f, alipayOrder)).toContainText('已退款');
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j5-fay-order-refunded-390-zh');
  for (const no of [alipayOrder, stripeOrder]) {
    await expect(orderRow(e, no)).toHaveAttribute('data-outcome', 'refunded', { timeout: 20_000 });
    await expect(orderRow(e, no)).toContainText('Refunded');
  }
  await shot(e, '32-j5-eve-sales-refunded-1400-en');

  // Each one's bell, in their own language.
  await go(f, '/workbench');
  await f.getByTestId('notify-bell').click();
  // Named by the goods' title, not the order number; the click opens the order.
  const note = (p: Page, no: string) => p.locator(`[data-testid="notify-item"][data-order="${no}"]`);
  await expect(note(f, alipayOrder).filter({ hasText: `已退款给您：${title}` })).toBeVisible({ timeout: 15_000 });
  await expect(f.locator('[data-testid="notify-item"]').filter({ hasText: alipayOrder })).toHaveCount(0);
  expect(await width(f)).toBeLessThanOrEqual(390);
  await shot(f, '32-j5-fay-bell-390-zh');
  await go(e, '/workbench');
  await e.getByTestId('notify-bell').click();
  for (const no of [alipayOrder, stripeOrder]) {
    await expect(note(e, no).filter({ hasText: `A sale was refunded to the buyer: ${title}` })).toBeVisible({ timeout: 15_000 });
  }
  await shot(e, '32-j5-eve-bell-1400-en');
  await go(g, '/workbench');
  await g.getByTestId('notify-bell').click();
  await expect(note(g, stripeOrder).filter({ hasText: `Refunded to you: ${title}` })).toBeVisible({ timeout: 15_000 });
  // Gus's notice opens his purchase; Eve's, her sale (the same type of notice no longer tells both).
  await note(g, stripeOrder).filter({ hasText: 'Refunded to you' }).click();
  await expect(g).toHaveURL(new RegExp(`/my/info\\?tab=orders&order=${stripeOrder}$`));
  await expect(g.getByTestId('acc-order-drawer')).toContainText(title);
  await shot(g, '32-j5-gus-refund-notice-opened-1400-en');
  await note(e, stripeOrder).filter({ hasText: 'A sale was refunded' }).click();
  await expect(e).toHaveURL(new RegExp(`/my/info\\?tab=orders&side=sold&order=${stripeOrder}$`));
  await expect(e.getByTestId('acc-order-drawer')).toContainText(title);
  await shot(e, '32-j5-eve-sale-refund-notice-opened-1400-en');

  // Her earnings went back with the sales.
  await go(e, '/my/info?tab=tokens');
  await expect(e.getByTestId('acc-balance-earned').locator('.ant-statistic-content')).toHaveText(/^0(\.0+)?$/);
  await shot(e, '32-j5-eve-earned-back-1400-en');
});
