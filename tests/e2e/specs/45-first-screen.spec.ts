/**
 * A console screen opened by its address asks for its data while its code loads (app/first-screen.ts):
 * the generic table's first page is asked for once, by the entry, and the table shows that answer
 * instead of asking again; the dashboard's summary likewise.
 */
import { expect, test } from '@playwright/test';
import { skipWithoutServer, uiLogin, url, watchCalls } from '../helpers';

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
  await expect(page.getByTestId('dashboard-cards').or(page.locator('.ant-card')).first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => asked.filter((a) => a.includes('dashboard/summary')).length).toBeGreaterThanOrEqual(1);
  // Settled: no second summary for the same range.
  await calls.idle();
  expect(asked.filter((a) => a.includes('dashboard/summary'))).toHaveLength(1);
});
