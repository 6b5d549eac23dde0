/**
 * Journeys (issue 35), second slice: an account's money, as two people at once - Cy in English on
 * a wide screen, Dee in 简体中文 on a 390 px phone whose browser is Chinese and who has never been
 * here (nothing stored) - and the administrator. Both sign up with an e-mail code read from the
 * mail catcher (Dee's mail in Chinese, Cy's in English), set a first password in /my/info and sign
 * in with it. The administrator generates a redemption code in the console and Dee redeems it; Cy
 * tops up through the fake Stripe checkout and Dee through the fake Alipay page; Dee buys VIP. Every
 * step checks what the person sees; screenshots land in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, clickStill, shot, skipWithoutServer, submitLogin, uiLogin, go, nav, pageWidth as width, base } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const cy = { email: `cy.${run}@example.com`, nickName: `Cy ${run}`, password: 'Cy-First-Pass-1', username: '', id: 0 };
const dee = { email: `dee.${run}@example.com`, nickName: `Dee ${run}`, password: 'Dee-First-Pass-1', username: '', id: 0 };
const vipName = `Gold ${run}`;
let c: Page; // Cy, English, 1400 px
let d: Page; // Dee, zh-cn, 390 px
let couponCode = '';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest mail to `email` in the mail catcher, once one has arrived. */
async function mailTo(email: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect(async () => {
    const list = (await (await fetch(`${process.env.E2E_MAIL_URL}messages`)).json()) as CaughtMail[];
    found = list.find((m) => m.to.includes(email));
    expect(found, `a mail to ${email}`).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return found!;
}

const codeOf = (mail: CaughtMail) => /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1] ?? '';

/** A browser of one's own: `width` px wide, the browser's language `locale`, nothing stored. */
async function freshBrowser(browser: Browser, width: number, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 }, locale });
  return context.newPage();
}

test.afterAll(async () => {
  await c?.context().close();
  await d?.context().close();
});

test('1. Cy and Dee sign up with an e-mail code, each mailed in their language, and land in the workspace', async ({ browser }) => {
  c = await freshBrowser(browser, 1400, 'en-US');
  d = await freshBrowser(browser, 390, 'zh-CN');
  await go(c, '/login');
  await go(d, '/login');
  // Dee's first visit: her browser is Chinese, so the page is too.
  await expect(d.getByRole('tab', { name: '邮箱验证码' })).toBeVisible({ timeout: 15_000 });
  await expect(c.getByRole('tab', { name: 'E-mail code' })).toBeVisible();
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j1-dee-login-390-zh');

  for (const [p, who] of [
    [c, cy],
    [d, dee],
  ] as const) {
    await clickStill(p.getByRole('tab', { name: p === c ? 'E-mail code' : '邮箱验证码' }));
    await p.getByTestId('email-login-email').fill(who.email);
    await p.getByTestId('email-login-send-code').click();
    // The sign-in page's toasts are its own (it is drawn without antd).
    await expect(p.locator('.light-toasts')).toContainText(p === c ? 'sent' : '已发送');
  }
  await shot(c, '31-j1-cy-code-sent-1400-en');
  await shot(d, '31-j1-dee-code-sent-390-zh');

  const cyMail = await mailTo(cy.email);
  const deeMail = await mailTo(dee.email);
  expect(cyMail.subject).toBe('Your COSMAC AI sign-in code');
  expect(deeMail.subject).toBe('您的 COSMAC AI 登录验证码');
  expect(deeMail.text).toMatch(/验证码/);
  expect(cyMail.text).toMatch(/code/i);

  for (const [p, mail] of [
    [c, cyMail],
    [d, deeMail],
  ] as const) {
    await p.getByTestId('email-login-code').fill(codeOf(mail));
    await p.getByTestId('email-login-submit').click();
  }
  // A first sign-in asks for a nickname, then the workspace.
  for (const [p, who] of [
    [c, cy],
    [d, dee],
  ] as const) {
    await expect(p.getByTestId('register-nickname')).toBeVisible({ timeout: 20_000 });
    await p.getByTestId('register-nickname').fill(who.nickName);
  }
  await expect(d.getByTestId('register-page')).toContainText('昵称');
  await shot(d, '31-j1-dee-nickname-390-zh');
  for (const p of [c, d]) await p.getByTestId('register-info-submit').click();
  await expect(c).toHaveURL(/\/workbench/, { timeout: 20_000 });
  await expect(d).toHaveURL(/\/workbench/, { timeout: 20_000 });
  await expect(nav(c, 'board')).toContainText('Desktops');
  await expect(nav(d, 'board')).toContainText('桌面');
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(c, '31-j1-cy-workspace-1400-en');
  await shot(d, '31-j1-dee-workspace-390-zh');
});

test('2. each sets a first password in /my/info (no original asked) and signs in with it', async () => {
  for (const [p, who] of [
    [c, cy],
    [d, dee],
  ] as const) {
    await go(p, '/my/info');
    await expect(p.getByTestId('personal-page')).toBeVisible({ timeout: 15_000 });
    await expect(p.getByTestId('personal-original')).toHaveCount(0);
    who.username = ((await p.getByTestId('personal-username').textContent()) ?? '').trim();
    expect(who.username).not.toBe('');
  }
  await expect(c.getByTestId('personal-security-hint')).toContainText('no password');
  await expect(d.getByTestId('personal-security-hint')).toContainText('尚未设置密码');
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(c, '31-j2-cy-set-password-1400-en');
  await shot(d, '31-j2-dee-set-password-390-zh');
  for (const [p, who] of [
    [c, cy],
    [d, dee],
  ] as const) {
    await p.getByTestId('personal-password').fill(who.password);
    await p.getByTestId('personal-confirm').fill(who.password);
    await p.getByTestId('personal-submit').click();
    await expect(p.getByTestId('personal-original')).toBeVisible({ timeout: 15_000 });
  }
  await expect(d.locator('.ant-message')).toContainText('保存成功');
  await shot(d, '31-j2-dee-password-set-390-zh');

  // Signed out, each signs in again on /login with the username shown and the new password.
  for (const [p, who] of [
    [c, cy],
    [d, dee],
  ] as const) {
    await p.getByTestId('personal-logout').click();
    await expect(p).toHaveURL(/\/login/, { timeout: 15_000 });
    await submitLogin(p, who.username, who.password);
    await expect(p).toHaveURL(/\/workbench/, { timeout: 20_000 });
  }
  await expect(nav(d, 'chats')).toContainText('聊天');
  await shot(d, '31-j2-dee-signed-in-again-390-zh');
  const deeApi = await Api.login(dee.username, dee.password);
  const person = await deeApi.get<{ id: number; language: string | null }>('/admin/base/comm/person');
  dee.id = Number(person.id);
  expect(person.language).toBe('zh-cn');
  cy.id = Number((await (await Api.login(cy.username, cy.password)).get<{ id: number }>('/admin/base/comm/person')).id);
});

test('3. the administrator generates a redemption code in the console; Dee redeems it and sees it in Chinese', async ({ browser }) => {
  const admin = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  await uiLogin(admin);
  await go(admin, '/admin/base/coupon');
  await clickStill(admin.getByTestId('coupon-generate'));
  await admin.getByTestId('coupon-count').fill('1');
  await admin.getByTestId('coupon-tokens').fill('20');
  await admin.getByTestId('coupon-memo').fill(`Welcome ${run}`);
  await shot(admin, '31-j3-admin-generate-1400-en');
  await clickStill(admin.getByTestId('coupon-generate-submit'));
  const codes = admin.getByTestId('coupon-codes-text');
  await expect(codes).toHaveValue(/^[A-Z0-9]{16}$/, { timeout: 15_000 });
  couponCode = await codes.inputValue();
  await shot(admin, '31-j3-admin-codes-1400-en');
  await admin.close();

  await go(d, '/my/info?tab=tokens');
  await expect(d.getByTestId('acc-tokens')).toBeVisible({ timeout: 15_000 });
  await expect(d.getByTestId('acc-balance-tokens')).toContainText('0');
  await d.getByTestId('acc-code').fill(couponCode);
  await d.getByTestId('acc-redeem').click();
  await expect(d.locator('.ant-message')).toContainText('已到账 20 代币，当前余额 20');
  await expect(d.getByTestId('acc-balance-tokens')).toContainText('20');
  const entry = d.getByTestId('acc-ledger-entry').first();
  await expect(entry).toHaveAttribute('data-kind', '5');
  await expect(entry).toContainText('兑换码');
  await expect(entry).toContainText('+20');
  await expect(entry).toContainText('余额 20');
  // It says which code: only its last 4 characters.
  await expect(entry.getByTestId('acc-ledger-source')).toHaveText(`••••${couponCode.slice(-4)}`);
  await expect(entry).not.toContainText(couponCode);
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j3-dee-redeemed-390-zh');
  await entry.scrollIntoViewIfNeeded();
  await shot(d, '31-j3-dee-redeemed-ledger-390-zh');
});

/** On /payment: chooses `provider`, pays on its page and comes back to a paid order. */
async function pay(p: Page, provider: 'stripe' | 'alipay'): Promise<string> {
  await expect(p).toHaveURL(/\/payment\?orderNo=/, { timeout: 15_000 });
  const orderNo = new URL(p.url()).searchParams.get('orderNo') ?? '';
  await clickStill(p.getByTestId(`pay-option-${provider}`));
  await p.getByTestId('pay-go').click();
  await p.waitForURL((u) => !u.href.startsWith(base()), { timeout: 20_000 });
  await p.getByRole('button', { name: /pay/i }).click();
  await expect(p).toHaveURL(/\/payment\?orderNo=/, { timeout: 20_000 });
  await expect(p.getByTestId('pay-result')).toHaveAttribute('data-shown', 'paid', { timeout: 20_000 });
  return orderNo;
}

test('4. Cy tops up with Stripe and Dee with Alipay: the box says what an amount buys, balances and ledgers follow', async () => {
  await go(c, '/my/info?tab=tokens');
  await expect(c.getByTestId('acc-tokens')).toBeVisible({ timeout: 15_000 });
  // Before typing anything, the box says what one unit of money buys.
  await expect(c.getByTestId('acc-recharge-rate')).toHaveText(/^CN¥1 buys [\d,]+ tokens$/);
  await c.getByTestId('acc-recharge-amount').fill('10');
  const perTen = ((await c.getByTestId('acc-recharge-tokens').textContent()) ?? '').trim();
  expect(perTen).toMatch(/^= [\d,.]+ tokens$/);
  const tokens = Number(perTen.replace(/[^\d.]/g, ''));
  expect(tokens).toBeGreaterThan(0);
  await shot(c, '31-j4-cy-topup-box-1400-en');

  await go(d, '/my/info?tab=tokens');
  await expect(d.getByTestId('acc-recharge-rate')).toHaveText(`¥1 可买 ${(tokens / 10).toLocaleString('zh-CN')} 代币`);
  await d.getByTestId('acc-recharge-amount').fill('10');
  await expect(d.getByTestId('acc-recharge-tokens')).toHaveText(`= ${tokens.toLocaleString('zh-CN')} 代币`);
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j4-dee-topup-box-390-zh');

  await c.getByTestId('acc-recharge').click();
  await d.getByTestId('acc-recharge').click();
  await expect(c.getByTestId('pay-title')).toHaveText(`${tokens.toLocaleString('en')} tokens`, { timeout: 15_000 });
  await expect(d.getByTestId('pay-title')).toHaveText(`${tokens.toLocaleString('zh-CN')} 代币`, { timeout: 15_000 });
  await shot(d, '31-j4-dee-payment-390-zh');
  await pay(c, 'stripe');
  await shot(c, '31-j4-cy-paid-1400-en');
  await pay(d, 'alipay');
  await expect(d.getByTestId('pay-result')).toContainText('支付成功');
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j4-dee-paid-390-zh');

  for (const [p, who, start] of [
    [c, cy, 0],
    [d, dee, 20],
  ] as const) {
    await p.getByTestId('pay-back').click();
    await expect(p).toHaveURL(/tab=tokens/);
    const total = start + tokens;
    await expect(p.getByTestId('acc-balance-tokens')).toContainText(total.toLocaleString(p === c ? 'en' : 'zh-CN'), { timeout: 15_000 });
    const entry = p.getByTestId('acc-ledger-entry').first();
    await expect(entry).toHaveAttribute('data-kind', '1');
    await expect(entry).toContainText(p === c ? 'Top-up' : '充值');
    await expect(entry).toContainText(`+${tokens.toLocaleString(p === c ? 'en' : 'zh-CN')}`);
    // From which order: the top-up's title, in the buyer's language.
    await expect(entry.getByTestId('acc-ledger-source')).toHaveText(
      p === c ? `${tokens.toLocaleString('en')} tokens` : `${tokens.toLocaleString('zh-CN')} 代币`,
    );
    expect(who.id).toBeGreaterThan(0);
  }
  await shot(c, '31-j4-cy-ledger-1400-en');
  expect(await width(d)).toBeLessThanOrEqual(390);
  await d.getByTestId('acc-ledger').scrollIntoViewIfNeeded();
  await shot(d, '31-j4-dee-ledger-390-zh');

  // The orders, titled in each one's language.
  await go(c, '/my/info?tab=orders');
  await go(d, '/my/info?tab=orders');
  await expect(c.getByTestId('acc-order').first().locator('.acc-row-title')).toHaveText(`${tokens.toLocaleString('en')} tokens`, { timeout: 15_000 });
  await expect(d.getByTestId('acc-order').first().locator('.acc-row-title')).toHaveText(`${tokens.toLocaleString('zh-CN')} 代币`, { timeout: 15_000 });
  await shot(c, '31-j4-cy-orders-1400-en');
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j4-dee-orders-390-zh');
});

test('5. Dee buys VIP: the order is titled in Chinese and the workspace shows her VIP', async () => {
  const admin = await Api.admin();
  await admin.post('/admin/base/vip/add', { name: vipName, period: 30, type: 1, amount: 15, giftTokenAmount: 10, enablePay: 1 });

  // From the workspace: no crown yet; the member menu leads to the VIP plans.
  await go(d, '/workbench');
  await expect(nav(d, 'board')).toContainText('桌面', { timeout: 15_000 });
  await expect(d.getByTestId('ws-vip')).toHaveCount(0);
  await d.getByTestId('user-name').click();
  await clickStill(d.getByTestId('ws-menu-vip'));
  await expect(d).toHaveURL(/tab=vip/);
  const plan = d.getByTestId('acc-vip-plan').filter({ hasText: vipName });
  await expect(plan).toBeVisible({ timeout: 15_000 });
  await expect(d.getByTestId('acc-vip-now')).toHaveAttribute('data-active', '0');
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j5-dee-vip-plans-390-zh');
  await plan.getByTestId('acc-vip-buy').click();
  const title = `会员：${vipName}（30 天）`;
  await expect(d.getByTestId('pay-title')).toHaveText(title, { timeout: 15_000 });
  await shot(d, '31-j5-dee-vip-payment-390-zh');
  await pay(d, 'alipay');
  await expect(d.getByTestId('pay-title')).toHaveText(title);
  await shot(d, '31-j5-dee-vip-paid-390-zh');

  // Back to the plans (in the page, no reload): she is VIP, with the plan's gift in her ledger.
  await d.getByTestId('pay-back').click();
  await expect(d.getByTestId('acc-vip-now')).toHaveAttribute('data-active', '1', { timeout: 15_000 });
  await expect(d.getByTestId('acc-vip-now')).toContainText('您是会员');
  // The plan is named when the account's VIP type is one plan's (other specs' plans may share it): never another plan's name.
  const planTag = d.getByTestId('acc-vip-now').locator('.ant-tag-gold');
  if (await planTag.count()) await expect(planTag).toContainText(vipName);
  await shot(d, '31-j5-dee-vip-active-390-zh');
  await d.getByTestId('personal-back').click();
  await expect(d).toHaveURL(/\/workbench/);
  const crown = d.getByTestId('ws-vip');
  await expect(crown).toBeVisible({ timeout: 15_000 });
  await expect(crown).toHaveAttribute('aria-label', /^会员有效期至 /);
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j5-dee-workspace-vip-390-zh');
  // Her notifications: both payments, in Chinese, under the orders' titles.
  await d.getByTestId('notify-bell').click();
  await expect(d.getByTestId('notify-item').filter({ hasText: `已收到付款：${title}` })).toBeVisible();
  await expect(d.getByTestId('notify-item').filter({ hasText: /已收到付款：[\d,]+ 代币/ })).toBeVisible();
  expect(await width(d)).toBeLessThanOrEqual(390);
  await shot(d, '31-j5-dee-notifications-390-zh');
  await d.keyboard.press('Escape');
  await d.getByTestId('user-name').click();
  await expect(d.getByTestId('ws-menu-vip')).toContainText('会员有效期至');
  await shot(d, '31-j5-dee-workspace-menu-390-zh');
  await d.keyboard.press('Escape');

  await go(d, '/my/info?tab=orders');
  await expect(d.getByTestId('acc-order').first().locator('.acc-row-title')).toHaveText(title, { timeout: 15_000 });
  await shot(d, '31-j5-dee-vip-order-390-zh');
  await go(d, '/my/info?tab=tokens');
  const gift = d.getByTestId('acc-ledger-entry').first();
  await expect(gift).toHaveAttribute('data-kind', '2', { timeout: 15_000 });
  await expect(gift).toContainText('会员赠送');
  await expect(gift.getByTestId('acc-ledger-source')).toHaveText(title);
  await gift.scrollIntoViewIfNeeded();
  await shot(d, '31-j5-dee-vip-gift-390-zh');
});
