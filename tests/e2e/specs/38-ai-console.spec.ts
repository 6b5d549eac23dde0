/**
 * The console's AI screens (issue 39), as an administrator: a provider's Test lists its models with
 * those already added checked; the models screen names the provider and shows capabilities as tags;
 * AI runs have a Usage tab with the charge per day and a table by model, app, member or day, which
 * fits a 390 px screen.
 */
import { expect, test } from '@playwright/test';
import { pageWidth, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();

test('a provider is tested, its models listed; the models screen and AI usage show', async ({ page }) => {
  await uiLogin(page);
  await page.goto(url('/admin/ai/provider'));
  await expect(page.getByTestId('provider-screen')).toBeVisible();
  await page.getByTestId('provider-test-open').first().click();
  const dialog = page.getByTestId('provider-test');
  await expect(dialog.getByTestId('provider-test-ok')).toBeVisible({ timeout: 20_000 });
  // The registry's models of this provider are checked and cannot be imported twice.
  await expect(dialog.locator('.ant-checkbox-wrapper-checked.ant-checkbox-wrapper-disabled').first()).toBeVisible();
  await shot(page, '38-provider-test-en');
  await page.keyboard.press('Escape');

  await page.goto(url('/admin/ai/model'));
  await expect(page.getByTestId('model-screen')).toBeVisible();
  await expect(page.locator('tr.ant-table-row').first()).toContainText('Chat');

  await page.goto(url('/admin/base/run'));
  await page.getByRole('tab', { name: 'Usage' }).click();
  await expect(page.getByTestId('usage-table')).toBeVisible();
  await page.getByTestId('usage-by').getByText('By day').click();
  await expect(page.getByTestId('usage-table').locator('th').first()).toHaveText('Day');
  await page.setViewportSize({ width: 390, height: 860 });
  await expect(page.getByTestId('usage-panel')).toBeVisible();
  // The console lays itself out again for the narrow screen on its next render: wait for it.
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(390);
  await shot(page, '38-usage-390-en');
});
