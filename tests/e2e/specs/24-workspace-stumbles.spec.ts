/**
 * Stumbles of the member workspace (issue 35): a member who joins a team sees its chat in Chats and
 * the owner's team card counts them without a reload, and the owner is not offered "Leave team"; an
 * async app's dialog leaves "Queued" when the engine's answer arrives, in a conversation titled "My
 * AI runs"; the top-up box says what an amount buys and the ledger names the run's charge; a member
 * without a password (signed up by e-mail code) sets one without an original; the goods publish form
 * takes its picture from the file space. Screenshots at 1400 px en and 390 px zh-cn land in
 * tests/e2e/artifacts/.
 */
import { join } from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { Api, base, shot, skipWithoutServer, memberBrowser } from '../helpers';
import { FakeWorkflow } from '../../helpers/fake-workflow';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const olga = { username: `wss_olga_${run}`, nickName: `Olga ${run}`, id: 0 };
const jon = { username: `wss_jon_${run}`, nickName: `Jon ${run}`, id: 0 };
const eve = { username: `wss_eve_${run}`, nickName: `Eve ${run}`, id: 0 };
const appName = `Report maker ${run}`;
const teamName = `Rowers ${run}`;
let engine: FakeWorkflow;

test.beforeAll(async () => {
  engine = await new FakeWorkflow(process.env.E2E_WORKFLOW_SECRET ?? '').start(Number(process.env.E2E_WORKFLOW_PORT));
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [olga, jon, eve]) {
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
    isAsync: 1,
    parentType: 1,
    tokens: 2,
    show: 1,
    config: { workflow: { steps: ['gather', 'write'] }, description: 'Writes a report in the background' },
  });
  const code = (await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 10 })).codes[0];
  await (await Api.login(olga.username, PASSWORD)).post('/admin/base/coupon/use', { code });
});

test.afterAll(async () => {
  await engine?.close();
});

async function member(browser: Browser, who: { username: string }, o: { width?: number; lang?: string; path?: string } = {}): Promise<Page> {
  const page = await memberBrowser(browser, who.username, PASSWORD, o);
  if (o.path) await page.goto(`${base()}${o.path}`);
  return page;
}

test("a member joins a team: their Chats list and the owner's team card follow without a reload", async ({ browser }) => {
  const team = await (await Api.login(olga.username, PASSWORD)).post<{ id: number; key: string }>('/admin/base/group/add', { name: teamName, type: 2 });
  const owner = await member(browser, olga, { path: '/workbench?tab=teams' });
  const card = owner.locator(`[data-testid="team-card"][data-team-id="${team.id}"]`);
  await expect(card).toContainText('1 member');

  // Jon's Chats are loaded before he joins: the team must appear in them afterwards.
  const joiner = await member(browser, jon, { path: '/workbench?tab=chats' });
  await expect(joiner.getByTestId('ws-connection')).toHaveCount(0, { timeout: 20_000 }); // shown only while not online
  await expect(joiner.locator(`[data-testid="chat-conv-item"][data-to="1-${team.id}"]`)).toHaveCount(0);
  await joiner.getByTestId('ws-nav-teams').first().click();
  await joiner.getByTestId('teams-join-link').click();
  await joiner.getByTestId('join-key-input').fill(team.key);
  await joiner.getByTestId('join-key-submit').click();
  await joiner.getByTestId('join-submit').click();
  await expect(joiner.getByTestId('join-done')).toBeVisible({ timeout: 15_000 });
  await joiner.getByTestId('ws-nav-chats').first().click();
  const conv = joiner.locator(`[data-testid="chat-conv-item"][data-to="1-${team.id}"]`);
  await expect(conv).toBeVisible({ timeout: 15_000 });
  await expect(conv.getByTestId('chat-conv-name')).toHaveText(teamName, { timeout: 15_000 });
  await shot(joiner, '24-joined-team-chats');

  await expect(card).toContainText('2 members', { timeout: 15_000 });
  await shot(owner, '24-owner-team-card');
  await card.click();
  await expect(owner.getByTestId('team-page')).toBeVisible();
  await expect(owner.getByTestId('team-leave')).toHaveCount(0);
  await expect(owner.getByTestId('team-owner-hint')).toBeVisible();
  await shot(owner, '24-owner-team-page');

  const narrow = await member(browser, olga, { width: 390, lang: 'zh-cn', path: `/workbench?tab=teams&team=${team.id}` });
  await expect(narrow.getByTestId('team-owner-hint')).toBeVisible({ timeout: 15_000 });
  await expect(narrow.getByTestId('team-leave')).toHaveCount(0);
  await shot(narrow, '24-owner-team-page-390-zh');
  await narrow.context().close();
  await joiner.context().close();
  await owner.context().close();
});

test('an async run\'s dialog leaves "Queued" when its answer arrives, in the "My AI runs" conversation', async ({ browser }) => {
  const page = await member(browser, olga, { path: '/workflow_store?view=apps' });
  const card = page.getByTestId('app-card').filter({ hasText: appName });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByTestId('app-run').click();
  const dialog = page.getByTestId('run-dialog');
  await dialog.getByTestId('app-input-text').fill('rowing clubs of the river');
  const jobsBefore = engine.jobs.length;
  await dialog.getByTestId('run-start').click();
  await expect(dialog.getByTestId('run-queued')).toBeVisible({ timeout: 15_000 });
  await shot(page, '24-async-queued');

  await expect.poll(() => engine.jobs.length, { timeout: 15_000 }).toBeGreaterThan(jobsBefore);
  const job = engine.jobs[engine.jobs.length - 1];
  const answered = await engine.callBack(job, 'result', { output: 'Three clubs row on the river.' });
  expect(answered.status).toBe(200);
  const answer = dialog.getByTestId('run-answer');
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  await expect(answer).toContainText('Three clubs row on the river.');
  await expect(dialog.getByTestId('run-queued')).toHaveCount(0);
  await shot(page, '24-async-done');

  await dialog.getByTestId('run-open-chat').click();
  await expect(page.getByTestId('chat-title')).toHaveText('My AI runs', { timeout: 15_000 });
  const conv = page.locator(`[data-testid="chat-conv-item"][data-to="0-${olga.id}"]`);
  await expect(conv.getByTestId('chat-conv-name')).toHaveText('My AI runs');
  await expect(conv.getByTestId('chat-conv-name')).not.toContainText(olga.nickName);
  await shot(page, '24-runs-conversation');
  await page.context().close();

  const narrow = await member(browser, olga, { width: 390, lang: 'zh-cn', path: `/workbench?tab=chats&to=0-${olga.id}` });
  await expect(narrow.getByTestId('chat-title')).toHaveText('我的 AI 运行', { timeout: 15_000 });
  await shot(narrow, '24-runs-conversation-390-zh');
  await narrow.context().close();
});

test('the top-up box says what an amount buys, and the ledger names the AI run charge', async ({ browser }) => {
  const page = await member(browser, olga, { path: '/my/info?tab=tokens' });
  await page.getByTestId('acc-recharge-amount').fill('10');
  await expect(page.getByTestId('acc-recharge-tokens')).toHaveText('= 1,000 tokens');
  const charge = page.locator('[data-testid="acc-ledger-entry"][data-kind="10"]').first();
  await expect(charge).toContainText('AI run', { timeout: 15_000 });
  await shot(page, '24-topup-tokens');
  await page.context().close();

  const narrow = await member(browser, olga, { width: 390, lang: 'zh-cn', path: '/my/info?tab=tokens' });
  await narrow.getByTestId('acc-recharge-amount').fill('0.5');
  await expect(narrow.getByTestId('acc-recharge-tokens')).toHaveText('= 50 代币');
  await expect(narrow.locator('[data-testid="acc-ledger-entry"][data-kind="10"]').first()).toContainText('AI 运行');
  const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(narrow, '24-topup-tokens-390-zh');
  await narrow.context().close();
});

test('the goods publish form picks its picture from the file space', async ({ browser }) => {
  const page = await member(browser, olga, { path: '/my/info?tab=goods' });
  await page.getByTestId('acc-goods-publish').click();
  const picture = page.getByTestId('acc-goods-form').getByTestId('file-input');
  await expect(picture).toBeVisible({ timeout: 15_000 });
  await picture.getByRole('button', { name: /Choose from space/ }).click();
  await expect(page.getByTestId('space-picker-ok')).toBeVisible({ timeout: 15_000 });
  await shot(page, '24-goods-picture-picker');
  await page.context().close();
});

test('a member without a password sets one without an original', async ({ browser }) => {
  const page = await member(browser, eve, { width: 390, lang: 'zh-cn' });
  // An account made by e-mail code has no password: make Eve's so (the e2e server sends no mail).
  const db = new Database(join(process.env.E2E_DIR ?? '', 'cosmac.sqlite'));
  try {
    db.prepare('UPDATE base_sys_user SET password = NULL WHERE id = ?').run(eve.id);
  } finally {
    db.close();
  }
  await page.goto(`${base()}/my/info`);
  await expect(page.getByTestId('personal-security-hint')).toContainText('尚未设置密码', { timeout: 15_000 });
  await expect(page.getByTestId('personal-original')).toHaveCount(0);
  await shot(page, '24-set-password-390-zh');
  const chosen = 'Eve-New-Pass-9';
  await page.getByTestId('personal-password').fill(chosen);
  await page.getByTestId('personal-confirm').fill(chosen);
  await page.getByTestId('personal-submit').click();
  // Once it has one, the original is asked for again.
  await expect(page.getByTestId('personal-original')).toBeVisible({ timeout: 15_000 });
  await Api.login(eve.username, chosen);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByTestId('personal-security-hint')).toContainText('Leave the three password fields empty');
  await shot(page, '24-password-set');
  await page.context().close();
});
