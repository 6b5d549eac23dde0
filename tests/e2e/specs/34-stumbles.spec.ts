/**
 * Stumbles found walking issue 35's journeys, each checked as the person sees it: Ann in English at
 * 1400 px, Bo in 简体中文 at 390 px (accounts the administrator made, so with no language stored).
 * - Bo's account records the language he uses, so his notices come in Chinese; a later browser's
 *   choice still rules its pages.
 * - A friend request's notice is read once answered, here or on another device: the bell drops live,
 *   and its toast closes.
 * - An open group chat learns of a member added (or renamed) meanwhile: count, @ picker, names.
 * - The desktop bar's add button and the composer's ⚡ button say what they do, on the phone too.
 * Screenshots land in tests/e2e/artifacts/.
 */
import { test, expect, type Page } from '@playwright/test';
import { Api, clickStill, shot, skipWithoutServer, memberBrowser, go, nav, pageWidth as width } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const ann = { username: `st_ann_${run}`, nickName: `Ann ${run}`, id: 0 };
const bo = { username: `st_bo_${run}`, nickName: `Bo ${run}`, id: 0 };
const cy = { username: `st_cy_${run}`, nickName: `Cy ${run}`, id: 0 };
const dee = { username: `st_dee_${run}`, nickName: `Dee ${run}`, id: 0 };
let a: Page; // Ann, English, 1400 px
let b: Page; // Bo, zh-cn, 390 px
const apis: Record<string, Api> = {};

const language = async (who: { username: string }) => (await apis[who.username].get<{ language: string | null }>('/admin/base/comm/person')).language;

test.afterAll(async () => {
  await a?.context().close();
  await b?.context().close();
});

test("1. accounts the administrator made record the language their member uses: Bo's friend request arrives in Chinese", async ({ browser }) => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [ann, bo, cy, dee]) {
    const made = await admin.post<{ id: number }>('/admin/base/sys/user/add', {
      username: u.username,
      password: PASSWORD,
      nickName: u.nickName,
      roleIdList: [member.id],
    });
    u.id = Number(made.id);
    apis[u.username] = await Api.login(u.username, PASSWORD);
    expect(await language(u)).toBeNull();
  }
  a = await memberBrowser(browser, ann.username, PASSWORD);
  b = await memberBrowser(browser, bo.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await expect(nav(b, 'chats')).toContainText('聊天');
  await expect.poll(() => language(bo)).toBe('zh-cn');
  await expect.poll(() => language(ann)).toBe('en');

  // Ann asks Bo from her Friends tab; Bo's bell counts it, in Chinese.
  await clickStill(nav(b, 'friends'));
  await clickStill(nav(a, 'friends'));
  await a.getByTestId('friends-search-input').fill(bo.username);
  await a.getByTestId('friends-search-input').press('Enter');
  const found = a.locator(`[data-testid="friends-search-result"][data-person="${bo.id}"]`);
  await found.getByTestId('friend-add').click();
  await expect(found.getByTestId('friend-relation')).toBeVisible();
  await expect(b.getByTestId('notify-count')).toContainText('1');
  // The request's toast shows below the top bar: on the phone it does not cover the bell (it did,
  // and a pointer resting on a toast keeps it open).
  const toast = b.locator('.soc-toast').first();
  await expect(toast).toBeVisible();
  const [toastBox, bellBox] = [await toast.boundingBox(), await b.getByTestId('notify-bell').boundingBox()];
  expect(toastBox!.y).toBeGreaterThanOrEqual(bellBox!.y + bellBox!.height);
  await b.getByTestId('notify-bell').click();
  await expect(b.getByTestId('notify-item').first()).toContainText('好友申请');
  await shot(b, '34-1-bo-request-zh-390');
  await b.keyboard.press('Escape');
});

test('2. answering a friend request reads its notice: the bell drops at once, whether answered here or on another device', async () => {
  const badge = b.getByTestId('notify-count').locator('.ant-badge-count');
  const request = b.locator(`[data-testid="friends-incoming"] [data-person="${ann.id}"]`);
  await expect(request).toContainText(ann.nickName);
  await request.getByTestId('friend-accept').click();
  await expect(b.locator(`[data-testid="friend-item"][data-person="${ann.id}"]`)).toContainText(ann.nickName);
  await expect(badge).toHaveCount(0);
  await shot(b, '34-2-bo-accepted-bell-clear-zh-390');

  // Cy asks too; Bo refuses on another device (the API): this page's bell follows without a reload.
  const { id: rowId } = await apis[cy.username].post<{ id: number }>('/admin/base/friend/add', { friendId: bo.id });
  await expect(badge).toContainText('1');
  const fromCy = b.locator(`[data-testid="friends-incoming"] [data-person="${cy.id}"]`);
  await expect(fromCy).toContainText(cy.nickName);
  const toast = b.locator('.soc-toast').filter({ hasText: cy.nickName });
  await expect(toast).toBeVisible();
  await apis[bo.username].post('/admin/base/friend/update', { id: rowId, status: 2 });
  await expect(badge).toHaveCount(0);
  // Its toast goes with it, well before its own 4 s are up: no answered request stays stacked on the Friends header.
  await expect(toast).toHaveCount(0, { timeout: 1500 });
  // The request is gone from his Friends tab too: no 同意 button left that the server would refuse.
  await expect(fromCy).toHaveCount(0);
  const unread = await apis[bo.username].page<{ id: number }>('/admin/base/notify', { status: 0 });
  expect(unread.list).toEqual([]);
  expect(await width(b)).toBeLessThanOrEqual(390);
  await b
    .locator('.soc-toast .ant-notification-notice-close')
    .click()
    .catch(() => undefined);
  await shot(b, '34-2-bo-refused-elsewhere-zh-390');
});

test('3. an open group chat learns of a member added meanwhile: count, @ picker and names, for every member with it open', async () => {
  const annApi = apis[ann.username];
  const { id: groupId } = await annApi.post<{ id: number }>('/admin/base/group/add', { name: `Walkers ${run}` });
  await annApi.post('/admin/base/groupMember/add', { groupId, userId: bo.id });
  await go(a, `/workbench?tab=chats&to=1-${groupId}`);
  await go(b, `/workbench?tab=chats&to=1-${groupId}`);
  for (const p of [a, b]) await expect(p.getByTestId('chat-title')).toContainText(`Walkers ${run}`);
  await expect(a.getByTestId('chat-panel')).toContainText('2 members');
  await expect(b.getByTestId('chat-panel')).toContainText('2 位成员');

  // Ann adds Cy (here through her API, as from her board); both open chats follow without a reload.
  const { id: cyRow } = await annApi.post<{ id: number }>('/admin/base/groupMember/add', { groupId, userId: cy.id });
  await expect(a.getByTestId('chat-panel')).toContainText('3 members');
  await expect(b.getByTestId('chat-panel')).toContainText('3 位成员');
  for (const p of [a, b]) {
    await p.getByTestId('chat-input').fill('@Cy');
    await expect(p.locator(`[data-testid="chat-mention-option"][data-user-id="${cy.id}"]`)).toContainText(cy.nickName);
  }
  await shot(a, '34-3-ann-mention-new-member-en-1400');
  await shot(b, '34-3-bo-mention-new-member-zh-390');
  for (const p of [a, b]) await p.getByTestId('chat-input').fill('');

  // Cy writes, then takes a name for this group: the open chats name the message anew.
  await apis[cy.username].post('/admin/base/message/add', { toType: 1, toId: groupId, content: { text: 'Hello walkers!' }, clientId: `cy-${run}` });
  const fromCy = (p: Page) => p.locator('[data-testid="chat-message"][data-mine="0"]').filter({ hasText: 'Hello walkers!' });
  for (const p of [a, b]) await expect(fromCy(p).locator('.chat-msg-name')).toHaveText(cy.nickName);
  await apis[cy.username].post('/admin/base/groupMember/updateMemberInfo', { memberId: cyRow, name: `Trail Cy ${run}` });
  for (const p of [a, b]) await expect(fromCy(p).locator('.chat-msg-name')).toHaveText(`Trail Cy ${run}`);
  expect(await width(b)).toBeLessThanOrEqual(390);
  await shot(a, '34-3-ann-renamed-member-en-1400');
  await shot(b, '34-3-bo-renamed-member-zh-390');
});

test("4. the composer's ⚡ button says it runs an AI app, on the phone too", async () => {
  const enButton = a.getByRole('button', { name: 'Run an AI app' });
  await expect(enButton).toBeVisible();
  await expect(enButton).toHaveText('AI app');
  const zhButton = b.getByRole('button', { name: '运行 AI 应用' });
  await expect(zhButton).toBeVisible();
  await expect(zhButton).toHaveText('AI 应用');
  const box = await b.getByTestId('chat-composer').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await width(b)).toBeLessThanOrEqual(390);
  await shot(a, '34-4-ann-composer-en-1400');
  await shot(b, '34-4-bo-composer-zh-390');
});

test("5. the desktop bar's add button is named and labelled, on the phone too", async () => {
  await clickStill(nav(a, 'board'));
  await clickStill(nav(b, 'board'));
  const enAdd = a.getByRole('button', { name: 'New desktop' });
  await expect(enAdd).toBeVisible();
  await expect(enAdd).toHaveText('Desktop');
  const zhAdd = b.getByRole('button', { name: '新建桌面' });
  await expect(zhAdd).toBeVisible();
  await expect(zhAdd).toHaveText('桌面');
  const box = await zhAdd.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await width(b)).toBeLessThanOrEqual(390);
  await shot(a, '34-5-ann-desktop-bar-en-1400');
  await shot(b, '34-5-bo-desktop-bar-zh-390');
  await clickStill(zhAdd);
  await expect(b.locator('.ant-modal-title').filter({ hasText: '新建桌面' })).toBeVisible();
  await shot(b, '34-5-bo-new-desktop-dialog-zh-390');
  await b.keyboard.press('Escape');
});

test('6. a later choice in a browser rules its pages: Dee signs in first in English, later in Chinese, and her notices follow', async ({ browser }) => {
  const first = await memberBrowser(browser, dee.username, PASSWORD);
  await expect(nav(first, 'chats')).toContainText('Chats');
  await expect.poll(() => language(dee)).toBe('en');
  await first.context().close();

  const later = await memberBrowser(browser, dee.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await expect(nav(later, 'chats')).toContainText('聊天');
  await expect(later.locator('html')).toHaveAttribute('lang', 'zh-cn');
  await expect.poll(() => language(dee)).toBe('zh-cn');
  // Still Chinese after a reload: the account never overrules this browser's choice.
  await later.reload();
  await expect(nav(later, 'chats')).toContainText('聊天');
  await apis[cy.username].post('/admin/base/friend/add', { friendId: dee.id });
  await expect(later.getByTestId('notify-count')).toContainText('1');
  await later.getByTestId('notify-bell').click();
  await expect(later.getByTestId('notify-item').first()).toContainText('好友申请');
  await shot(later, '34-6-dee-later-chinese-zh-390');
  await later.context().close();
});
