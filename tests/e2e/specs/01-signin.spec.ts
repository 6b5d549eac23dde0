/** Sign in through the image captcha (answer read from Redis), then the users screen. */
import { expect, test } from '@playwright/test';
import { adminPassword, captchaAnswer, shot, skipWithoutServer, submitLogin, url } from '../helpers';

skipWithoutServer();

test('the console sign-in page refuses a wrong captcha and admits the right one', async ({ page }) => {
  await page.goto(url('/admin/login'));
  await expect(page.getByTestId('login-captcha-img')).toHaveAttribute('data-captcha-id', /.+/);
  await shot(page, '01-login-en');

  // Wrong answer: the server refuses, the page stays, and a fresh captcha is shown.
  const firstId = await page.getByTestId('login-captcha-img').getAttribute('data-captcha-id');
  const answer = await captchaAnswer(firstId ?? '');
  await submitLogin(page, 'admin', adminPassword(), answer === 'zzzz' ? 'yyyy' : 'zzzz');
  // The sign-in page is drawn without antd: the server's refusal is its own toast (app/light-toast.ts).
  await expect(page.getByTestId('toast-error').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByTestId('login-captcha-img')).not.toHaveAttribute('data-captcha-id', firstId ?? '');
  await shot(page, '02-login-wrong-captcha');

  // Right answer (read from the cache store for the captcha now shown).
  await submitLogin(page, 'admin', adminPassword());
  await expect(page).toHaveURL(/\/admin(\/(?!login).*)?$/, { timeout: 20_000 });
  await expect(page.getByTestId('user-name')).toBeVisible();
  await shot(page, '03-console-admin');
});

test('empty fields are refused before any call', async ({ page }) => {
  await page.goto(url('/admin/login'));
  let loginCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/open/login')) loginCalls++;
  });
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-page').getByRole('alert').first()).toHaveText('Username cannot be empty');
  expect(loginCalls).toBe(0);
});

test('admin opens the users screen: the admin row and the add button', async ({ page }) => {
  await page.goto(url('/admin/login'));
  await submitLogin(page, 'admin', adminPassword());
  await expect(page).toHaveURL(/\/admin(\/(?!login).*)?$/, { timeout: 20_000 });
  await page.goto(url('/admin/base/sys/user'));
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'admin' }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  // Admin holds base:sys:user:add: the add button shows (05-second-role checks it is hidden without it).
  await expect(
    page
      .getByTestId('crud-add')
      .or(page.getByRole('button', { name: /(^|\s)(Add|New)$/ }))
      .first(),
  ).toBeVisible();
  await shot(page, '04-users-admin');
});
