/**
 * Seams of the member workspace (issue 35): an AI app with an inputSchema runs with what the member
 * typed into its form (the fake LLM echoes the input it got); at 390 px the workspace reaches the
 * Store and switches the language; /space/list fits 390 px and a member makes a category from its
 * empty state; the notification "added to the group" opens that group. Screenshots at 1400 px en
 * and at 390 px zh-cn land in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, base, clickStill, shot, skipWithoutServer, memberBrowser } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const mia = { username: `seam_mia_${run}`, nickName: `Mia ${run}`, id: 0 };
const ned = { username: `seam_ned_${run}`, nickName: `Ned ${run}`, id: 0 };
const appName = `Letter writer ${run}`;

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [mia, ned]) {
    const made = await admin.post<{ id: number }>('/admin/base/sys/user/add', {
      username: u.username,
      password: PASSWORD,
      nickName: u.nickName,
      roleIdList: [member.id],
    });
    u.id = Number(made.id);
  }
  await admin.post('/admin/base/app/add', {
    name: appName,
    isAsync: 0,
    parentType: 1,
    tokens: 1,
    show: 1,
    config: {
      prompt: 'Write a short letter.',
      description: 'Writes a letter from a few facts',
      inputSchema: {
        type: 'object',
        required: ['recipient', 'tone'],
        properties: {
          recipient: { type: 'string', title: 'Recipient', maxLength: 60 },
          lines: { type: 'integer', title: 'Lines', minimum: 1, maximum: 20 },
          tone: { enum: ['warm', 'formal'], title: 'Tone' },
        },
      },
    },
  });
  const code = (await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 5 })).codes[0];
  await (await Api.login(mia.username, PASSWORD)).post('/admin/base/coupon/use', { code });
});

async function member(browser: Browser, who: { username: string }, o: { width?: number; lang?: string } = {}): Promise<Page> {
  return memberBrowser(browser, who.username, PASSWORD, o);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('an AI app with an input form runs with the values the member typed', async ({ browser }) => {
  const page = await member(browser, mia);
  await page.goto(`${base()}/workflow_store?view=apps`);
  const card = page.getByTestId('app-card').filter({ hasText: appName });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByTestId('app-run').click();

  const dialog = page.getByTestId('run-dialog');
  await dialog.getByTestId('app-input-recipient').fill('Aunt Hedwig');
  await dialog.getByTestId('app-input-lines').locator('xpath=descendant-or-self::input').first().fill('4');
  await dialog.getByTestId('app-input-tone').click();
  await clickStill(page.locator('.ant-select-item-option').filter({ hasText: 'formal' }));
  await expect(dialog.getByTestId('app-input-recipient')).toHaveValue('Aunt Hedwig');
  await shot(page, '35-seams-run-form');
  await dialog.getByTestId('run-start').click();

  // The fake LLM answers with the user turn it received: the form's values, as the run's input.
  const answer = dialog.getByTestId('run-answer');
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(answer).toContainText('{"recipient":"Aunt Hedwig","lines":4,"tone":"formal"}');
  await shot(page, '35-seams-run-done');
  await page.context().close();
});

test('at 390 px the workspace reaches the Store and switches the language', async ({ browser }) => {
  const page = await member(browser, mia, { width: 390 });
  await expect(page.getByTestId('ws-nav-board').last()).toBeVisible();
  await page.getByTestId('lang-switch').click();
  await clickStill(page.getByRole('menuitem', { name: '简体中文' }));
  await expect(page.getByTestId('ws-nav-board').last()).toContainText('桌面');
  expect(await overflow(page)).toBeLessThanOrEqual(390);
  await shot(page, '35-seams-workbench-390-zh-cn');
  await page.getByTestId('ws-store').click();
  await expect(page).toHaveURL(/\/workflow_store/);
  await expect(page.getByTestId('ws-nav-board').last()).toContainText('桌面');
  await shot(page, '35-seams-store-390-zh-cn');
  await page.context().close();
});

test('/space/list fits 390 px, and a member makes a category from the empty state', async ({ browser }) => {
  const wide = await member(browser, ned);
  await wide.goto(`${base()}/space/list`);
  await expect(wide.getByTestId('space-browser')).toContainText('No categories yet', { timeout: 15_000 });
  await shot(wide, '35-seams-space-1400-en');
  await wide.context().close();

  const page = await member(browser, ned, { width: 390, lang: 'zh-cn' });
  await page.goto(`${base()}/space/list`);
  await expect(page.getByTestId('space-browser')).toContainText('暂无分类', { timeout: 15_000 });
  expect(await overflow(page)).toBeLessThanOrEqual(390);
  const empty = page.getByTestId('space-types-empty');
  await shot(page, '35-seams-space-390-zh-cn');

  const name = `Receipts ${run}`;
  await empty.getByTestId('space-type-new').click();
  await page.getByTestId('space-type-name').fill(name);
  await clickStill(page.getByTestId('form-submit'));
  await expect(page.getByTestId('space-type-select')).toContainText(name);
  await expect(empty).toBeHidden();
  expect(await overflow(page)).toBeLessThanOrEqual(390);
  await shot(page, '35-seams-space-category-390-zh-cn');
  const mine = await (await Api.login(ned.username, PASSWORD)).post<Array<{ name: string; userId: number }>>('/admin/space/type/list', { keyWord: name });
  expect(mine.map((r) => [r.name, Number(r.userId)])).toEqual([[name, ned.id]]);
  await page.context().close();
});

test('the notification of being added to a group opens the group', async ({ browser }) => {
  const groupName = `Seam group ${run}`;
  const owner = await Api.login(mia.username, PASSWORD);
  const groupId = Number((await owner.post<{ id: number }>('/admin/base/group/add', { name: groupName })).id);
  await owner.post('/admin/base/groupMember/add', { groupId, userId: ned.id });

  const page = await member(browser, ned);
  await expect(page.getByTestId('notify-count')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('notify-bell').click();
  const added = page.locator('[data-testid="notify-item"][data-read="0"]').filter({ hasText: groupName });
  await expect(added).toBeVisible();
  await shot(page, '35-seams-notice-1400-en');
  await clickStill(added);
  await expect(page).toHaveURL(new RegExp(`tab=chats&to=1-${groupId}`));
  await expect(page.getByTestId('chat-title')).toContainText(groupName);
  await shot(page, '35-seams-notice-group-1400-en');
  await page.context().close();
});
