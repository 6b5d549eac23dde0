/**
 * What the AI members remember (issue 41) in the browser. A member's AI member answers on a model with
 * a small window (a model of this spec's own, so no other spec's replies overflow), so the member's
 * question makes the conversation overflow it: the summary model writes the conversation's summary.
 * On a 390 px phone in Chinese the member opens it from the chat's header (ChatMemoryButton, which
 * ChatPanel mounts), then the AI member's reply's receipt, which lists the summary on its own line and
 * the total; on a 1400 px screen in English the same drawer. Screenshots land in tests/e2e/artifacts/.
 */
import { test, expect, type Page } from '@playwright/test';
import { Api, go, makeMembers, memberBrowser, pageWidth, shot, skipWithoutServer } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const mia = { username: `mem_mia_${run}`, nickName: `Mia ${run}`, id: 0 };
const groupName = `Memory lane ${run}`;
const scribe = `Scribe${run}`;
let groupId = 0;

async function openGroup(p: Page): Promise<void> {
  await go(p, `/workbench?tab=chats&to=1-${groupId}`);
  await expect(p.getByTestId('chat-title')).toContainText(groupName, { timeout: 15_000 });
}

test.beforeAll(async () => {
  const admin = await makeMembers([mia], PASSWORD);
  const [first] = await admin.post<Array<{ providerId: number }>>('/admin/ai/model/list', {});
  const modelId = `memory-small-${run}`;
  await admin.post('/admin/ai/model/add', { providerId: first.providerId, modelId, contextWindow: 300, maxTokens: 100 });
  const { codes } = await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 50 });
  const api = await Api.login(mia.username, PASSWORD);
  await api.post('/admin/base/coupon/use', { code: codes[0] });
  groupId = Number((await api.post<{ id: number }>('/admin/base/group/add', { name: groupName })).id);
  const made = await api.post<{ userId: number }>('/admin/base/groupMember/add', {
    groupId,
    ai: { nickName: scribe, config: { prompt: 'Answer briefly.', cost: 1, model: modelId } },
  });
  for (let i = 1; i <= 6; i++) {
    const text = `Note ${i}: ${'the harbour ferry leaves at nine and comes back at five; '.repeat(4)}`;
    await api.post('/admin/base/message/add', { toType: 1, toId: groupId, content: { text } });
  }
  await api.post('/admin/base/message/add', { toType: 1, toId: groupId, content: { text: `@${scribe} what did we plan?` }, at: [Number(made.userId)] });
  await expect.poll(async () => (await api.post('/admin/ai/summary/read', { toType: 1, toId: groupId })) !== null, { timeout: 60_000 }).toBe(true);
});

test('a member on a 390 px phone reads what the AI member remembers, and the summary on its reply’s receipt', async ({ browser }) => {
  const page = await memberBrowser(browser, mia.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await openGroup(page);
  await page.getByTestId('chat-memory-open').click();
  const drawer = page.getByTestId('chat-memory');
  await expect(drawer.getByTestId('chat-memory-summary')).toBeVisible({ timeout: 15_000 });
  await expect(drawer).toContainText('AI 成员记住了什么');
  await expect(drawer).toContainText('涵盖至第');
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await shot(page, '41m-1-memory-390-zh');
  await page.getByTestId('chat-memory-close').click();

  const reply = page
    .getByTestId('chat-message')
    .filter({ has: page.getByTestId('run-receipt-open') })
    .last();
  await reply.getByTestId('run-receipt-open').click();
  const receipt = page.getByTestId('run-receipt');
  await expect(receipt).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(receipt.getByTestId('receipt-linked-run')).toHaveCount(1);
  await expect(receipt.getByTestId('receipt-linked-run')).toContainText('会话摘要');
  await expect(receipt.getByTestId('receipt-total')).toBeVisible();
  await receipt.getByTestId('receipt-linked').scrollIntoViewIfNeeded();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await shot(page, '41m-2-receipt-summary-390-zh');
  await page.context().close();
});

test('the same memory on a wide screen in English', async ({ browser }) => {
  const page = await memberBrowser(browser, mia.username, PASSWORD);
  await openGroup(page);
  await page.getByTestId('chat-memory-open').click();
  const drawer = page.getByTestId('chat-memory');
  await expect(drawer.getByTestId('chat-memory-summary')).toBeVisible({ timeout: 15_000 });
  await expect(drawer).toContainText('What the AI members remember');
  await expect(drawer).toContainText('Covers messages up to no.');
  await shot(page, '41m-3-memory-1400-en');
  await page.context().close();
});
