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

/**
 * Opens `path` as a person does from the console's menu (the first one by its address), and waits until
 * its view has rendered something and stopped loading. A full load per screen re-read every script of
 * the console each time: two thirds of this spec's time. Opening a screen by its address is what
 * every other console spec does.
 */
async function open(page: Page, path: string, calls: ReturnType<typeof watchCalls>, first: boolean): Promise<void> {
  if (first) await page.goto(url(path));
  else {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  }
  const view = page.locator(`.ant-layout-content [data-view="${path}"]`);
  await expect(view).toBeVisible();
  await expect(view.locator('.ant-table, .ant-tree, .ant-card, .ant-form, .ant-list, .ant-result, .ant-empty, [data-testid="dashboard"]').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(view.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
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
    for (const [i, path] of paths.entries()) {
      const before = problems.length;
      await open(page, path, calls, i === 0);
      if (lang === 'zh-cn' && !CJK.test(await page.locator(`.ant-layout-content [data-view="${path}"]`).innerText())) untranslated.push(path);
      if (problems.length > before) problems.splice(before, 0, `-- on ${path}`);
    }
    await shot(page, `17-every-screen-last-${lang}`);
    // Views kept alive are the ten used last (the shell's own view of the current menu besides).
    expect(await page.locator('.ant-layout-content [data-view]').count()).toBeLessThanOrEqual(11);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(untranslated, `no Chinese text on: ${untranslated.join(', ')}`).toEqual([]);
  });
}
