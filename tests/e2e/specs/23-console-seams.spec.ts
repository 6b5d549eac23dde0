/**
 * Console seams (issue 35): the console sign-in offers neither OAuth nor sign-up, a member sent away
 * from /admin sees why and a way to the workspace, administrators give tokens from the user screen
 * through the ledger, and the app form edits yes/no flags with switches and its configuration with
 * a JSON editor that explains the shape.
 */
import { expect, test, type Page } from '@playwright/test';
import { Api, clickStill, marker, shot, skipWithoutServer, submitLogin, uiLogin, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const member = { username: `seam${Date.now().toString(36)}`, password: 'Seam-Pass-1' };
let api: Api;
let memberId = 0;

test.beforeAll(async () => {
  api = await Api.admin();
  const roles = await api.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const memberRole = roles.find((r) => r.label === 'member');
  const made = await api.post<{ id: number }>('/admin/base/sys/user/add', {
    ...member,
    nickName: marker('seam'),
    roleIdList: memberRole ? [memberRole.id] : [],
  });
  memberId = made.id;
});

test('the console sign-in offers neither OAuth nor sign-up; the member sign-in offers only configured providers', async ({ page }) => {
  await page.goto(url('/admin/login'));
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('login-google')).toHaveCount(0);
  await expect(page.getByTestId('login-discord')).toHaveCount(0);
  await expect(page.getByTestId('login-to-register')).toHaveCount(0);
  await shot(page, '23-console-signin-en');
  // The e2e server has no OAuth credentials: the member sign-in keeps sign-up and shows no provider.
  await page.goto(url('/login'));
  await expect(page.getByTestId('login-to-register')).toBeVisible();
  await expect(page.getByTestId('login-google')).toHaveCount(0);
  await expect(page.getByTestId('login-discord')).toHaveCount(0);
});

async function memberAtConsole(page: Page): Promise<void> {
  await page.goto(url('/admin/login'));
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(/\/404\?from=console$/, { timeout: 20_000 });
}

test('a member who signs in at /admin/login is told the console is for administrators and offered the workspace', async ({ page }) => {
  await memberAtConsole(page);
  await expect(page.getByTestId('error-console-only')).toContainText('administrators');
  await shot(page, '23-member-404-en');
  await page.getByTestId('error-workspace').click();
  await expect(page).toHaveURL(/\/workbench/, { timeout: 20_000 });
});

test('the explained 404 reads in Chinese at 390 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-cn'));
  const page = await context.newPage();
  await memberAtConsole(page);
  await expect(page.getByTestId('error-console-only')).toContainText('控制台仅供管理员使用');
  await expect(page.getByTestId('error-workspace')).toContainText('工作台');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await shot(page, '23-member-404-390-zh-cn');
  await context.close();
});

test('an administrator gives tokens from the user screen, written to the ledger', async ({ page }) => {
  await uiLogin(page);
  await page.goto(url('/admin/base/sys/user'));
  const kw = page.getByTestId('crud-keyword');
  await kw.fill(member.username);
  await kw.press('Enter');
  const row = page.locator('tr.ant-table-row', { hasText: member.username });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await row.getByTestId('user-give-tokens').click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('give-tokens-amount') });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('give-tokens-amount').fill('25');
  await dialog.getByTestId('give-tokens-remark').fill('E2E welcome gift');
  await shot(page, '23-give-tokens-en');
  await clickStill(page.getByTestId('give-tokens-submit'));
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(row).toContainText('25');
  const info = await api.get<{ tokens: number | string }>(`/admin/base/sys/user/info?id=${memberId}`);
  expect(Number(info.tokens)).toBe(25);
  const entries = await api.page<{ type: number; tokens: number | string; remark: string }>('/admin/base/tokenLog', { userId: memberId });
  expect(entries.list.filter((e) => Number(e.type) === 7 && Number(e.tokens) === 25 && e.remark === 'E2E welcome gift')).toHaveLength(1);
});

test('the app form edits Asynchronous with a switch and Configuration with an explained JSON editor', async ({ page }) => {
  await uiLogin(page);
  await page.goto(url('/admin/base/app'));
  await page.getByTestId('crud-add').click();
  const form = page.locator('.ant-modal:visible').last();
  await expect(form.getByTestId('flag-isAsync')).toBeVisible();
  await expect(form.getByTestId('flag-isAsync')).toHaveAttribute('role', 'switch');
  await expect(form.getByTestId('flag-show')).toHaveAttribute('aria-checked', 'true');
  const config = form.getByTestId('form-item-config');
  await expect(config).toContainText('inputSchema');
  const editor = config.getByTestId('json-input');
  await editor.fill('{"model": "gpt-4o-mini",');
  await expect(config.getByTestId('json-state')).toContainText('Not valid JSON');
  await editor.fill('{"model":"gpt-4o-mini","inputSchema":{"type":"object"}}');
  await expect(config.getByTestId('json-state')).toContainText('Valid JSON');
  await config.getByTestId('json-format').click();
  await expect(editor).toHaveValue('{\n  "model": "gpt-4o-mini",\n  "inputSchema": {\n    "type": "object"\n  }\n}');
  await form.getByTestId('flag-isAsync').click();
  await expect(form.getByTestId('flag-isAsync')).toHaveAttribute('aria-checked', 'true');
  await shot(page, '23-app-form-en');
  const name = marker('seam app');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await clickStill(page.getByTestId('form-submit'));
  await expect(form).toBeHidden({ timeout: 20_000 });
  const apps = await api.page<{ name: string; isAsync: number; config: unknown }>('/admin/base/app', { keyWord: name });
  expect(apps.list[0]).toMatchObject({ name, isAsync: 1, config: { model: 'gpt-4o-mini', inputSchema: { type: 'object' } } });
});
