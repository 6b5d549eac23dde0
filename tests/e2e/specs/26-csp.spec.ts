/**
 * The pages' Content-Security-Policy (issue 35): every HTML page says who may frame it and where
 * scripts come from, and the app itself breaks none of it. The administrator walks the console (a
 * generic screen, the plugin settings form, whose validator compiles schemas), the workspace, the
 * store and the code helper; the browser reports no violation, in the console or as an event.
 */
import { test, expect, type Page } from '@playwright/test';
import { skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();

/** Collects the violations `page` reports from now on, through its console and through the DOM event. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...seen, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

test('HTML pages forbid framing by other sites, and the app runs under its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const first = await page.goto(url('/admin/login'));
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toMatch(/script-src 'self'/);
  expect(first!.headers()['x-frame-options']).toBe('SAMEORIGIN');
  await uiLogin(page);
  expect(await violations()).toEqual([]);

  for (const path of ['/admin/base/sys/user', '/admin/plugin/info', '/workflow_store', '/workbench', '/my/info?tab=goods', '/helper/ai-code']) {
    await page.goto(url(path));
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});
