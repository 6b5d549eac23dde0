/**
 * Chat that members expect (issue 40), two members at once: Kai (English, 1400 px, the group's
 * owner) and Lin (简体中文, a 390 px phone). Lin sees Kai typing; Lin replies to Kai's message and
 * the quote jumps back to it; Kai edits his message and Lin sees it edited; both react and see the
 * count; Kai pins a message and Lin finds it in the pinned bar; Lin recalls her message and Kai
 * sees it recalled; Up edits the last message; Lin mutes the group. Screenshots of each state land
 * in tests/e2e/artifacts/.
 */
import { test, expect, type Page } from '@playwright/test';
import { Api, go, makeMembers, memberBrowser, pageWidth, shot, skipWithoutServer } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const kai = { username: `cc_kai_${run}`, nickName: `Kai ${run}`, id: 0 };
const lin = { username: `cc_lin_${run}`, nickName: `小林 ${run}`, id: 0 };
const groupName = `Launch crew ${run}`;
let groupId = 0;
let k: Page; // Kai, English, 1400 px
let l: Page; // Lin, zh-cn, 390 px

test.afterAll(async () => {
  await k?.context().close();
  await l?.context().close();
});

const bubble = (p: Page, text: string) => p.getByTestId('chat-message').filter({ hasText: text });

async function openGroup(p: Page): Promise<void> {
  await go(p, `/workbench?tab=chats&to=1-${groupId}`);
  await expect(p.getByTestId('chat-title')).toContainText(groupName, { timeout: 15_000 });
}

/** Opens a message's "⋯" menu (shown on hover with a mouse, always on a phone). */
async function menuOf(p: Page, text: string): Promise<void> {
  const row = bubble(p, text);
  await row.hover();
  await row.getByTestId('chat-more').click();
  await expect(p.getByTestId('chat-actions-menu').filter({ visible: true })).toBeVisible();
}

test('1. Lin sees Kai typing, answers his message with a reply, and its quote jumps back to it', async ({ browser }) => {
  await makeMembers([kai, lin], PASSWORD);
  const kaiApi = await Api.login(kai.username, PASSWORD);
  groupId = Number((await kaiApi.post<{ id: number }>('/admin/base/group/add', { name: groupName })).id);
  await kaiApi.post('/admin/base/groupMember/add', { groupId, userId: lin.id });
  k = await memberBrowser(browser, kai.username, PASSWORD);
  l = await memberBrowser(browser, lin.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await openGroup(k);
  await openGroup(l);

  await k.getByTestId('chat-input').fill('Who has the launch checklist?');
  await expect(l.getByTestId('chat-typing')).toContainText(`Kai ${run} 正在输入`, { timeout: 10_000 });
  await shot(l, '41c-1-lin-sees-typing-390-zh');
  await k.getByTestId('chat-input').press('Enter');
  await expect(bubble(l, 'Who has the launch checklist?')).toBeVisible();
  await expect(l.getByTestId('chat-typing')).toHaveAttribute('data-count', '0');

  await menuOf(l, 'Who has the launch checklist?');
  await l.getByRole('menuitem', { name: '回复' }).click();
  await expect(l.getByTestId('chat-reply-bar')).toContainText('Who has the launch checklist?');
  await l.getByTestId('chat-input').fill('我有，项目清单在共享盘');
  await l.getByTestId('chat-input').press('Enter');
  await expect(l.getByTestId('chat-reply-bar')).toHaveCount(0);
  const answer = bubble(k, '我有，项目清单在共享盘');
  await expect(answer.getByTestId('chat-quote')).toContainText('Who has the launch checklist?');
  expect(await pageWidth(l)).toBeLessThanOrEqual(390);
  await shot(l, '41c-1-lin-replied-390-zh');
  await shot(k, '41c-1-kai-sees-reply-1400-en');
  await answer.getByTestId('chat-quote').click();
  await expect(k.locator('.chat-msg.chat-flash')).toContainText('Who has the launch checklist?');
});

test('2. Kai edits his message with Up and Enter; Lin sees it edited', async () => {
  await k.getByTestId('chat-input').fill('Launch at 10:00');
  await k.getByTestId('chat-input').press('Enter');
  await expect(bubble(l, 'Launch at 10:00')).toBeVisible();
  await k.getByTestId('chat-input').press('ArrowUp');
  await expect(k.getByTestId('chat-editing-bar')).toBeVisible();
  await expect(k.getByTestId('chat-input')).toHaveValue('Launch at 10:00');
  await k.getByTestId('chat-input').fill('Launch at 10:30');
  await shot(k, '41c-2-kai-editing-1400-en');
  await k.getByTestId('chat-input').press('Enter');
  await expect(k.getByTestId('chat-editing-bar')).toHaveCount(0);
  await expect(k.getByTestId('chat-input')).toHaveValue('');
  const edited = bubble(l, 'Launch at 10:30');
  await expect(edited.getByTestId('chat-edited')).toHaveText('已编辑');
  await expect(bubble(l, 'Launch at 10:00')).toHaveCount(0);
  // Esc leaves an edit without saving.
  await k.getByTestId('chat-input').press('ArrowUp');
  await k.getByTestId('chat-input').fill('never sent');
  await k.getByTestId('chat-input').press('Escape');
  await expect(k.getByTestId('chat-editing-bar')).toHaveCount(0);
  await expect(bubble(k, 'never sent')).toHaveCount(0);
  await shot(l, '41c-2-lin-sees-edited-390-zh');
});

test('3. both react; each sees the count and who reacted, and a second press takes it back', async () => {
  await menuOf(l, 'Launch at 10:30');
  await l.locator('[data-testid="chat-react-pick"][data-emoji="celebrate"]').click();
  const onKai = bubble(k, 'Launch at 10:30').locator('[data-testid="chat-reaction"][data-emoji="celebrate"]');
  await expect(onKai).toHaveAttribute('data-count', '1');
  await onKai.click();
  await expect(onKai).toHaveAttribute('data-count', '2');
  const onLin = bubble(l, 'Launch at 10:30').locator('[data-testid="chat-reaction"][data-emoji="celebrate"]');
  await expect(onLin).toHaveAttribute('data-count', '2');
  await expect(onLin).toHaveAttribute('aria-pressed', 'true');
  await shot(l, '41c-3-lin-reactions-390-zh');
  await shot(k, '41c-3-kai-reactions-1400-en');
  await onLin.click();
  await expect(onKai).toHaveAttribute('data-count', '1');
});

test('4. Kai pins a message; Lin finds it in the pinned bar and jumps to it', async () => {
  await menuOf(k, 'Launch at 10:30');
  await k.getByRole('menuitem', { name: 'Pin' }).click();
  await expect(l.getByTestId('chat-pinned-bar')).toContainText('Launch at 10:30', { timeout: 10_000 });
  await expect(bubble(l, 'Launch at 10:30')).toHaveAttribute('data-pinned', '1');
  await l.getByTestId('chat-pinned-bar').click();
  await expect(l.getByTestId('chat-pin-item')).toHaveCount(1);
  await shot(l, '41c-4-lin-pins-390-zh');
  await l.getByTestId('chat-pin-item').locator('.chat-pin-open').click();
  await expect(l.locator('.chat-msg.chat-flash')).toContainText('Launch at 10:30');
  // Lin is no owner or deputy: her menu offers no pin.
  await menuOf(l, 'Launch at 10:30');
  await expect(l.getByRole('menuitem', { name: '置顶' })).toHaveCount(0);
  await l.keyboard.press('Escape');
});

test('5. Lin recalls her message; both see it recalled and its quote says so', async () => {
  await l.getByTestId('chat-input').fill('oops, wrong chat');
  await l.getByTestId('chat-input').press('Enter');
  await expect(bubble(k, 'oops, wrong chat')).toBeVisible();
  await menuOf(l, 'oops, wrong chat');
  await l.getByRole('menuitem', { name: '撤回' }).click();
  await l.getByTestId('chat-recall-ok').click();
  await expect(l.getByTestId('chat-recalled').filter({ hasText: '你撤回了一条消息' })).toBeVisible();
  await expect(k.getByTestId('chat-recalled').filter({ hasText: `小林 ${run} recalled a message` })).toBeVisible();
  await expect(bubble(k, 'oops, wrong chat')).toHaveCount(0);
  await shot(k, '41c-5-kai-sees-recalled-1400-en');
  await shot(l, '41c-5-lin-recalled-390-zh');
  // Kai's chat list says so too.
  await go(k, '/workbench?tab=chats');
  await expect(k.getByTestId('chat-conv-item').filter({ hasText: groupName }).getByTestId('chat-conv-preview')).toContainText('[Recalled]');
});

test('6. Lin mutes the group: the badge of the workspace stays quiet, the conversation still counts', async () => {
  await l.getByTestId('chat-mute').click();
  await expect(l.getByTestId('chat-mute')).toHaveAttribute('data-muted', '1');
  await go(l, '/workbench?tab=chats');
  await expect(l.getByTestId('chat-conv-item').filter({ hasText: groupName }).locator('.chat-muted-icon')).toBeVisible();
  await shot(l, '41c-6-lin-muted-390-zh');
  expect(await pageWidth(l)).toBeLessThanOrEqual(390);
});

test('7. both search: Kai finds a two-character Chinese word, Lin an English one, neither the recalled message', async () => {
  await go(k, `/workbench?tab=chats&to=1-${groupId}`);
  await k.getByTestId('chat-search-open').click();
  await k.getByTestId('chat-search-input').fill('清单');
  const found = k.getByTestId('chat-search-result');
  await expect(found).toHaveCount(1, { timeout: 10_000 });
  await expect(found).toContainText('我有，项目清单在共享盘');
  await shot(k, '41c-7-kai-search-zh-1400-en');
  await found.click();
  await expect(k.locator('.chat-msg.chat-flash')).toContainText('项目清单');

  await go(l, `/workbench?tab=chats&to=1-${groupId}`);
  await l.getByTestId('chat-search-open').click();
  await l.getByTestId('chat-search-input').fill('launch');
  await expect(l.getByTestId('chat-search-result')).toHaveCount(2, { timeout: 10_000 });
  await l.getByTestId('chat-search-input').fill('wrong chat');
  await expect(l.getByTestId('chat-search-empty')).toBeVisible({ timeout: 10_000 });
  await l.getByTestId('chat-search-input').fill('10:30');
  await expect(l.getByTestId('chat-search-result')).toHaveCount(1, { timeout: 10_000 });
  expect(await pageWidth(l)).toBeLessThanOrEqual(390);
  await shot(l, '41c-7-lin-search-390-zh');
  await l.getByTestId('chat-search-result').click();
  await expect(l.locator('.chat-msg.chat-flash')).toContainText('Launch at 10:30');
});
