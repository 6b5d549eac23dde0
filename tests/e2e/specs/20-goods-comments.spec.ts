/**
 * Comments on goods (issue 35): a member publishes one goods with comments allowed and one with
 * them refused through the personal centre's form (the "Allow comments" switch); another member
 * comments on the first and sees the comment, and finds no comment box on the second, also in
 * Chinese at 390 px. Neither goods sells a workflow: comments are keyed by the goods id.
 * Screenshots in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, base, shot, skipWithoutServer, memberBrowser } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const seller = { username: `gc_sela_${run}`, nickName: `Sela ${run}` };
const fan = { username: `gc_finn_${run}`, nickName: `Finn ${run}` };
const open = { id: 0, title: `Talkative goods ${run}` };
const closed = { id: 0, title: `Quiet goods ${run}` };
const said = `Works nicely ${run}`;

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [seller, fan]) {
    await admin.post('/admin/base/sys/user/add', { username: u.username, password: PASSWORD, nickName: u.nickName, roleIdList: [member.id] });
  }
});

async function signedIn(browser: Browser, who: { username: string }, o: { width?: number; lang?: string } = {}): Promise<Page> {
  return memberBrowser(browser, who.username, PASSWORD, o);
}

/** Publishes a goods through the form; `comments` sets the Allow comments switch. Answers its id. */
async function publish(page: Page, title: string, comments: boolean, screenshot?: string): Promise<number> {
  await page.getByTestId('acc-goods-publish').click();
  const form = page.getByTestId('acc-goods-form');
  await expect(form).toBeVisible();
  await page.getByTestId('acc-goods-title').fill(title);
  await page.getByTestId('acc-goods-price').fill('3');
  const toggle = page.getByTestId('acc-goods-comments');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  if (!comments) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  }
  if (screenshot) await shot(page, screenshot);
  await page.getByTestId('acc-goods-save').click();
  const row = page.getByTestId('acc-goods').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 20_000 });
  return Number(await row.getAttribute('data-goods'));
}

test('a member publishes goods with comments allowed and with comments refused', async ({ browser }) => {
  const page = await signedIn(browser, seller);
  await page.goto(`${base()}/my/info?tab=goods`);
  open.id = await publish(page, open.title, true, 'goods-form-comments-en');
  closed.id = await publish(page, closed.title, false);
  const sela = await Api.login(seller.username, PASSWORD);
  const mine = await sela.page<{ id: number; isCommentAllowed: number; workflowId: number | null }>('/admin/goods/info', { id: [open.id, closed.id] });
  expect(mine.list.map((g) => [g.id, g.isCommentAllowed, g.workflowId ?? null]).sort()).toEqual(
    [
      [open.id, 1, null],
      [closed.id, 0, null],
    ].sort(),
  );
  await page.context().close();
});

test('the edit form shows the switch as saved, in Chinese at 390 px', async ({ browser }) => {
  const page = await signedIn(browser, seller, { width: 390, lang: 'zh-cn' });
  await page.goto(`${base()}/my/info?tab=goods`);
  await page.getByTestId('acc-goods').filter({ hasText: closed.title }).getByTestId('acc-goods-edit').click();
  const toggle = page.getByTestId('acc-goods-comments');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.scrollIntoViewIfNeeded();
  await expect(page.getByText('允许评论')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'goods-form-comments-zh-390');
  await page.context().close();
});

test('another member comments on the goods that allows it and sees the comment', async ({ browser }) => {
  const page = await signedIn(browser, fan);
  await page.goto(`${base()}/goods/${open.id}`);
  await expect(page.getByTestId('goods-comments')).toBeVisible();
  await page.getByTestId('comment-input').fill(said);
  await page.getByTestId('comment-send').click();
  await expect(page.getByTestId('comment').filter({ hasText: said })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('comment').filter({ hasText: said })).toContainText(fan.nickName);
  await page.getByTestId('goods-comments').scrollIntoViewIfNeeded();
  await shot(page, 'goods-comments-en');
  await page.context().close();
});

test('on a phone in Chinese the comment shows, and the goods with comments refused has no comment box', async ({ browser }) => {
  const page = await signedIn(browser, fan, { width: 390, lang: 'zh-cn' });
  await page.goto(`${base()}/goods/${open.id}`);
  await expect(page.getByTestId('comment').filter({ hasText: said })).toBeVisible();
  await page.getByTestId('goods-comments').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'goods-comments-zh-390');
  await page.goto(`${base()}/goods/${closed.id}`);
  await expect(page.getByTestId('goods-details')).toBeVisible();
  await expect(page.getByTestId('goods-comments')).toHaveCount(0);
  await expect(page.getByTestId('comment-input')).toHaveCount(0);
  await page.getByTestId('goods-details').scrollIntoViewIfNeeded();
  await shot(page, 'goods-no-comments-zh-390');
  await page.context().close();
});
