/** The language switch (menu texts follow) and the theme switcher (theme name and dark mode on <html>). */
import { expect, test } from '@playwright/test';
import { Api, clickStill, shot, sideMenu, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();

test('switch to 简体中文: the console menu turns Chinese', async ({ page }) => {
  await uiLogin(page);
  await page.goto(url('/admin/base/sys/user'));
  const menu = sideMenu(page);
  await expect(menu).toContainText('User');
  await expect(menu).not.toContainText('用户');

  await page.getByTestId('lang-switch').click();
  await clickStill(page.getByRole('menuitem', { name: '简体中文' }));
  await expect(menu).toContainText('用户');
  await expect(menu).not.toContainText('Dashboard');
  await expect(page.getByTestId('lang-switch')).toContainText('简体中文');
  await shot(page, '13-console-zh-cn');

  // The choice survives a reload.
  await page.reload();
  await expect(sideMenu(page)).toContainText('用户');
  // The switch also stored it on the administrator's account; later specs choose theirs per browser.
  await (await Api.admin()).post('/admin/base/comm/personUpdate', { language: null });
});

test('switch the theme to cuilv and dark mode', async ({ page }) => {
  await uiLogin(page);
  await page.goto(url('/admin/base/sys/user'));
  const html = page.locator('html');
  await expect(page.locator('.ant-table').first()).toBeVisible({ timeout: 20_000 });
  await expect(html).not.toHaveAttribute('data-theme', 'cuilv');
  const colors = () =>
    page.evaluate(`(() => {
      const bg = (sel) => { const el = document.querySelector(sel); return el ? getComputedStyle(el).backgroundColor : null; };
      return { primary: bg('.ant-btn-primary'), table: bg('.ant-table') };
    })()`) as Promise<{ primary: string | null; table: string | null }>;
  const before = await colors();

  await page.getByTestId('theme-switch').click();
  await page.getByTestId('theme-cuilv').click();
  await expect(html).toHaveAttribute('data-theme', 'cuilv');
  await page.waitForTimeout(600); // the 400 ms switch animation
  const green = await colors();
  expect(green.primary).not.toBe(before.primary);

  await page.getByTestId('theme-dark').click();
  await expect(html).toHaveAttribute('data-mode', 'dark');
  await page.waitForTimeout(600);
  const dark = await colors();
  expect(dark.table).not.toBe(before.table);
  await shot(page, '14-console-cuilv-dark');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'cuilv');
  await expect(html).toHaveAttribute('data-mode', 'dark');
});

test('Ant Design texts follow the language, and an English page downloads no Chinese ones', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  const chinese = () => scripts.filter((u) => /\/zh_(CN|TW)-[\w-]+\.js$/.test(u));
  // The registration page (the sign-in page a visitor opens first is drawn without antd).
  await page.goto(url('/register'));
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByTestId('lang-switch')).toContainText('English');
  expect(chinese()).toEqual([]);

  // A saved Chinese choice: Ant Design's zh_CN texts arrive with the page, before it renders.
  await page.evaluate(() => localStorage.setItem('lang', 'zh-cn'));
  scripts.length = 0;
  await page.reload();
  await expect(page.getByTestId('lang-switch')).toContainText('简体中文');
  expect(chinese().some((u) => /\/zh_CN-/.test(u))).toBe(true);

  // Switching in the page fetches the next language's texts.
  await page.getByTestId('lang-switch').click();
  await clickStill(page.getByRole('menuitem', { name: '繁體中文' }));
  await expect(page.getByTestId('lang-switch')).toContainText('繁體中文');
  await expect.poll(() => chinese().some((u) => /\/zh_TW-/.test(u))).toBe(true);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
