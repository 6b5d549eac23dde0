/**
 * Screens of 000 (issue 35): the file space previews a text file in a monospace dialog and says
 * 'Load failed' when the file cannot be read; the avatar upload refuses a picture over 100 KB with
 * 'File cannot be larger than 100k'; an error page carries the host's display name; a page change
 * fades out, then in. Screenshots at 1400 px en and 390 px zh-cn land in tests/e2e/artifacts/.
 */
import { test, expect, chromium, type Page } from '@playwright/test';
import { base, settled, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);

async function inLang(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
}

test('the file space previews a text file in a monospace dialog and says Load failed when it cannot be read', async ({ page }) => {
  await uiLogin(page);
  await page.goto(url('/space/list'));
  const name = `notes-${run}.txt`;
  await page
    .locator('[data-testid="space-browser"] .ant-upload input[type=file]')
    .first()
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('line one\nfunction hello() {\n  return 42;\n}\n') });
  const card = page.getByTestId('space-file').filter({ hasText: name });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByTestId('space-preview').click();
  const body = page.getByTestId('text-preview-body');
  await expect(body).toContainText('return 42;');
  expect(await body.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/monospace/);
  await shot(page, '35-spec-preview-1400-en');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('text-preview')).toBeHidden();

  await page.route('**/*.txt', (r) => r.abort());
  await card.getByTestId('space-preview').click();
  await expect(page.getByTestId('text-preview-failed')).toContainText('Load failed');
  await shot(page, '35-spec-preview-failed-1400-en');
});

test('the avatar upload refuses a picture over 100k with its message and uploads nothing', async ({ page }) => {
  let uploads = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/comm/upload')) uploads += 1;
  });
  await uiLogin(page);
  await page.goto(url('/my/info'));
  const input = page.locator('.ant-upload:has([data-testid="personal-avatar-upload"]) input[type=file]');
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(150 * 1024, 1) });
  await expect(page.locator('.ant-message')).toContainText('File cannot be larger than 100k');
  await shot(page, '35-spec-100k-1400-en');

  await page.setViewportSize({ width: 390, height: 844 });
  await inLang(page, 'zh-cn');
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(150 * 1024, 1) });
  await expect(page.locator('.ant-message')).toContainText('文件大小不能超过 100k');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, '35-spec-100k-390-zh-cn');
  expect(uploads).toBe(0);
});

test('an error page carries the display name of the OS host', async () => {
  const port = new URL(base()).port;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--host-resolver-rules=MAP os.cosmac.ai 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://os.cosmac.ai:${port}/404`);
    await expect(page.getByText('Page not found').first()).toBeVisible();
    await expect(page).toHaveTitle('COSMAC OS');
  } finally {
    await browser.close();
  }
});

/** Goes from the personal centre back to the console; answers a reader of the route-fade class names seen on the way. */
async function fadesGoingBack(page: Page): Promise<() => Promise<string>> {
  await uiLogin(page);
  await page.goto(url('/my/info'));
  await expect(page.getByTestId('personal-nickname')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { __fades: string[] };
    w.__fades = [];
    const note = (n: Node) => {
      const el = n as HTMLElement;
      if (el.classList?.contains('route-fade')) w.__fades.push(el.className);
    };
    new MutationObserver((list) => {
      for (const m of list) {
        if (m.type === 'attributes') note(m.target);
        m.addedNodes.forEach(note);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.getByText('Back to the console').click();
  await expect(page).toHaveURL(/\/admin/);
  return async () => (await page.evaluate(() => (window as unknown as { __fades: string[] }).__fades)).join(' | ');
}

test.describe('with motion', () => {
  // The suite asks for reduced motion (playwright.config.ts); this browser does not.
  test.use({ reducedMotion: 'no-preference' });
  test('a page change fades the old page out before the new one fades in', async ({ page }) => {
    // The URL changes at once; the new page comes in once the old one has faded out.
    const fades = await fadesGoingBack(page);
    await expect.poll(fades).toMatch(/route-fade route-fade-out.*\| route-fade($| \|)/);
  });
});

test('with reduced motion asked for, pages swap at once and Ant Design animates nothing', async ({ page }) => {
  const fades = await fadesGoingBack(page);
  await expect(page.locator('.ant-layout-content')).toBeVisible();
  expect(await fades()).not.toContain('route-fade-out');
  // The user menu opens without its zoom: no animation runs while it appears.
  await page.getByTestId('user-name').hover();
  await expect(page.locator('.ant-dropdown-menu')).toBeVisible();
  expect(
    await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length),
  ).toBe(0);
  // A pressed button sends out no click wave (a two-second fade the user asked not to see).
  await page.keyboard.press('Escape');
  await page.goto(url('/admin/base/sys/user'));
  // The page has loaded (its table read, nothing left from loading) before the press: what is
  // checked is what the press itself starts.
  await settled(page);
  // The search button of the table's keyword box: pressing it only searches again.
  await page.locator('.ant-input-search-button').first().click();
  expect(await page.locator('.ant-wave').count()).toBe(0);
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .map((a) => {
          const el = (a.effect as KeyframeEffect | null)?.target as Element | null;
          const what = (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.constructor.name;
          return `${what} on ${el?.tagName ?? '?'}.${el?.getAttribute('class') ?? ''} in ${el?.parentElement?.getAttribute('class') ?? ''}`;
        }),
    );
  expect(await running()).toEqual([]);
});
