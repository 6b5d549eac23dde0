/**
 * Personal API keys in the browser: on a 390 px phone in Chinese a member makes a key
 * narrowed to the goods module in the personal centre's "API 密钥" tab, sees it once with a ready MCP
 * client configuration, and the key answers the member's orders and is refused their keys list; revoked
 * from the tab, it is refused at once. On a wide English screen the administrator's tab lists only
 * their own keys. Screenshots in tests/e2e/artifacts/.
 */
import { test, expect } from '@playwright/test';
import { Api, base, clickStill, makeMembers, memberBrowser, shot, skipWithoutServer, uiLogin, url, type NewMember } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const ann: NewMember = { username: `ak_ann_${run}`, nickName: `Ann ${run}`, id: 0 };
const keyName = `agent ${run}`;
let secret = '';

async function withKey(path: string, key: string, body: unknown = {}): Promise<{ status: number; code: number }> {
  const res = await fetch(url('/api' + path), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, code: ((await res.json()) as { code: number }).code };
}

test.beforeAll(async () => {
  await makeMembers([ann], PASSWORD);
});

test('a member makes a key for the goods module on a phone in Chinese, uses it, and revokes it', async ({ browser }) => {
  const page = await memberBrowser(browser, ann.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await page.goto(`${base()}/my/info?tab=apikeys`);
  const tab = page.getByTestId('acc-apikeys');
  await expect(tab).toContainText('你还没有 API 密钥', { timeout: 15_000 });
  await clickStill(page.getByTestId('acc-apikey-add'));
  await page.getByTestId('acc-apikey-name').fill(keyName);
  await page.getByTestId('acc-apikey-modules').click();
  await clickStill(page.locator('.ant-select-item-option').filter({ hasText: /^goods$/ }));
  await page.keyboard.press('Escape');
  await shot(page, '44-api-key-form-390-zh');
  await clickStill(page.getByTestId('acc-apikey-create'));
  const shown = page.getByTestId('acc-apikey-secret');
  await expect(shown).toContainText('cak_');
  secret = ((await shown.textContent()) ?? '').trim();
  expect(secret).toMatch(/^cak_[A-Za-z0-9_-]{43}$/);
  await expect(page.locator('.ant-modal')).toContainText('"Authorization": "Bearer cak_');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, '44-api-key-made-390-zh');
  await clickStill(page.getByTestId('acc-apikey-done'));

  const row = page.getByTestId('acc-apikey').filter({ hasText: keyName });
  await expect(row.getByTestId('acc-apikey-state')).toHaveText('有效');
  await expect(row).toContainText('goods');
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).not.toContainText(secret.slice(12));

  // The key acts as Ann within its module only.
  expect(await withKey('/admin/goods/order/mine', secret)).toEqual({ status: 200, code: 1000 });
  expect((await withKey('/admin/base/apiKey/page', secret)).status).toBe(403);
  await page.reload();
  await expect(row).toContainText('最近使用');
  await shot(page, '44-api-keys-390-zh');

  await clickStill(row.getByTestId('acc-apikey-revoke'));
  await clickStill(page.getByTestId('acc-apikey-revoke-ok'));
  await expect(row.getByTestId('acc-apikey-state')).toHaveText('已撤销');
  expect((await withKey('/admin/goods/order/mine', secret)).status).toBe(401);
  await page.context().close();
});

test('the administrator’s API keys tab lists only their own keys', async ({ page }) => {
  const admin = await Api.admin();
  const own = `admin key ${run}`;
  await admin.post('/admin/base/apiKey/create', { name: own });
  await page.setViewportSize({ width: 1400, height: 900 });
  await uiLogin(page);
  await page.goto(`${base()}/my/info?tab=apikeys`);
  const tab = page.getByTestId('acc-apikeys');
  await expect(tab.getByTestId('acc-apikey').filter({ hasText: own })).toBeVisible({ timeout: 15_000 });
  await expect(tab).not.toContainText(keyName);
  await shot(page, '44-api-keys-admin-1400-en');
});
