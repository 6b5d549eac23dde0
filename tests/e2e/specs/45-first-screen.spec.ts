/**
 * A console screen opened by its address asks for its data while its code loads (app/first-screen.ts):
 * the generic table's first page is asked for once, by the entry, and the table shows that answer
 * instead of asking again; the dashboard's summary likewise.
 */
import { expect, test } from '@playwright/test';
import { Api, skipWithoutServer, uiLogin, url, watchCalls } from '../helpers';

skipWithoutServer();

test('a cold load of a table screen and of the dashboard asks for each first answer once', async ({ page }) => {
  await uiLogin(page);
  const calls = watchCalls(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/(sys\/user\/page|dashboard\/summary)$/.test(path)) asked.push(`${path} ${r.postData() ?? ''}`);
  });

  await page.goto(url('/admin/base/sys/user'));
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  expect(asked.filter((a) => a.includes('sys/user/page'))).toHaveLength(1);

  // Paging on asks again: only the first answer is taken from the entry.
  await page.getByTestId('crud-keyword').fill('admin');
  await page.getByTestId('crud-keyword').press('Enter');
  await expect.poll(() => asked.filter((a) => a.includes('sys/user/page')).length).toBe(2);

  await page.goto(url('/admin'));
  await expect(page.getByTestId('dash-users')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => asked.filter((a) => a.includes('dashboard/summary')).length).toBeGreaterThanOrEqual(1);
  // Settled: no second summary for the same range.
  await calls.idle();
  expect(asked.filter((a) => a.includes('dashboard/summary'))).toHaveLength(1);
});

test("a screen's first load brings no dialog code; the first confirmation does, and works", async ({ page }) => {
  await uiLogin(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const dialogCode = () => scripts.some((s) => /\/modal-host-[\w-]+\.js$/.test(s));
  const title = `first-dialog ${Date.now()}`;
  await (await Api.admin()).post('/admin/demo/goods/add', { title, price: 1, stock: 1 });
  await page.goto(url('/admin/demo/goods'));
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: title }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  expect(dialogCode()).toBe(false);

  // A delete asks first (app/app-api.tsx brings antd's dialogs then); cancelling it deletes nothing.
  await row.getByTestId('crud-row-delete').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  expect(dialogCode()).toBe(true);
  await confirm.locator('.ant-modal-confirm-btns .ant-btn').first().click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
});
