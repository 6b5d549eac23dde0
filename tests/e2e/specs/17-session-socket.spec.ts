/**
 * The socket follows the session (issue 35, 000 §4): signing out closes the tab's socket; a session
 * ended elsewhere (a logout through the API with this tab's token) ends it in the tab too, back to
 * the sign-in page with the session cleared; a reload with both tokens expired clears the token and
 * user info; a console-only session connects a socket too. Sockets are watched through Playwright's
 * websocket events.
 */
import { test, expect, type Browser, type Page, type WebSocket } from '@playwright/test';
import { Api, base, shot, skipWithoutServer, submitLogin, uiLogin } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const cat = { username: `ss_cat_${run}`, nickName: `Cat ${run}` };

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  await admin.post('/admin/base/sys/user/add', { username: cat.username, password: PASSWORD, nickName: cat.nickName, roleIdList: [member.id] });
});

/** Every socket.io websocket the page opens, from now on. */
function watchSockets(page: Page): WebSocket[] {
  const list: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io')) list.push(ws);
  });
  return list;
}

const open = (list: WebSocket[]) => list.filter((ws) => !ws.isClosed()).length;
const stored = (page: Page) => page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('userInfo') }));

async function member(browser: Browser, o: { width?: number; lang?: string } = {}): Promise<{ page: Page; sockets: WebSocket[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: o.width ?? 1400, height: 860 } });
  const page = await context.newPage();
  const sockets = watchSockets(page);
  await page.goto(`${base()}/login`);
  if (o.lang) {
    await page.evaluate((l) => localStorage.setItem('lang', l), o.lang);
    await page.reload();
  }
  await submitLogin(page, cat.username, PASSWORD);
  await expect(page).toHaveURL(/\/workbench/, { timeout: 20_000 });
  await expect.poll(() => open(sockets), { timeout: 20_000 }).toBe(1);
  return { page, sockets, close: () => context.close() };
}

test('signing out closes the socket', async ({ browser }) => {
  const m = await member(browser);
  // A page load opens the socket of the new page (the old page's is not reported closed: watch the new one).
  const before = m.sockets.length;
  await m.page.goto(`${base()}/my/info`);
  await expect.poll(() => m.sockets.length > before && !m.sockets.at(-1)!.isClosed(), { timeout: 20_000 }).toBe(true);
  await m.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(m.page).toHaveURL(/\/login/);
  await expect.poll(() => m.sockets.at(-1)!.isClosed()).toBe(true);
  // One's own sign-out is not announced as a session ended elsewhere.
  await expect(m.page.getByText('You have been signed out')).toHaveCount(0);
  expect((await stored(m.page)).token).toBeNull();
  await m.close();
});

test('a session ended elsewhere ends it in the tab: sign-in page, session cleared, socket closed', async ({ browser }) => {
  const m = await member(browser);
  const { token } = await stored(m.page);
  await new Api(token!.replace(/"/g, '')).post('/admin/base/comm/logout', {});
  await expect(m.page).toHaveURL(/\/login/);
  // The notice is a toast that closes after a few seconds: read it (and picture it) before the slower checks.
  await expect(m.page.getByText('You have been signed out, please log in again')).toBeVisible();
  await shot(m.page, 'session-ended-signin');
  await expect.poll(async () => stored(m.page)).toEqual({ token: null, user: null });
  await expect.poll(() => open(m.sockets)).toBe(0);
  await m.close();
});

test('the same in Chinese on a phone', async ({ browser }) => {
  const m = await member(browser, { width: 390, lang: 'zh-cn' });
  const { token } = await stored(m.page);
  await new Api(token!.replace(/"/g, '')).post('/admin/base/comm/logout', {});
  await expect(m.page.getByText('您已退出登录，请重新登录')).toBeVisible();
  await expect(m.page).toHaveURL(/\/login/);
  await shot(m.page, 'session-ended-signin-zh-390');
  await m.close();
});

test('a reload with both tokens expired clears the token and user info', async ({ browser }) => {
  const m = await member(browser);
  await m.page.evaluate(() => {
    localStorage.setItem('tokenExpire', '1');
    localStorage.setItem('refreshTokenExpire', '1');
  });
  await m.page.reload();
  await expect(m.page).toHaveURL(/\/login/);
  await expect.poll(async () => stored(m.page)).toEqual({ token: null, user: null });
  await m.close();
});

test('a console-only session connects a socket too', async ({ page }) => {
  const sockets = watchSockets(page);
  await uiLogin(page);
  await expect.poll(() => open(sockets), { timeout: 20_000 }).toBe(1);
});
