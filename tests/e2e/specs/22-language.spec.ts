/**
 * A member's language is kept on the account (issue 35): a member switches to 简体中文 in one
 * browser; in a fresh browser (English by default) the workspace is Chinese once they sign in, and
 * a friend request sent to them arrives with a Chinese title. Screenshots in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, clickStill, makeMembers, shot, signInPage, signInToWorkspace, skipWithoutServer } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const ann = { username: `lang_ann_${run}`, nickName: `Ann ${run}`, id: 0 };
const bob = { username: `lang_bob_${run}`, nickName: `Bob ${run}`, id: 0 };

test.beforeAll(async () => {
  await makeMembers([ann, bob], PASSWORD);
});

/** A fresh browser context (English, nothing stored), signed in as `who` through the sign-in page. */
async function signIn(browser: Browser, who: { username: string }, width = 1400): Promise<Page> {
  const page = await signInPage(browser, { width });
  await expect(page.getByTestId('lang-switch')).toContainText('English');
  await signInToWorkspace(page, who.username, PASSWORD);
  return page;
}

test("a member's switch to 简体中文 follows them to a fresh browser, and notifications arrive in Chinese", async ({ browser }) => {
  const first = await signIn(browser, ann);
  await expect(first.getByTestId('lang-switch')).toContainText('English');
  await first.getByTestId('lang-switch').click();
  await clickStill(first.getByRole('menuitem', { name: '简体中文' }));
  await expect(first.getByTestId('lang-switch')).toContainText('简体中文');
  // The account has it once the switch's save has landed.
  const annApi = await Api.login(ann.username, PASSWORD);
  await expect.poll(async () => (await annApi.get<{ language: string | null }>('/admin/base/comm/person')).language).toBe('zh-cn');
  await first.context().close();

  const again = await signIn(browser, ann);
  await expect(again.getByTestId('lang-switch')).toContainText('简体中文');
  await expect(again.locator('html')).toHaveAttribute('lang', 'zh-cn');
  await shot(again, '22-language-fresh-browser-zh-cn');

  // Bob, whose browser is English, asks Ann to be friends: her notification is in Chinese.
  await (await Api.login(bob.username, PASSWORD)).post('/admin/base/friend/add', { friendId: ann.id });
  await expect(again.getByTestId('notify-count')).toContainText('1');
  await again.getByTestId('notify-bell').click();
  await expect(again.getByTestId('notify-item').first()).toContainText('好友申请');
  await shot(again, '22-language-notification-zh-cn');
  await again.context().close();

  // At 390 px the page is Chinese too.
  const phone = await signIn(browser, ann, 390);
  await expect(phone.getByTestId('lang-switch')).toContainText('简体中文');
  await shot(phone, '22-language-zh-cn-390');
  await phone.context().close();
});
