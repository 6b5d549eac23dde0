/**
 * Members' own AI keys (issue 39) in the browser: on a 390 px phone in Chinese a member adds a key in
 * the personal centre's "AI keys" tab (the e2e model server, reachable because the administrator
 * allowed local addresses), sees only that its key is set, and the page does not scroll sideways;
 * then, on a wide screen, they choose it under "Runs with" in their AI member's edit form, mention the
 * AI member in the group, and the reply's receipt says it ran on the owner's own key and charged only
 * the platform fee (1 token here). Screenshots in tests/e2e/artifacts/.
 */
import { test, expect } from '@playwright/test';
import { Api, base, clickStill, makeMembers, memberBrowser, shot, skipWithoutServer, type NewMember } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const owner: NewMember = { username: `ok_owner_${run}`, nickName: `Kei ${run}`, id: 0 };
const keyName = `Tea model ${run}`;
const botName = `Brewer ${run}`;

let admin: Api;
let modelUrl = '';
let groupId = 0;
let bot = { id: 0, userId: 0 };
const params = new Map<string, { id: number; data: string }>();

async function setParam(keyName: string, data: string): Promise<void> {
  const found = (await admin.page<{ id: number; data: string }>('/admin/base/sys/param', { keyWord: keyName })).list[0];
  if (!params.has(keyName)) params.set(keyName, found);
  await admin.post('/admin/base/sys/param/update', { id: found.id, data });
}

test.beforeAll(async () => {
  admin = await makeMembers([owner], PASSWORD);
  // The e2e model server listens on 127.0.0.1: a member's key may name it only with this param.
  await setParam('aiOwnKeyLocalUrls', '1');
  await setParam('aiOwnKeyFee', '1');
  const providers = await admin.post<Array<{ baseUrl: string }>>('/admin/ai/provider/list', {});
  modelUrl = providers[0].baseUrl;
  const me = await Api.login(owner.username, PASSWORD);
  groupId = Number((await me.post<{ id: number }>('/admin/base/group/add', { name: `Tea room ${run}` })).id);
  bot = await me.post('/admin/base/groupMember/add', { groupId, ai: { nickName: botName, config: { cost: 3 } } });
  const { codes } = await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 20 });
  await me.post('/admin/base/coupon/use', { code: codes[0] });
});

test.afterAll(async () => {
  for (const [, p] of params) if (p) await admin.post('/admin/base/sys/param/update', { id: p.id, data: p.data });
});

test('a member adds an AI key on a phone in Chinese, and sees only that it is set', async ({ browser }) => {
  const page = await memberBrowser(browser, owner.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await page.goto(`${base()}/my/info?tab=aikeys`);
  const tab = page.getByTestId('acc-aikeys');
  await expect(tab).toContainText('你还没有 AI 密钥', { timeout: 15_000 });
  await clickStill(page.getByTestId('acc-aikey-add'));
  const form = page.getByTestId('acc-aikey-form');
  await page.getByTestId('acc-aikey-name').fill(keyName);
  await page.getByTestId('acc-aikey-kind').click();
  await clickStill(page.locator('.ant-select-item-option').filter({ hasText: 'vLLM（本地）' }));
  // A local server needs its address.
  await clickStill(page.getByTestId('acc-aikey-save'));
  await expect(form).toContainText('此提供方需要填写地址');
  await page.getByTestId('acc-aikey-url').fill(modelUrl);
  await page.getByTestId('acc-aikey-model').fill('gpt-4o-mini');
  await page.getByTestId('acc-aikey-key').fill('fake-llm-key');
  await shot(page, '40-own-key-form-390-zh');
  await clickStill(page.getByTestId('acc-aikey-save'));
  await expect(form).toBeHidden();
  const row = page.getByTestId('acc-aikey').filter({ hasText: keyName });
  await expect(row.getByTestId('acc-aikey-set')).toHaveText('已设置密钥');
  await expect(row).toContainText(modelUrl);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, '40-own-keys-390-zh');
  // Editing shows the key as set, never the key itself.
  await clickStill(row.getByTestId('acc-aikey-edit'));
  await expect(page.getByTestId('acc-aikey-key')).toHaveValue('');
  await expect(page.getByTestId('acc-aikey-key')).toHaveAttribute('placeholder', '已设置——留空则保留');
  await clickStill(page.getByTestId('acc-aikey-save'));
  await expect(form).toBeHidden();
  expect(await page.content()).not.toContain('fake-llm-key');
  await page.context().close();
});

test("the AI member runs with the owner's key, and its receipt says so", async ({ browser }) => {
  const page = await memberBrowser(browser, owner.username, PASSWORD);
  await page.goto(`${base()}/workbench`);
  await page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(page.getByTestId('board-tile-action-settings'));
  await expect(page.getByTestId(`board-member-${bot.userId}`)).toBeVisible({ timeout: 15_000 });
  await page.getByTestId(`board-member-menu-${bot.userId}`).click();
  await clickStill(page.getByTestId('board-member-edit-ai'));
  await page.getByTestId('board-ai-edit-runswith').click();
  await clickStill(page.locator('.ant-select-item-option').filter({ hasText: keyName }));
  await shot(page, '40-runs-with');
  await clickStill(page.getByTestId('board-ai-edit-ok'));
  await expect(page.getByTestId('board-ai-edit-form')).toBeHidden();
  await expect(page.getByTestId(`board-member-${bot.userId}`).getByTestId('board-member-price')).toHaveText('1 tokens per reply');

  await page.goto(`${base()}/workbench?tab=chats&to=1-${groupId}`);
  const input = page.getByTestId('chat-input').filter({ visible: true });
  await input.fill('@Brewer');
  await clickStill(page.locator(`[data-testid="chat-mention-option"][data-user-id="${bot.userId}"]`));
  await input.pressSequentially('which water for oolong?');
  await input.press('Enter');
  const open = page.getByTestId('run-receipt-open').last();
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.click();
  const receipt = page.getByTestId('run-receipt');
  await expect(receipt).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(receipt.getByTestId('receipt-own-key')).toHaveText('The AI member owner’s own key: only the platform fee is charged');
  await expect(receipt.getByTestId('receipt-charged')).toHaveAttribute('data-value', '1');
  await shot(page, '40-own-key-receipt');
  await page.context().close();
});
