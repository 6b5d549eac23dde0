/**
 * Receipts of AI runs priced by use (issue 39) in the browser, against the e2e server's model (the
 * registry's first provider, made from the fake LLM's LLM_* variables at start) priced here at 1000
 * tokens per million input and 2000 per million output tokens: the store says the app is priced by
 * use, a member runs it, sees the answer and opens its receipt from the run dialog (the model, the
 * tokens in and out, a charge below the reservation and the unused part returned in the ledger). A
 * second member, on a 390 px phone in Chinese, opens the receipt from the answer in their runs chat.
 * A member who mentions an AI member answering through that app opens the receipt from its reply in the group.
 * Screenshots land in tests/e2e/artifacts/.
 */
import { test, expect, type Page } from '@playwright/test';
import { Api, base, clickStill, makeMembers, memberBrowser, shot, skipWithoutServer, uiLogin, url, type NewMember } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const wide: NewMember = { username: `rc_wide_${run}`, nickName: `Rena ${run}`, id: 0 };
const phone: NewMember = { username: `rc_phone_${run}`, nickName: `Pho ${run}`, id: 0 };
const appName = `Metered writer ${run}`;

interface ModelRow {
  id: number;
  modelId: string;
  name: string | null;
  priceInput: number | string | null;
  priceOutput: number | string | null;
}

let admin: Api;
let model: ModelRow;
let appId = 0;

test.beforeAll(async () => {
  admin = await makeMembers([wide, phone], PASSWORD);
  const models = await admin.post<ModelRow[]>('/admin/ai/model/list', {});
  expect(models.length).toBeGreaterThan(0);
  model = models[0];
  await admin.post('/admin/ai/model/update', { id: model.id, priceInput: 1000, priceOutput: 2000 });
  const made = await admin.post<{ id: number }>('/admin/base/app/add', {
    name: appName,
    isAsync: 0,
    parentType: 1,
    tokens: 1,
    pricing: 1,
    show: 1,
    config: { prompt: 'Answer in one short paragraph.', description: 'Charged by what the model uses' },
  });
  appId = Number(made.id);
  const { codes } = await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 2, type: 2, tokens: 50 });
  await (await Api.login(wide.username, PASSWORD)).post('/admin/base/coupon/use', { code: codes[0] });
  await (await Api.login(phone.username, PASSWORD)).post('/admin/base/coupon/use', { code: codes[1] });
});

// Other specs share the model: it goes back to the prices it had.
test.afterAll(async () => {
  if (model) await admin.post('/admin/ai/model/update', { id: model.id, priceInput: model.priceInput ?? 0, priceOutput: model.priceOutput ?? 0 });
});

const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** The receipt once loaded: the model named, tokens in and out counted, charged below reserved, the rest returned. */
async function checkReceipt(page: Page): Promise<void> {
  const receipt = page.getByTestId('run-receipt');
  await expect(receipt).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(receipt.getByTestId('receipt-model')).toHaveText(model.name || model.modelId);
  expect(amount(await receipt.getByTestId('receipt-input').textContent())).toBeGreaterThan(0);
  expect(amount(await receipt.getByTestId('receipt-output').textContent())).toBeGreaterThan(0);
  const reserved = amount(await receipt.getByTestId('receipt-reserved').textContent());
  const charged = amount(await receipt.getByTestId('receipt-charged').textContent());
  expect(charged).toBeGreaterThan(0);
  expect(charged).toBeLessThan(reserved);
  await expect(receipt.locator('[data-testid="receipt-entry"][data-kind="10"]')).toHaveCount(1);
  await expect(receipt.locator('[data-testid="receipt-entry"][data-kind="16"]')).toHaveCount(1);
}

test('a member runs an app priced by use and reads its receipt from the run dialog', async ({ browser }) => {
  const page = await memberBrowser(browser, wide.username, PASSWORD);
  await page.goto(`${base()}/workflow_store?view=apps`);
  const card = page.getByTestId('app-card').filter({ hasText: appName });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('app-cost')).toHaveText('Priced by use');
  await card.getByTestId('app-run').click();

  const dialog = page.getByTestId('run-dialog');
  await expect(dialog.getByTestId('run-cost')).toHaveText('Priced by use');
  await dialog.getByTestId('app-input-text').fill('green tea from Anhui');
  await dialog.getByTestId('run-start').click();
  await expect(dialog.getByTestId('run-taken')).toContainText('reserved', { timeout: 15_000 });
  await expect(dialog.getByTestId('run-answer')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(dialog.getByTestId('run-answer')).toContainText('green tea from Anhui');

  await shot(page, '39-run-outcome');
  await dialog.getByTestId('run-receipt-open').click();
  await checkReceipt(page);
  await expect(page.getByTestId('run-receipt')).toContainText('AI run: unused part returned');
  await shot(page, '39-receipt-dialog');
  await page.context().close();
});

test('a member on a phone in Chinese opens the receipt from the answer in the chat', async ({ browser }) => {
  const api = await Api.login(phone.username, PASSWORD);
  const started = await api.post<{ runId: number }>('/admin/base/message/runWorkflow', { appId, input: 'white tea from Fujian', clientId: `rc-${run}` });
  await expect.poll(async () => (await api.get<{ status: number }>(`/admin/base/run/receipt?id=${started.runId}`)).status, { timeout: 30_000 }).toBe(1);

  const page = await memberBrowser(browser, phone.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await page.goto(`${base()}/workbench?tab=chats&to=0-${phone.id}`);
  const answer = page.locator(`[data-testid="run-answer"][data-run="${started.runId}"]`);
  await expect(answer).toContainText('white tea from Fujian', { timeout: 20_000 });
  await expect(answer.getByTestId('run-receipt-open')).toHaveText(/收据/);
  await shot(page, '39-receipt-chat-390');
  await clickStill(answer.getByTestId('run-receipt-open'));
  await checkReceipt(page);
  const receipt = page.getByTestId('run-receipt');
  await expect(receipt).toContainText('实扣');
  await expect(receipt).toContainText('AI 运行：退回未用部分');
  // Fits the phone: neither the page nor the receipt scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await receipt.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await receipt.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, '39-receipt-390-zh');
  await page.context().close();
});

test('a member opens the receipt of an AI member’s reply priced by use from the group chat', async ({ browser }) => {
  const api = await Api.login(wide.username, PASSWORD);
  const group = await api.post<{ id: number }>('/admin/base/group/add', { name: `Receipt room ${run}` });
  const groupId = Number(group.id);
  const sage = await api.post<{ userId: number }>('/admin/base/groupMember/add', {
    groupId,
    // AI members' own config takes no pricing: one that names an app is priced as the app is.
    ai: { nickName: `Sage ${run}`, config: { appId } },
  });

  const page = await memberBrowser(browser, wide.username, PASSWORD);
  await page.goto(`${base()}/workbench?tab=chats&to=1-${groupId}`);
  const input = page.getByTestId('chat-input').filter({ visible: true });
  await input.fill('@Sage');
  await clickStill(page.locator(`[data-testid="chat-mention-option"][data-user-id="${sage.userId}"]`));
  await input.pressSequentially('how is pu-erh aged?');
  await input.press('Enter');
  // An AI member answering through an app shows as the app's answer (RunMessage).
  const reply = page.getByTestId('run-answer').filter({ hasText: /Fake answer to: .*how is pu-erh aged\?/ });
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await reply.getByTestId('run-receipt-open').click();
  await checkReceipt(page);
  await expect(page.getByTestId('receipt-who')).toContainText(`Sage ${run}`);
  await expect(page.getByTestId('receipt-who')).toContainText('AI member');
  await shot(page, '39-receipt-ai-member');
  await page.context().close();
});

test("the administrator opens a member's receipt from the console's AI runs and from the run's ledger entry", async ({ page }) => {
  await uiLogin(page);
  // The latest run (the AI member's reply of the test before), at the top of AI runs.
  const runs = await admin.post<{ list: Array<{ id: number }> }>('/admin/base/run/page', { page: 1, size: 1, order: 'id', sort: 'desc' });
  const runId = runs.list[0].id;
  await page.goto(url('/admin/base/run'));
  const row = page.locator(`tr.ant-table-row[data-row-key="${runId}"]`);
  await row.getByTestId('run-receipt-open').click();
  await expect(page.getByTestId('run-receipt')).toHaveAttribute('data-run', String(runId));
  await checkReceipt(page);
  // An administrator sees every entry the run moved, and whose they are.
  await expect(page.getByTestId('run-receipt')).toContainText('AI run: unused part returned');
  await shot(page, '39-receipt-console-runs');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('run-receipt')).toBeHidden();

  // Commerce > Token log, all entries: the run's charge opens the same receipt.
  await page.goto(url('/admin/base/tokenLog'));
  await page.getByRole('tab', { name: 'All entries' }).click();
  const entry = page
    .locator('tr.ant-table-row')
    .filter({ hasText: `${runId}` })
    .first();
  await entry.getByTestId('run-receipt-open').click();
  await checkReceipt(page);
  await shot(page, '39-receipt-console-ledger');
});
