/**
 * Every console screen the admin's menus name opens without a page error, a console error or a
 * failed call, in English and in Chinese (where the screen's own texts are Chinese).
 */
import { expect, test, type Page } from '@playwright/test';
import { Api, shot, skipWithoutServer, uiLogin, url, watchCalls } from '../helpers';

skipWithoutServer();
test.setTimeout(300_000);

interface MenuRow {
  id: number;
  type: number;
  router: string | null;
  viewPath: string | null;
  isShow: boolean | number;
}

const CJK = /[\u4e00-\u9fff]/;

async function consolePaths(): Promise<string[]> {
  const api = await Api.admin();
  const { menus } = await api.get<{ menus: MenuRow[] }>('/admin/base/comm/permmenu');
  const paths = menus
    .filter((m) => m.type === 1 && (m.isShow === true || m.isShow === 1) && m.router && /^(crud|view):/.test(m.viewPath ?? ''))
    .map((m) => `/admin${m.router}`);
  return ['/admin', ...new Set(paths)];
}

/** Opens `path` and waits until the view has rendered something and stopped loading. */
async function open(page: Page, path: string, calls: ReturnType<typeof watchCalls>): Promise<void> {
  await page.goto(url(path));
  const content = page.locator('.ant-layout-content');
  await expect(content).toBeVisible();
  await expect(content.locator('.ant-table, .ant-tree, .ant-card, .ant-form, .ant-list, .ant-result, .ant-empty').first()).toBeVisible({ timeout: 20_000 });
  await expect(content.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  // Every call the view made has answered (a refused one is caught by the response listener).
  await calls.idle();
}

for (const lang of ['en', 'zh-cn'] as const) {
  test(`every console screen opens cleanly (${lang})`, async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) problems.push(`call ${r.status()}: ${r.url()}`);
    });

    const calls = watchCalls(page);
    await uiLogin(page);
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    const paths = await consolePaths();
    expect(paths.length).toBeGreaterThan(30);

    const untranslated: string[] = [];
    for (const path of paths) {
      const before = problems.length;
      await open(page, path, calls);
      if (lang === 'zh-cn' && !CJK.test(await page.locator('.ant-layout-content').innerText())) untranslated.push(path);
      if (problems.length > before) problems.splice(before, 0, `-- on ${path}`);
    }
    await shot(page, `17-every-screen-last-${lang}`);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(untranslated, `no Chinese text on: ${untranslated.join(', ')}`).toEqual([]);
  });
}
