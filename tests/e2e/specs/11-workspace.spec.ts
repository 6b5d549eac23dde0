/**
 * The member workspace in two browsers (issue 16): two members, each in a browser context of their
 * own, signed in through the sign-in page. A friend request is accepted and a private chat works; a
 * group is made on the board, the other member added, and a message with an @mention arrives live
 * with its notification and unread badge; a draft survives switching conversations and a reload;
 * a message sent while the other member's connection is cut arrives once it is back (their browser
 * reaches the server through a TCP proxy the test cuts); desktops are made and reordered; a team
 * is joined by its key. Screenshots in en and zh-cn and at 390 px land in tests/e2e/artifacts/.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Api, base, clickStill, makeMembers, memberBrowser, shot, skipWithoutServer } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const ann = { username: `ws_ann_${run}`, nickName: `Ann ${run}`, id: 0 };
const bob = { username: `ws_bob_${run}`, nickName: `Bob ${run}`, id: 0 };
const groupName = `E2E Group ${run}`;
let groupId = 0;

test.beforeAll(async () => {
  await makeMembers([ann, bob], PASSWORD);
});

interface Opened {
  context: BrowserContext;
  page: Page;
}

/** A browser context of its own, signed in as `who` through the sign-in page at `origin`. */
async function signIn(browser: Browser, who: { username: string }, o: { origin?: string; width?: number; lang?: string } = {}): Promise<Opened> {
  const page = await memberBrowser(browser, who.username, PASSWORD, o);
  return { context: page.context(), page };
}

const go = (p: Page, path: string, origin = base()) => p.goto(origin + path);

test('a friend request is accepted live, and the two chat privately', async ({ browser }) => {
  const a = await signIn(browser, ann);
  const b = await signIn(browser, bob);
  await go(b.page, '/workbench?tab=friends');
  await expect(b.page.getByTestId('friends-view')).toBeVisible();

  await go(a.page, '/workbench?tab=friends');
  await a.page.getByTestId('friends-search-input').fill(bob.username);
  await a.page.getByTestId('friends-search-input').press('Enter');
  const found = a.page.locator(`[data-testid="friends-search-result"][data-person="${bob.id}"]`);
  await found.getByTestId('friend-add').click();
  await expect(found.getByTestId('friend-relation')).toBeVisible();

  // Bob sees the request and the bell's count without a reload.
  const request = b.page.locator(`[data-testid="friends-incoming"] [data-person="${ann.id}"]`);
  await expect(request).toBeVisible();
  await expect(b.page.getByTestId('notify-count')).toContainText('1');
  await shot(b.page, '30-workspace-friend-request');
  await request.getByTestId('friend-accept').click();

  // Ann's list holds Bob once he accepted; her chat button opens the private chat.
  const friend = a.page.locator(`[data-testid="friend-item"][data-person="${bob.id}"]`);
  await expect(friend).toBeVisible();
  await friend.getByTestId('friend-chat').click();
  await expect(a.page).toHaveURL(new RegExp(`to=0-${bob.id}`));
  await a.page.getByTestId('chat-input').fill('hello Bob, privately');
  await a.page.getByTestId('chat-input').press('Enter');
  await expect(a.page.locator('[data-testid="chat-message"][data-mine="1"]').filter({ hasText: 'hello Bob, privately' })).toBeVisible();

  await go(b.page, '/workbench?tab=chats');
  const conv = b.page.locator(`[data-testid="chat-conv-item"][data-to="0-${ann.id}"]`);
  await expect(conv.getByTestId('chat-conv-unread')).toContainText('1');
  await conv.click();
  await expect(b.page.getByTestId('chat-messages')).toContainText('hello Bob, privately');
  await b.page.getByTestId('chat-input').fill('hi Ann');
  await b.page.getByTestId('chat-input').press('Enter');
  await expect(a.page.getByTestId('chat-messages')).toContainText('hi Ann');
  await shot(a.page, '31-workspace-private-chat');
  await a.context.close();
  await b.context.close();
});

test('a group is made on the board, Bob is added, and a message with an @mention reaches him live', async ({ browser }) => {
  const a = await signIn(browser, ann);
  const b = await signIn(browser, bob);
  await go(b.page, '/workbench');
  await expect(b.page.getByTestId('board')).toBeVisible();

  await go(a.page, '/workbench');
  await a.page.getByTestId('board-create-group').first().click();
  await a.page.getByTestId('board-create-name').fill(groupName);
  const tile = a.page.locator(`[data-group-name="${groupName}"]`);
  const submit = a.page.getByTestId('board-create-submit');
  await clickStill(submit);
  // Once in a full CI run the dialog stayed open with no group made and no error shown (a lost click,
  // not reproduced in reruns): while the dialog is open and idle with no tile, press Create again. A
  // pending create keeps the button loading, so this cannot make the group twice.
  await expect(async () => {
    if (!(await tile.isVisible()) && (await submit.isVisible()) && !(await submit.getAttribute('class'))?.includes('ant-btn-loading')) await submit.click();
    await expect(tile).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  groupId = Number(((await tile.getAttribute('data-testid')) ?? '').replace('board-tile-', ''));
  expect(groupId).toBeGreaterThan(0);

  await a.page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(a.page.getByTestId('board-tile-action-addPeople'));
  await a.page.getByTestId(`board-people-${bob.id}`).locator('input[type="checkbox"]').check();
  await clickStill(a.page.getByTestId('board-people-ok'));
  await expect(a.page.locator(`[data-testid="board-grid-${groupId}"] [data-testid="board-cell"][data-user-id="${bob.id}"]`)).toBeVisible();

  // Bob's board shows the group once he was added, with Ann online in it.
  const bobTile = b.page.getByTestId(`board-tile-${groupId}`);
  await expect(bobTile).toBeVisible();
  await expect(bobTile.locator(`[data-testid="board-cell"][data-user-id="${ann.id}"]`)).toHaveAttribute('data-online', '1');

  // Ann writes from the board's chat drawer, picking Bob from the @mention list.
  await a.page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(a.page.getByTestId('board-tile-action-chat'));
  const input = a.page.getByTestId('board-chat').getByTestId('chat-input');
  await input.fill('@Bob');
  await clickStill(a.page.locator(`[data-testid="chat-mention-option"][data-user-id="${bob.id}"]`));
  await input.pressSequentially('please look');
  await input.press('Enter');
  await expect(a.page.getByTestId('board-chat').locator('[data-testid="chat-message"][data-mine="1"]')).toContainText('please look');
  await shot(a.page, '32-workspace-board-chat');

  // Bob: the tile's unread badge and the bell, then the mention opens the group's chat.
  await expect(b.page.getByTestId(`board-tile-unread-${groupId}`)).toContainText('1');
  await expect(b.page.getByTestId('notify-count')).toBeVisible();
  await shot(b.page, '33-workspace-board-unread');
  await b.page.getByTestId('notify-bell').click();
  const mention = b.page.locator('[data-testid="notify-item"][data-read="0"]').filter({ hasText: 'please look' });
  await expect(mention).toBeVisible();
  await clickStill(mention);
  await expect(b.page).toHaveURL(new RegExp(`to=1-${groupId}`));
  await expect(b.page.getByTestId('chat-messages')).toContainText('please look');
  await a.context.close();
  await b.context.close();
});

test("the owner turns the group's AI replies off in its settings, on a phone", async ({ browser }) => {
  const a = await signIn(browser, ann, { width: 390 });
  await go(a.page, '/workbench');
  await a.page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(a.page.getByTestId('board-tile-action-settings'));
  const cap = a.page.getByTestId('board-settings-ai-cap').locator('xpath=descendant-or-self::input').first();
  await expect(cap).toHaveValue('3');
  await cap.fill('0');
  await clickStill(a.page.getByTestId('board-settings-save'));
  await expect(a.page.locator('.ant-message-success')).toBeVisible();
  // The board reads its groups again after the save: the form shows what was stored.
  await expect(cap).toHaveValue('0');
  await shot(a.page, '36-workspace-group-ai-cap-390');
  const admin = await Api.admin();
  await expect.poll(async () => (await admin.get<{ aiReplyCap: number }>(`/admin/base/group/info?id=${groupId}`)).aiReplyCap).toBe(0);
  await a.context.close();
});

test('a draft survives switching conversations and a reload', async ({ browser }) => {
  const b = await signIn(browser, bob);
  await go(b.page, `/workbench?tab=chats&to=1-${groupId}`);
  await b.page.getByTestId('chat-input').fill('half a thought');
  await b.page.locator(`[data-testid="chat-conv-item"][data-to="0-${ann.id}"]`).click();
  await expect(b.page.getByTestId('chat-input')).toHaveValue('');
  await b.page.locator(`[data-testid="chat-conv-item"][data-to="1-${groupId}"]`).click();
  await expect(b.page.getByTestId('chat-input')).toHaveValue('half a thought');
  await b.page.reload();
  await expect(b.page.getByTestId('chat-input')).toHaveValue('half a thought');
  await b.context.close();
});

/** A TCP proxy to the server whose connections the test can cut (a network failure) and let through again. */
async function cuttableProxy(): Promise<{ origin: string; cut(): void; heal(): void; close(): Promise<void> }> {
  const target = new URL(base());
  const open = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    open.add(client);
    open.add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    heal() {
      down = false;
    },
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}

test('a message sent while the connection is cut arrives once it is back', async ({ browser }) => {
  const proxy = await cuttableProxy();
  try {
    const a = await signIn(browser, ann);
    const b = await signIn(browser, bob, { origin: proxy.origin });
    await go(b.page, `/workbench?tab=chats&to=1-${groupId}`, proxy.origin);
    await expect(b.page.getByTestId('chat-messages')).toContainText('please look');
    await expect(b.page.getByTestId('ws-connection')).toHaveCount(0);

    proxy.cut();
    await expect(b.page.getByTestId('ws-connection')).toBeVisible();
    await expect(b.page.getByTestId('chat-offline')).toBeVisible();
    await shot(b.page, '34-workspace-offline');

    await go(a.page, `/workbench?tab=chats&to=1-${groupId}`);
    await a.page.getByTestId('chat-input').fill('sent while you were away');
    await a.page.getByTestId('chat-input').press('Enter');
    await expect(a.page.locator('[data-testid="chat-message"][data-mine="1"]').filter({ hasText: 'sent while you were away' })).toBeVisible();
    await expect(b.page.getByTestId('chat-messages')).not.toContainText('sent while you were away');

    proxy.heal();
    await expect(b.page.getByTestId('ws-connection')).toHaveCount(0, { timeout: 20_000 });
    await expect(b.page.getByTestId('chat-messages')).toContainText('sent while you were away');
    await a.context.close();
    await b.context.close();
  } finally {
    await proxy.close();
  }
});

test('desktops are made and reordered, and the order is kept', async ({ browser }) => {
  const a = await signIn(browser, ann);
  await go(a.page, '/workbench');
  for (const name of ['Alpha', 'Beta']) {
    await a.page.getByTestId('board-desktop-add').click();
    await a.page.getByTestId('board-desktop-name').fill(`${name} ${run}`);
    await clickStill(a.page.getByTestId('board-desktop-name-ok'));
    await expect(a.page.locator(`[data-desktop-name="${name} ${run}"]`)).toBeVisible();
  }
  const order = () =>
    a.page.locator('[data-testid="board-desktops"] [data-desktop-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-desktop-name')));
  expect((await order()).filter((n) => n?.endsWith(run))).toEqual([`Alpha ${run}`, `Beta ${run}`]);
  const beta = ((await a.page.locator(`[data-desktop-name="Beta ${run}"]`).getAttribute('data-testid')) ?? '').replace('board-desktop-', '');
  await a.page.getByTestId(`board-desktop-menu-${beta}`).click();
  await clickStill(a.page.getByTestId('board-desktop-left'));
  await expect.poll(async () => (await order()).filter((n) => n?.endsWith(run))).toEqual([`Beta ${run}`, `Alpha ${run}`]);
  await a.page.reload();
  await expect.poll(async () => (await order()).filter((n) => n?.endsWith(run))).toEqual([`Beta ${run}`, `Alpha ${run}`]);
  await shot(a.page, '35-workspace-desktops');
  await a.context.close();
});

test('a team is made and joined by its key, on a phone and in Chinese', async ({ browser }) => {
  const a = await signIn(browser, ann, { lang: 'zh-cn' });
  await go(a.page, '/workbench?tab=teams');
  await a.page.getByTestId('teams-create').click();
  await a.page.getByTestId('team-create-name').fill(`E2E Team ${run}`);
  await clickStill(a.page.getByTestId('team-create-submit'));
  await expect(a.page.getByTestId('team-page')).toBeVisible();
  const key = ((await a.page.getByTestId('team-invite-key').textContent()) ?? '').trim();
  expect(key.length).toBeGreaterThan(3);
  await shot(a.page, '36-workspace-team-zh-cn');

  const b = await signIn(browser, bob, { width: 390, lang: 'zh-cn' });
  await go(b.page, `/join_team?key=${encodeURIComponent(key)}`);
  await expect(b.page.getByTestId('join-team-name')).toContainText(`E2E Team ${run}`);
  await b.page.getByTestId('join-submit').click();
  await expect(b.page.getByTestId('join-done')).toBeVisible();
  await shot(b.page, '37-workspace-join-390-zh-cn');
  await expect(a.page.locator(`[data-testid="team-member"][data-user-id="${bob.id}"]`)).toBeVisible();

  // The board and the chats at 390 px.
  await go(b.page, '/workbench');
  await expect(b.page.getByTestId(`board-tile-${groupId}`)).toBeVisible();
  await shot(b.page, '38-workspace-board-390-zh-cn');
  await go(b.page, `/workbench?tab=chats&to=1-${groupId}`);
  await expect(b.page.getByTestId('chat-panel')).toBeVisible();
  await shot(b.page, '39-workspace-chat-390-zh-cn');
  await a.context.close();
  await b.context.close();
});
