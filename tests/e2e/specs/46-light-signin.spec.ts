/**
 * The sign-in page a visitor opens first is drawn without Ant Design (main.tsx, pages/auth): nothing of
 * antd on the page, no antd code fetched until the visitor starts filling the form (then the next
 * page's code is fetched ahead), and the page still does all a sign-in page does: field messages,
 * the server's refusal as a toast, the language menu by keyboard, the theme panel, and the console
 * after the right password, in the language chosen on the sign-in page.
 */
import { expect, test, type Page } from '@playwright/test';
import { Api, adminPassword, captchaAnswer, keepEnglishUnlessChosen, shot, skipWithoutServer, url } from '../helpers';

skipWithoutServer();

/** Whether antd is on the page: an element of its classes, or a style element of its CSS-in-JS. */
const antdOnPage = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[class^="ant-"], [class*=" ant-"]') !== null || document.querySelector('style[data-css-hash], style[data-rc-order]') !== null,
  );

test('a visitor signs in on a page drawn without antd, and the console follows', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(url('/admin/login'));
  await keepEnglishUnlessChosen(page);
  await expect(page.getByTestId('login-captcha-img')).toHaveAttribute('data-captcha-id', /.+/);
  expect(await antdOnPage(page)).toBe(false);
  expect(scripts.some((s) => /\/full-app-[\w-]+\.js$/.test(s))).toBe(false);

  // Empty fields: the messages under them, no call.
  let logins = 0;
  page.on('request', (r) => {
    if (r.url().includes('/open/login')) logins++;
  });
  await page.getByTestId('login-submit').click();
  const alerts = page.getByTestId('login-page').getByRole('alert');
  await expect(alerts).toHaveText(['Username cannot be empty', 'Password cannot be empty', 'Image code cannot be empty']);
  expect(logins).toBe(0);
  // A password too short is refused the same way; typing a username clears its message.
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('abc');
  await expect(alerts).toHaveText(['Password length 6 to 16 characters', 'Image code cannot be empty']);
  await expect(page.getByTestId('login-username')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('login-password')).toHaveAttribute('aria-invalid', 'true');
  // Filling the form fetched the next page's code ahead.
  await expect.poll(() => scripts.some((s) => /\/full-app-[\w-]+\.js$/.test(s))).toBe(true);
  expect(await antdOnPage(page)).toBe(false);

  // The show-password button.
  await page.getByRole('button', { name: 'Show the password' }).click();
  await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide the password' }).click();
  await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'password');

  // A wrong captcha: the server's refusal as a toast, a fresh captcha, the captcha field emptied.
  const first = (await page.getByTestId('login-captcha-img').getAttribute('data-captcha-id')) ?? '';
  const right = await captchaAnswer(first);
  await page.getByTestId('login-password').fill(adminPassword());
  await page.getByTestId('login-captcha').fill(right === 'zzzz' ? 'yyyy' : 'zzzz');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('toast-error')).toBeVisible();
  await expect(page.getByTestId('login-captcha-img')).not.toHaveAttribute('data-captcha-id', first);
  await expect(page.getByTestId('login-captcha')).toHaveValue('');
  expect(logins).toBe(1);

  // The language menu by keyboard: open, arrow down to 简体中文, Enter.
  await page.getByTestId('lang-switch').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('lang-switch')).toContainText('简体中文');
  await expect(page.getByTestId('login-submit')).toHaveText('登录');
  // The theme panel: dark mode on the page.
  await page.getByTestId('theme-switch').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('theme-panel')).toHaveCount(0);
  await shot(page, '46-light-signin-zh-dark');

  // The right answer: the console, in Chinese and dark, with antd now.
  const id = (await page.getByTestId('login-captcha-img').getAttribute('data-captcha-id')) ?? '';
  await page.getByTestId('login-captcha').fill(await captchaAnswer(id));
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/admin(\/(?!login).*)?$/, { timeout: 20_000 });
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect(page.getByTestId('lang-switch')).toContainText('简体中文');
  expect(await antdOnPage(page)).toBe(true);
  await page.getByTestId('theme-switch').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'light');
  // Signed in, the sign-in address is drawn by the full app, whose router rules send the console user on.
  await page.goto(url('/admin/login'));
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: 20_000 });
  // Later specs choose their language per browser: the administrator's account keeps none.
  await (await Api.admin()).post('/admin/base/comm/personUpdate', { language: null });
});

test('at 390 px the sign-in page fits, and its e-mail form checks the address', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await expect(page.getByTestId('login-submit')).toHaveText('登录');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator('#auth-tab-email').click();
  await expect(page.getByTestId('email-login-send-code')).toBeDisabled();
  await page.getByTestId('email-login-email').fill('not-an-address');
  await expect(page.getByTestId('email-login-send-code')).toBeDisabled();
  // A malformed address turns the field red without a message (000 §5).
  await expect(page.getByTestId('email-login-email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('email-login-email').fill('someone@example.com');
  await expect(page.getByTestId('email-login-send-code')).toBeEnabled();
  await shot(page, '46-light-signin-390-zh');

  await context.close();
});
