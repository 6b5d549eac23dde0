/**
 * More stumbles found walking issue 35's journeys, each checked as the person sees it: Ann in English
 * at 1400 px, Bo in 简体中文 at 390 px (accounts the administrator made).
 * - The board's group settings list a member added elsewhere without a reload (the `members` notice).
 * - "My AI runs" offers no message box to write to oneself: a line says what it holds and leads to the apps.
 * - A team's join page stops inviting once the person is a member, and offers to open the team.
 * - The publish form's picture field names the file chosen from the file space, not its stored address.
 * Screenshots land in tests/e2e/artifacts/.
 */
import { test, expect, type Page } from '@playwright/test';
import { Api, clickStill, shot, skipWithoutServer, memberBrowser, go, pageWidth as width } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const ann = { username: `wk_ann_${run}`, nickName: `Ann ${run}`, id: 0 };
const bo = { username: `wk_bo_${run}`, nickName: `Bo ${run}`, id: 0 };
const cy = { username: `wk_cy_${run}`, nickName: `Cy ${run}`, id: 0 };
const picture = `garden-cover-${run}.png`;
let a: Page; // Ann, English, 1400 px
let b: Page; // Bo, zh-cn, 390 px
const apis: Record<string, Api> = {};

/** A 1 x 1 green PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgaPgPAAMBAYDuvk5ZAAAAAElFTkSuQmCC', 'base64');

test.afterAll(async () => {
  await a?.context().close();
  await b?.context().close();
});

test('1. the group settings on the board list a member added elsewhere, without a reload', async ({ browser }) => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [ann, bo, cy]) {
    const made = await admin.post<{ id: number }>('/admin/base/sys/user/add', {
      username: u.username,
      password: PASSWORD,
      nickName: u.nickName,
      roleIdList: [member.id],
    });
    u.id = Number(made.id);
    apis[u.username] = await Api.login(u.username, PASSWORD);
  }
  a = await memberBrowser(browser, ann.username, PASSWORD);
  b = await memberBrowser(browser, bo.username, PASSWORD, { width: 390, lang: 'zh-cn' });

  const annApi = apis[ann.username];
  const { id: groupId } = await annApi.post<{ id: number }>('/admin/base/group/add', { name: `Growers ${run}` });
  await go(a, '/workbench');
  await a.getByTestId(`board-tile-menu-${groupId}`).click({ timeout: 15_000 });
  await clickStill(a.getByTestId('board-tile-action-settings'));
  const settings = a.getByTestId('board-settings');
  await expect(settings.getByTestId(`board-member-${ann.id}`)).toBeVisible({ timeout: 15_000 });
  await expect(settings.getByTestId(`board-member-${bo.id}`)).toHaveCount(0);

  // Added from another device (her API): the open settings list Bo, and the tile behind counts him.
  await annApi.post('/admin/base/groupMember/add', { groupId, userId: bo.id });
  await expect(settings.getByTestId(`board-member-${bo.id}`)).toContainText(bo.nickName);
  await expect(a.locator(`[data-testid="board-cell"][data-user-id="${bo.id}"]`)).toHaveCount(1);
  await shot(a, '35-1-ann-settings-new-member-1400-en');
  await a.keyboard.press('Escape');
});

test('2. "My AI runs" says what it holds and how to start a run instead of offering a message box, at 390 px too', async () => {
  for (const [p, who, text, button, empty] of [
    [a, ann, 'Answers of the AI apps you run outside a chat land here', 'Browse AI apps', 'Runs you start from the store appear here.'],
    [b, bo, '这里收着你在聊天之外运行的 AI 应用的回答', '浏览 AI 应用', '你在商店里开始的运行会出现在这里。'],
  ] as const) {
    await go(p, `/workbench?tab=chats&to=0-${who.id}`);
    const panel = p.getByTestId('chat-panel');
    await expect(panel).toHaveAttribute('data-to', `0-${who.id}`, { timeout: 15_000 });
    const note = panel.getByTestId('chat-runs-note');
    await expect(note).toContainText(text);
    await expect(panel.getByTestId('chat-input')).toHaveCount(0);
    // Nor does the empty list ask him to say hello to himself.
    await expect(panel.getByTestId('chat-empty')).toContainText(empty);
    await expect(note.getByTestId('chat-runs-open-apps')).toContainText(button);
  }
  expect(await width(b)).toBeLessThanOrEqual(390);
  await shot(a, '35-2-ann-runs-note-1400-en');
  await shot(b, '35-2-bo-runs-note-390-zh');
  await clickStill(b.getByTestId('chat-runs-open-apps'));
  await expect(b).toHaveURL(/\/workflow_store\?view=apps/);
});

test('3. the join page says Bo is a member once he joined, and offers to open the team', async () => {
  const { id: teamId, key } = await apis[ann.username].post<{ id: number; key: string }>('/admin/base/group/add', { name: `Seed club ${run}`, type: 2 });
  await go(b, `/join_team?key=${key}`);
  const card = b.getByTestId('join-team-card');
  await expect(b.getByTestId('join-team-name')).toHaveText(`Seed club ${run}`, { timeout: 15_000 });
  await expect(card).toContainText('邀请你加入');
  await b.getByTestId('join-submit').click();
  await expect(b.getByTestId('join-done')).toBeVisible({ timeout: 15_000 });
  await expect(card).not.toContainText('邀请你加入');
  await expect(card.getByTestId('join-team-lead')).toHaveText('你已是成员');
  await expect(card).toContainText('2 名成员');
  expect(await width(b)).toBeLessThanOrEqual(390);
  await shot(b, '35-3-bo-joined-390-zh');

  // Coming back to the link later: still a member, not invited, with the way to the team.
  await b.reload();
  await expect(card.getByTestId('join-team-lead')).toHaveText('你已是成员', { timeout: 15_000 });
  await expect(b.getByTestId('join-reason')).toHaveAttribute('data-reason', 'member');
  await shot(b, '35-3-bo-member-again-390-zh');
  await clickStill(b.getByTestId('join-open-team'));
  await expect(b.getByTestId('team-page')).toHaveAttribute('data-team-id', String(teamId), { timeout: 15_000 });
});

test("4. the publish form's picture field names the file chosen from the file space", async () => {
  await go(a, '/space/list');
  await expect(a.getByTestId('space-browser')).toBeVisible({ timeout: 15_000 });
  await a.locator('[data-testid="space-browser"] .ant-upload input[type=file]').first().setInputFiles({ name: picture, mimeType: 'image/png', buffer: PNG });
  await expect(a.getByTestId('space-file').filter({ hasText: picture })).toBeVisible({ timeout: 20_000 });

  await go(a, '/my/info');
  await clickStill(a.getByRole('tab', { name: 'My goods' }));
  await a.getByTestId('acc-goods-publish').click();
  const field = a.getByTestId('acc-goods-form').getByTestId('file-input');
  await field.getByRole('button', { name: /Choose from space/ }).click();
  await clickStill(a.locator('.ant-modal').getByTestId('space-file').filter({ hasText: picture }));
  await clickStill(a.getByTestId('space-picker-ok'));
  await expect(field.locator('img')).toHaveAttribute('src', /^\/upload\/.+\.png$/);
  await expect(field).not.toContainText('/upload/');
  await expect(field.getByTestId('file-input-name')).toHaveText(picture);
  await shot(a, '35-4-ann-picture-named-1400-en');
});
