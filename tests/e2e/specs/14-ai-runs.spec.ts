/**
 * AI runs in the browser (issue 20) against the server with the fake LLM of global-setup.ts (slow
 * chunks, so the live answer can be seen growing): a member opens the store's AI apps, sees the cost
 * and their balance, runs a sync app, sees the cost taken and the answer stream in, then finds the
 * request and the answer in their runs chat; the ledger shows the one debit. A member without tokens
 * cannot start a run. In a group, a member @mentions an AI member and watches its answer arrive.
 * Screenshots (also at 390 px) land in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, base, clickStill, shot, skipWithoutServer, submitLogin } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const rich = { username: `ai_rich_${run}`, nickName: `Ria ${run}` };
const poor = { username: `ai_poor_${run}`, nickName: `Pol ${run}` };
const appName = `Brief writer ${run}`;
let appId = 0;

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [rich, poor]) {
    await admin.post('/admin/base/sys/user/add', { username: u.username, password: PASSWORD, nickName: u.nickName, roleIdList: [member.id] });
  }
  const made = await admin.post<{ id: number }>('/admin/base/app/add', {
    name: appName,
    isAsync: 0,
    parentType: 1,
    tokens: 2,
    show: 1,
    config: { prompt: 'Answer in one short paragraph.', description: 'Writes a short brief from a topic', savedMinutes: 5 },
  });
  appId = Number(made.id);
  const code = (await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 10 })).codes[0];
  await (await Api.login(rich.username, PASSWORD)).post('/admin/base/coupon/use', { code });
});

async function member(browser: Browser, who: { username: string }, width = 1400): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${base()}/login`);
  await submitLogin(page, who.username, PASSWORD);
  await expect(page).toHaveURL(/\/workbench/, { timeout: 20_000 });
  return page;
}

const balanceOf = async (who: { username: string }) =>
  Number((await (await Api.login(who.username, PASSWORD)).get<{ tokens: string | number }>('/admin/base/comm/person')).tokens);

test('a member runs a sync app from the store: the cost is taken once and the answer streams in', async ({ browser }) => {
  const page = await member(browser, rich);
  await page.goto(`${base()}/workflow_store`);
  await page.getByTestId('store-view-apps').click();
  const card = page.getByTestId('app-card').filter({ hasText: appName });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('app-cost')).toContainText('2');
  await shot(page, '20-store-apps');
  await card.getByTestId('app-run').click();

  const dialog = page.getByTestId('run-dialog');
  await expect(dialog.getByTestId('run-cost')).toContainText('2');
  await expect(dialog.getByTestId('run-balance')).toContainText('10');
  await dialog.getByTestId('app-input-text').fill('tea gardens of Yunnan');
  await dialog.getByTestId('run-start').click();

  await expect(dialog.getByTestId('run-taken')).toBeVisible({ timeout: 15_000 });
  const answer = dialog.getByTestId('run-answer');
  await expect(answer).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await shot(page, '20-run-live');
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(answer).toContainText('tea gardens of Yunnan');
  await shot(page, '20-run-done');
  expect(await balanceOf(rich)).toBe(8);

  // The request and the answer are in the member's runs chat.
  await dialog.getByTestId('run-open-chat').click();
  await expect(page.getByTestId('run-request').last()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('run-answer').last()).toContainText('tea gardens of Yunnan');
  await shot(page, '20-run-chat');

  // The ledger holds exactly one debit of the run.
  const ledger = await (
    await Api.login(rich.username, PASSWORD)
  ).post<{ list: Array<{ type: number; tokens: string | number }> }>('/admin/base/tokenLog/page', { page: 1, size: 20 });
  expect(ledger.list.filter((r) => Number(r.type) === 10).map((r) => Number(r.tokens))).toEqual([-2]);
  await page.context().close();
});

test('a member without enough tokens cannot start a run, at 390 px', async ({ browser }) => {
  const page = await member(browser, poor, 390);
  await page.goto(`${base()}/workflow_store?view=apps`);
  const card = page.getByTestId('app-card').filter({ hasText: appName });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByTestId('app-run').click();
  const dialog = page.getByTestId('run-dialog');
  await expect(dialog.getByTestId('run-not-enough')).toBeVisible();
  await expect(dialog.getByTestId('run-start')).toBeDisabled();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, '20-run-not-enough-390');
  expect(appId).toBeGreaterThan(0);
  await page.context().close();
});

test('a member @mentions an AI member in a group and its answer streams in, paid by the sender', async ({ browser }) => {
  const ria = await Api.login(rich.username, PASSWORD);
  const groupName = `Tea room ${run}`;
  const group = await ria.post<{ id: number }>('/admin/base/group/add', { name: groupName });
  const groupId = Number(group.id);
  const sage = await ria.post<{ userId: number }>('/admin/base/groupMember/add', {
    groupId,
    ai: { nickName: `Sage ${run}`, config: { prompt: 'Answer in one sentence.', cost: 1 } },
  });
  const before = await balanceOf(rich);

  const page = await member(browser, rich);
  await page.goto(`${base()}/workbench`);
  await page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(page.getByTestId('board-tile-action-chat'));
  const chat = page.getByTestId('board-chat');
  const input = chat.getByTestId('chat-input');
  await input.fill('@Sage');
  await clickStill(page.locator(`[data-testid="chat-mention-option"][data-user-id="${sage.userId}"]`));
  await input.pressSequentially('how is oolong made?');
  await input.press('Enter');
  await expect(chat.locator('[data-testid="chat-message"][data-mine="1"]')).toContainText('how is oolong made?');
  // The AI member's answer arrives in the chat (the fake LLM echoes the last user turn).
  await expect(chat.getByText(/Fake answer to: .*how is oolong made\?/).first()).toBeVisible({ timeout: 30_000 });
  await shot(page, '20-ai-member-answer');
  expect(await balanceOf(rich)).toBe(before - 1);
  await page.context().close();
});
