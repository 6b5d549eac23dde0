/**
 * AI members that work as a team (issue 41), two members at once: Kai (English, 1400 px, the group's
 * owner, who asks and pays) and Lin (简体中文, a 390 px phone). Kai asks Ada, who hands over to Bea:
 * both see the chain as one thread under Kai's question; Kai sees its total and every step's receipt,
 * Lin sees the steps without costs. Kai then asks Ada for a long story and stops it while it streams:
 * the answer stays as far as it went, marked stopped, the chain says stopped, and the receipt shows
 * what it cost. Lin sends the group the project brief (a PDF); the group's settings show it indexed,
 * and Kai's question about it is answered citing its page. Lin asks Clerk (an AI member with tools)
 * to list her desktops: Clerk reads them as Lin and answers her privately, the group only told so;
 * she asks it to add one: it proposes the write in the group, Kai sees it waiting for Lin, Lin
 * confirms it and both see it done. Screenshots of each state land in tests/e2e/artifacts/.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { Api, clickStill, go, makeMembers, memberBrowser, pageWidth, shot, skipWithoutServer } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const kai = { username: `at_kai_${run}`, nickName: `Kai ${run}`, id: 0 };
const lin = { username: `at_lin_${run}`, nickName: `小林 ${run}`, id: 0 };
const groupName = `AI crew ${run}`;
let groupId = 0;
let ada = 0;
let bea = 0;
let clerk = 0;
const BRIEF = readFileSync(resolve(__dirname, '../../fixtures/knowledge/brief.pdf'));
let k: Page; // Kai, English, 1400 px
let l: Page; // Lin, zh-cn, 390 px

test.afterAll(async () => {
  await k?.context().close();
  await l?.context().close();
});

async function openGroup(p: Page): Promise<void> {
  await go(p, `/workbench?tab=chats&to=1-${groupId}`);
  await expect(p.getByTestId('chat-title')).toContainText(groupName, { timeout: 15_000 });
}

/** Kai mentions `name` (picked from the mention list) and asks `question`. */
async function ask(p: Page, name: string, userId: number, question: string): Promise<void> {
  const input = p.getByTestId('chat-input').filter({ visible: true });
  await input.fill(`@${name}`);
  await clickStill(p.locator(`[data-testid="chat-mention-option"][data-user-id="${userId}"]`));
  await input.pressSequentially(question);
  await input.press('Enter');
}

const chainUnder = (p: Page, question: string) =>
  p.getByTestId('chat-message').filter({ hasText: question }).locator('xpath=following-sibling::*[1][@data-testid="chat-chain"]');

test.beforeAll(async () => {
  const admin = await makeMembers([kai, lin], PASSWORD);
  const me = await Api.login(kai.username, PASSWORD);
  groupId = Number((await me.post<{ id: number }>('/admin/base/group/add', { name: groupName })).id);
  await me.post('/admin/base/groupMember/add', { groupId, userId: lin.id });
  ada = (
    await me.post<{ userId: number }>('/admin/base/groupMember/add', {
      groupId,
      ai: { nickName: 'Ada', config: { prompt: 'You are Ada. Hand over to @Bea.', cost: 1 } },
    })
  ).userId;
  bea = (await me.post<{ userId: number }>('/admin/base/groupMember/add', { groupId, ai: { nickName: 'Bea', config: { prompt: 'You are Bea.', cost: 2 } } }))
    .userId;
  clerk = (
    await me.post<{ userId: number }>('/admin/base/groupMember/add', {
      groupId,
      ai: { nickName: 'Clerk', config: { prompt: 'Keep track of desktops.', cost: 1, tools: ['base_desktop_list', 'base_desktop_add', 'goods_order_mine'] } },
    })
  ).userId;
  const { codes } = await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 2, type: 2, tokens: 50 });
  await me.post('/admin/base/coupon/use', { code: codes[0] });
  await (await Api.login(lin.username, PASSWORD)).post('/admin/base/coupon/use', { code: codes[1] });
});

test('1. Ada hands over to Bea: one thread under the question, its total and receipts for Kai, the steps for Lin', async ({ browser }) => {
  k = await memberBrowser(browser, kai.username, PASSWORD);
  l = await memberBrowser(browser, lin.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await openGroup(k);
  await openGroup(l);
  await ask(k, 'Ada', ada, ' plan the launch');

  const kaiChain = chainUnder(k, 'plan the launch');
  await expect(kaiChain).toHaveAttribute('data-state', '1', { timeout: 30_000 });
  await expect(kaiChain.getByTestId('chat-chain-steps')).toHaveText('Ada → Bea');
  await expect(kaiChain.getByTestId('chat-chain-state')).toContainText('done');
  await expect(kaiChain.getByTestId('chat-chain-total')).toHaveText('total 3 tokens');
  await shot(k, '42-1-chain-kai-1400-en');

  const linChain = chainUnder(l, 'plan the launch');
  await expect(linChain).toHaveAttribute('data-state', '1', { timeout: 15_000 });
  await expect(linChain.getByTestId('chat-chain-steps')).toHaveText('Ada → Bea');
  await expect(linChain.getByTestId('chat-chain-state')).toContainText('已完成');
  // Costs are the asker's alone.
  await expect(linChain.getByTestId('chat-chain-total')).toHaveCount(0);
  await expect(linChain.getByTestId('chat-chain-details')).toHaveCount(0);
  expect(await pageWidth(l)).toBeLessThanOrEqual(390);
  await shot(l, '42-1-chain-lin-390-zh');

  await kaiChain.getByTestId('chat-chain-details').click();
  const list = k.getByTestId('chat-chain-list');
  await expect(list.getByTestId('chat-chain-step')).toHaveCount(2);
  await expect(list.getByTestId('chat-chain-step').nth(0)).toContainText('1 tokens');
  await expect(list.getByTestId('chat-chain-step').nth(1)).toContainText('2 tokens');
  await expect(k.getByTestId('chat-chain-sum')).toHaveText('total 3 tokens');
  await shot(k, '42-1-chain-receipts-1400-en');
  await list.getByTestId('chat-chain-step').nth(1).getByTestId('run-receipt-open').click();
  const receipt = k.getByTestId('run-receipt');
  await expect(receipt).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(receipt.getByTestId('receipt-charged')).toHaveAttribute('data-value', '2');
  await k.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  await clickStill(k.locator('.chat-chain-dialog .ant-modal-close'));
  await expect(list).toBeHidden();
});

test('2. Kai stops a long answer while it streams: kept as far as it went, marked stopped, the chain stopped', async () => {
  await ask(k, 'Ada', ada, ' tell me a long story');
  const live = k.getByTestId('run-stream').filter({ hasText: 'Once upon a time' });
  await expect(live).toBeVisible({ timeout: 30_000 });
  // Lin sees it streaming too, without a stop button: it is Kai's.
  await expect(l.getByTestId('run-stream').filter({ hasText: 'Once upon a time' })).toBeVisible({ timeout: 15_000 });
  await expect(l.getByTestId('run-stream-stop')).toHaveCount(0);
  await shot(k, '42-2-streaming-1400-en');
  await live.getByTestId('run-stream-stop').click();

  const stopped = k.getByTestId('chat-message').filter({ has: k.getByTestId('chat-stopped') });
  await expect(stopped).toBeVisible({ timeout: 15_000 });
  await expect(stopped).toContainText('Once upon a time');
  await expect(stopped).not.toContainText('the end.');
  const kaiChain = chainUnder(k, 'tell me a long story');
  await expect(kaiChain).toHaveAttribute('data-state', '2', { timeout: 15_000 });
  await expect(kaiChain.getByTestId('chat-chain-state')).toContainText('stopped');
  // Bea was never asked: the stopped answer hands over to nobody.
  await expect(kaiChain.getByTestId('chat-chain-steps')).toHaveText('Ada');
  await shot(k, '42-2-stopped-1400-en');

  await expect(l.getByTestId('chat-message').filter({ has: l.getByTestId('chat-stopped') })).toContainText('已停止');
  await expect(chainUnder(l, 'tell me a long story').getByTestId('chat-chain-state')).toContainText('已停止');
  expect(await pageWidth(l)).toBeLessThanOrEqual(390);
  await shot(l, '42-2-stopped-390-zh');
});

test("3. Lin sends the brief; the group's settings show it indexed; Kai's question about it is answered citing its page", async () => {
  await expect(l.getByTestId('chat-attach')).toBeEnabled();
  await l
    .getByTestId('chat-attach-area')
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'brief.pdf', mimeType: 'application/pdf', buffer: BRIEF }]);
  await expect(l.locator('[data-testid="chat-attachment"]').filter({ hasText: 'brief.pdf' })).toBeVisible({ timeout: 30_000 });

  await go(k, '/workbench');
  await k.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(k.getByTestId('board-tile-action-settings'));
  const doc = k.getByTestId('knowledge-doc').filter({ hasText: 'brief.pdf' });
  await expect(doc).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await shot(k, '42-3-knowledge-settings-1400-en');
  await k.keyboard.press('Escape');

  await openGroup(k);
  await ask(k, 'Ada', ada, ' summarise the brief: when does the deployment window open?');
  const answer = k.getByTestId('chat-message').filter({ hasText: 'Summary of the brief [1]' });
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer).toContainText('Friday at 22:00 UTC');
  const source = answer.getByTestId('chat-source-file');
  await expect(source).toContainText('brief.pdf');
  await expect(source).toContainText('p. 1');
  await shot(k, '42-3-answer-cites-brief-1400-en');
  const onPhone = l.getByTestId('chat-message').filter({ hasText: 'Summary of the brief [1]' });
  await expect(onPhone.getByTestId('chat-source-file')).toContainText('brief.pdf', { timeout: 15_000 });
  expect(await pageWidth(l)).toBeLessThanOrEqual(390);
  await shot(l, '42-3-answer-cites-brief-390-zh');
});

test('4. Clerk lists Lin’s desktops as Lin, privately; proposes adding one; Lin confirms it and both see it done', async () => {
  await ask(l, 'Clerk', clerk, ' list my desktops');
  // The group is told (in Lin's language, she asked) that Clerk answered her privately, and nothing of her desktops.
  const told = k.getByTestId('chat-message').filter({ hasText: '我已在私聊中回答' });
  await expect(told).toBeVisible({ timeout: 30_000 });
  await expect(told).toContainText(lin.nickName);
  await expect(k.getByTestId('chat-message').filter({ hasText: 'Your desktops' })).toHaveCount(0);
  // The answer Kai saw start ended with that line: nothing stays 'thinking'.
  await expect(k.getByTestId('run-stream')).toHaveCount(0);
  await expect(l.getByTestId('chat-message').filter({ hasText: '我已在私聊中回答' })).toBeVisible({ timeout: 15_000 });
  await shot(l, '42-4-told-privately-390-zh');
  await go(l, `/workbench?tab=chats&to=0-${clerk}`);
  const privateAnswer = l.getByTestId('chat-message').filter({ hasText: 'Your desktops:' });
  await expect(privateAnswer).toBeVisible({ timeout: 15_000 });
  await privateAnswer.getByTestId('chat-tool-calls').locator('.ant-collapse-header').first().click();
  await expect(privateAnswer.getByTestId('chat-tool-call').first()).toContainText('base_desktop_list');
  expect(await pageWidth(l)).toBeLessThanOrEqual(390);
  await shot(l, '42-4-private-answer-tools-390-zh');
  // Her orders, read as her, land here too.
  await go(l, `/workbench?tab=chats&to=1-${groupId}`);
  await ask(l, 'Clerk', clerk, ' list my orders');
  await go(l, `/workbench?tab=chats&to=0-${clerk}`);
  const orders = l.getByTestId('chat-message').filter({ hasText: 'You have 0 order(s).' });
  await expect(orders).toBeVisible({ timeout: 30_000 });
  await orders.getByTestId('chat-tool-calls').locator('.ant-collapse-header').first().click();
  await expect(orders.getByTestId('chat-tool-call').first()).toContainText('goods_order_mine');

  await openGroup(l);
  await ask(l, 'Clerk', clerk, ' add a desktop called Lin board');
  const card = (p: Page) => p.getByTestId('chat-tool-proposal').filter({ hasText: 'Lin board' });
  await expect(card(l)).toBeVisible({ timeout: 30_000 });
  await expect(card(k)).toBeVisible({ timeout: 15_000 });
  // Kai sees it waiting for Lin, with nothing to press.
  await expect(card(k).getByTestId('chat-tool-confirm')).toHaveCount(0);
  await expect(card(k).getByTestId('chat-tool-proposal-state')).toContainText('Waiting');
  await shot(k, '42-4-proposal-waits-1400-en');
  await clickStill(card(l).getByTestId('chat-tool-confirm'));
  await expect(card(l).getByTestId('chat-tool-proposal-state')).toContainText('已完成', { timeout: 15_000 });
  await expect(card(k).getByTestId('chat-tool-proposal-state')).toContainText('Done', { timeout: 15_000 });
  await shot(l, '42-4-proposal-done-390-zh');
  await shot(k, '42-4-proposal-done-1400-en');
});
