/**
 * Special screens are the generic table with slots: each shows its own columns and rows at a desktop
 * width and on a 390 px phone, where the page itself never scrolls sideways (the table does).
 */
import { expect, test } from '@playwright/test';
import { shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();

const SCREENS = [
  { path: '/admin/base/sys/user', name: 'users', row: 'admin' },
  { path: '/admin/base/sys/role', name: 'roles', row: 'admin' },
  { path: '/admin/base/sys/param', name: 'params', row: null },
  { path: '/admin/base/sys/menu', name: 'menus', row: null },
] as const;

for (const width of [1280, 390]) {
  test(`the special screens show their rows at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 860 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await uiLogin(page);
    for (const screen of SCREENS) {
      await page.goto(url(screen.path));
      const rows = page.locator('.ant-layout-content .ant-table-tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible({ timeout: 20_000 });
      if (screen.row) await expect(rows.filter({ hasText: screen.row }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen.path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(1);
      await shot(page, `18-${screen.name}-${width}`);
    }
    expect(errors).toEqual([]);
  });
}
