/**
 * An AI member's owner edits it on the board (issue 35): the group's settings list the AI member
 * with its price of a reply; its menu opens the edit dialog with the stored prompt, model and
 * price (the model a select of the site's models, where one named by free text before the site
 * listed it still shows); a price above the site's maximum (the param aiMaxRunPrice, 100 by
 * default) is refused on the price field, and a fair price, a model from the list, new instructions
 * and the public switch are saved, listed and stored. The dialog and its model list at 390 px in
 * zh-cn too. Screenshots in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, base, clickStill, shot, skipWithoutServer, memberBrowser } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const owner = { username: `ai_owner_${run}`, nickName: `Oli ${run}` };
const groupName = `Bots ${run}`;
const botName = `Helper ${run}`;
let groupId = 0;
/** The server's model (the registry's first, made from the fake LLM's LLM_* variables at start). */
const MODEL = 'gpt-4o-mini';
let botUserId = 0;

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  await admin.post('/admin/base/sys/user/add', { username: owner.username, password: PASSWORD, nickName: owner.nickName, roleIdList: [member.id] });
  const me = await Api.login(owner.username, PASSWORD);
  groupId = Number((await me.post<{ id: number }>('/admin/base/group/add', { name: groupName })).id);
  const made = await me.post<{ userId: number }>('/admin/base/groupMember/add', {
    groupId,
    ai: { nickName: botName, config: { model: 'm-1', prompt: 'Be brief.', cost: 2 } },
  });
  botUserId = Number(made.userId);
});

async function signIn(browser: Browser, o: { width?: number; lang?: string } = {}): Promise<Page> {
  return memberBrowser(browser, owner.username, PASSWORD, o);
}

/** Opens the group's settings and the edit dialog of the AI member. */
async function openEdit(page: Page): Promise<void> {
  await page.goto(`${base()}/workbench`);
  await page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(page.getByTestId('board-tile-action-settings'));
  const row = page.getByTestId(`board-member-${botUserId}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await page.getByTestId(`board-member-menu-${botUserId}`).click();
  await clickStill(page.getByTestId('board-member-edit-ai'));
  await expect(page.getByTestId('board-ai-edit-form')).toBeVisible();
}

test('the owner edits an AI member: a price above the maximum is refused on its field, a fair one saved and shown', async ({ browser }) => {
  const page = await signIn(browser);
  await page.goto(`${base()}/workbench`);
  await page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(page.getByTestId('board-tile-action-settings'));
  const row = page.getByTestId(`board-member-${botUserId}`);
  await expect(row.getByTestId('board-member-price')).toHaveText('2 tokens per reply', { timeout: 15_000 });
  await shot(page, '18-ai-member-price');
  await page.getByTestId(`board-member-menu-${botUserId}`).click();
  await clickStill(page.getByTestId('board-member-edit-ai'));
  const form = page.getByTestId('board-ai-edit-form');
  await expect(page.getByTestId('board-ai-edit-prompt')).toHaveValue('Be brief.');
  // The model is picked from the site's models; the free text an older row holds still shows.
  const model = page.getByTestId('board-ai-edit-model');
  await expect(model.locator('.ant-select-selection-item')).toHaveText('m-1');
  await expect(page.getByTestId('board-ai-edit-byuse')).not.toBeChecked();
  const cost = page.getByTestId('board-ai-edit-cost').locator('xpath=descendant-or-self::input').first();
  await expect(cost).toHaveValue('2');
  await cost.fill('500');
  await clickStill(page.getByTestId('board-ai-edit-ok'));
  const refusal = form.locator('.ant-form-item-explain-error');
  await expect(refusal).toHaveText('must be at most 100 tokens, the highest price of a run on this site');
  await shot(page, '18-ai-member-edit-refused');
  await model.locator('.ant-select-selector').click();
  const option = (id: string) => page.locator(`[data-testid="board-ai-edit-model-option"][data-model="${id}"]`).filter({ visible: true });
  await expect(option('m-1')).toContainText('Not in this site’s list of models');
  await expect(option(MODEL)).toContainText('tokens per million');
  await clickStill(option(MODEL));
  await expect(model.locator('.ant-select-selection-item')).toHaveText(MODEL);
  await cost.fill('5');
  await page.getByTestId('board-ai-edit-prompt').fill('Answer in one sentence.');
  await page.getByTestId('board-ai-edit-public').click();
  await clickStill(page.getByTestId('board-ai-edit-ok'));
  await expect(form).toBeHidden();
  await expect(row.getByTestId('board-member-price')).toHaveText('5 tokens per reply');
  await shot(page, '18-ai-member-edited');
  const me = await Api.login(owner.username, PASSWORD);
  const list = (await me.post<{ list: Array<Record<string, any>> }>('/admin/base/groupMember/memberList', { groupId })).list;
  expect(list.find((m) => m.userId === botUserId)).toMatchObject({
    price: 5,
    public: true,
    config: { model: MODEL, prompt: 'Answer in one sentence.', cost: 5 },
  });
  // Public now: the catalogue shows it with its price.
  const catalogue = (await me.post<{ list: Array<Record<string, any>> }>('/admin/base/groupMember/allMemberList', { keyWord: botName })).list;
  expect(catalogue.map((a) => [a.id, a.price])).toEqual([[botUserId, 5]]);
  await page.context().close();
});

test('the edit dialog on a phone, in Chinese', async ({ browser }) => {
  const page = await signIn(browser, { width: 390, lang: 'zh-cn' });
  await openEdit(page);
  await expect(page.getByTestId('board-ai-edit-form')).toContainText('每次回答的价格');
  await shot(page, '18-ai-member-edit-390-zh');
  await page.getByTestId('board-ai-edit-model').locator('.ant-select-selector').click();
  const option = page.locator(`[data-testid="board-ai-edit-model-option"][data-model="${MODEL}"]`).filter({ visible: true });
  await expect(option).toContainText('每百万 token：输入');
  await shot(page, '18-ai-member-model-390-zh');
  const list = await page.locator('.ant-select-dropdown').filter({ visible: true }).boundingBox();
  expect(list!.x + list!.width).toBeLessThanOrEqual(390);
  await page.locator('.ant-modal-title').filter({ visible: true }).click();
  const box = await page.getByTestId('board-ai-edit-form').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.context().close();
});

/** The errors the page throws or leaves unhandled (a rejected promise no one awaits) from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Opens the group's add-AI dialog on the new-AI tab. */
async function openAdd(page: Page): Promise<void> {
  await page.goto(`${base()}/workbench`);
  await page.getByTestId(`board-tile-menu-${groupId}`).click();
  await clickStill(page.getByTestId('board-tile-action-addAi'));
  await expect(page.getByTestId('board-ai-form')).toBeVisible();
}

test('a double press of Create adds the new AI member once, and the page throws nothing', async ({ browser }) => {
  const page = await signIn(browser);
  const errors = pageErrors(page);
  await openAdd(page);
  const name = `Twice ${run}`;
  await page.getByTestId('board-ai-name').fill(name);
  // Two presses in one go, as a quick double tap lands them before the button shows it is busy.
  await page.getByTestId('board-ai-ok').evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByTestId('board-ai-form')).toBeHidden();
  await page.waitForLoadState('networkidle');
  const me = await Api.login(owner.username, PASSWORD);
  const list = (await me.post<{ list: Array<{ nickName?: string }> }>('/admin/base/groupMember/memberList', { groupId })).list;
  expect(list.filter((m) => m.nickName === name)).toHaveLength(1);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('Create and Save with no name say so on the field, send nothing and throw nothing', async ({ browser }) => {
  const page = await signIn(browser);
  const errors = pageErrors(page);
  await openAdd(page);
  await clickStill(page.getByTestId('board-ai-ok'));
  await expect(page.getByTestId('board-ai-form').locator('.ant-form-item-explain-error')).toHaveText('Enter a name');
  await expect(page.getByTestId('board-ai-ok')).toBeEnabled();
  await shot(page, '18-ai-member-add-no-name');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('board-ai-form')).toBeHidden();
  await openEdit(page);
  await page.getByTestId('board-ai-edit-name').fill('');
  await clickStill(page.getByTestId('board-ai-edit-ok'));
  await expect(page.getByTestId('board-ai-edit-form').locator('.ant-form-item-explain-error')).toHaveText('Enter a name');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  await page.context().close();
});
