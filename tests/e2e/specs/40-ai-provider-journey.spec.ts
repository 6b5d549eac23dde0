/**
 * Issue 39's journey through the screens, as people would take it: the administrator adds a new
 * provider in the console's AI providers screen (OpenAI's kind, the e2e fake LLM's address and key),
 * presses Test and sees its models, imports one, follows the dialog to the models screen and gives
 * it a display name, a price per million input and output tokens and the default for apps. A member
 * runs an app priced by use (made through the API, naming no model) from the store and opens its
 * receipt: the new model answered, at its rate, and the charge is what the tokens cost at that rate.
 * A member on a 390 px phone in simplified Chinese and one in traditional Chinese do the same and
 * read the run and the receipt in their language; the phone's page stays within 390 px.
 * The registry goes back to how it was afterwards (the other specs of this server share it).
 * Screenshots land in tests/e2e/artifacts/.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, clickStill, makeMembers, memberBrowser, pageWidth, shot, skipWithoutServer, uiLogin, url, type NewMember } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const providerName = `Journey fake ${run}`;
const modelName = `Journey Lite ${run}`;
const appName = `Journey writer ${run}`;
/** The model the administrator imports: the fake LLM lists it, and no other provider of this server has it. */
const MODEL_ID = 'fake-small';
const PRICE_IN = 2000;
const PRICE_OUT = 4000;
const members: Record<'en' | 'zhCn' | 'zhTw', NewMember> = {
  en: { username: `pj_en_${run}`, nickName: `Ada ${run}`, id: 0 },
  zhCn: { username: `pj_cn_${run}`, nickName: `Li ${run}`, id: 0 },
  zhTw: { username: `pj_tw_${run}`, nickName: `Chen ${run}`, id: 0 },
};

interface ModelRow {
  id: number;
  providerId: number;
  modelId: string;
  defaultFor: string[] | null;
}

let admin: Api;
/** The registry's models before the journey, with what each was the default for. */
let before: ModelRow[] = [];

test.beforeAll(async () => {
  admin = await makeMembers(Object.values(members), PASSWORD);
  before = await admin.post<ModelRow[]>('/admin/ai/model/list', {});
  expect(
    before.some((m) => m.modelId === MODEL_ID),
    `no provider of this server may have ${MODEL_ID} yet`,
  ).toBe(false);
  await admin.post('/admin/base/app/add', {
    name: appName,
    isAsync: 0,
    parentType: 1,
    tokens: 1,
    pricing: 1,
    show: 1,
    // No model named: the default model for apps answers.
    config: { prompt: 'Answer in one short paragraph.', description: 'Priced by what the model uses' },
  });
  const { codes } = await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 3, type: 2, tokens: 50 });
  await Promise.all(Object.values(members).map(async (m, i) => (await Api.login(m.username, PASSWORD)).post('/admin/base/coupon/use', { code: codes[i] })));
});

// The defaults go back to the models that had them, and the journey's model and provider are deleted.
test.afterAll(async () => {
  if (!admin) return;
  for (const m of before) await admin.post('/admin/ai/model/update', { id: m.id, defaultFor: m.defaultFor ?? [] });
  const providers = await admin.post<Array<{ id: number; name: string }>>('/admin/ai/provider/list', {});
  const mine = providers.find((p) => p.name === providerName);
  if (!mine) return;
  const models = await admin.post<ModelRow[]>('/admin/ai/model/list', { providerId: mine.id });
  if (models.length) await admin.post('/admin/ai/model/delete', { ids: models.map((m) => m.id) });
  await admin.post('/admin/ai/provider/delete', { ids: [mine.id] });
});

/** The text input of a form's field (a long text is a text area). */
const field = (page: Page, name: string) => page.getByTestId(`form-item-${name}`).locator('input, textarea');

/** Opens the antd select inside the element of test id `item` and picks the option `option` (a selector) from its list. */
async function pick(page: Page, item: string, option: string): Promise<void> {
  await page.getByTestId(item).locator('.ant-select-selector').click();
  await clickStill(page.locator(option).filter({ visible: true }));
}

test('the administrator adds a provider, tests it, imports a model, prices it and makes it the default for apps', async ({ page }) => {
  await uiLogin(page);
  await page.goto(url('/admin/ai/provider'));
  await expect(page.getByTestId('provider-screen')).toBeVisible();

  await page.getByTestId('crud-add').click();
  await field(page, 'name').fill(providerName);
  await expect(page.getByTestId('form-item-kind')).toContainText('OpenAI');
  await field(page, 'baseUrl').fill(process.env.E2E_LLM_URL ?? '');
  await field(page, 'apiKey').fill(process.env.E2E_LLM_KEY ?? '');
  await shot(page, '40-provider-add');
  await page.getByTestId('form-submit').click();
  const row = page.getByTestId('provider-screen').locator('tr.ant-table-row').filter({ hasText: providerName });
  // The key is set, and not shown.
  await expect(row).toContainText('Set');
  await expect(row).not.toContainText(process.env.E2E_LLM_KEY ?? '');

  await row.getByTestId('provider-test-open').click();
  const dialog = page.getByTestId('provider-test');
  await expect(dialog.getByTestId('provider-test-ok')).toContainText('The provider answered with 2 model(s)', { timeout: 20_000 });
  await expect(dialog.getByTestId('provider-model')).toHaveCount(2);
  await dialog.locator(`[data-testid="provider-model"][data-model="${MODEL_ID}"]`).check();
  await dialog.getByTestId('provider-import').click();
  await expect(dialog.locator(`[data-testid="provider-model"][data-model="${MODEL_ID}"]`)).toBeDisabled();
  await expect(dialog.getByTestId('provider-imported')).toContainText('cost nothing');
  await shot(page, '40-provider-imported');
  await dialog.getByTestId('provider-models-go').click();

  await expect(page).toHaveURL(/\/admin\/ai\/model$/);
  const models = page.getByTestId('model-screen');
  const modelRow = models.locator('tr.ant-table-row').filter({ hasText: providerName });
  await expect(modelRow).toContainText(MODEL_ID);
  await expect(modelRow).toContainText('0 / 0');
  await modelRow.getByTestId('crud-row-edit').click();
  await expect(field(page, 'modelId')).toHaveValue(MODEL_ID);
  await field(page, 'name').fill(modelName);
  await field(page, 'priceInput').fill(String(PRICE_IN));
  await field(page, 'priceOutput').fill(String(PRICE_OUT));
  await pick(page, 'form-item-defaultFor', '[data-testid="model-purpose-option"][data-value="chat"]');
  await page.locator('.ant-modal-title').filter({ visible: true }).click(); // closes the select's list
  await expect(page.getByTestId('form-item-defaultFor')).toContainText('Apps');
  await page.getByTestId('form-submit').click();
  const priced = models.locator('tr.ant-table-row').filter({ hasText: modelName });
  await expect(priced).toContainText('2,000 / 4,000');
  await expect(priced).toContainText('Apps');
  // A purpose has one default: the model that had it no longer does.
  await expect(models.locator('tr.ant-table-row').filter({ hasNotText: modelName }).filter({ hasText: 'Apps' })).toHaveCount(0);
  await shot(page, '40-model-priced');
});

const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

interface Texts {
  lang?: 'zh-cn' | 'zh-tw';
  width?: number;
  byUse: string;
  reserved: string;
  receipt: string;
  pricing: string;
  charged: string;
  rate: string;
}

/**
 * A member signs in (in `texts.lang`, `texts.width` px wide), runs the app from the store and opens
 * its receipt: the journey's model at its rate, the charge what the tokens cost at it; the texts in
 * the member's language. Answers the page.
 */
async function runAndReadReceipt(browser: Browser, who: NewMember, texts: Texts, shotName: string): Promise<Page> {
  const page = await memberBrowser(browser, who.username, PASSWORD, { width: texts.width, lang: texts.lang });
  await page.getByTestId('ws-store').click();
  await page.getByTestId('store-view-apps').click();
  const card = page.getByTestId('app-card').filter({ hasText: appName });
  await expect(card.getByTestId('app-cost')).toHaveText(texts.byUse, { timeout: 15_000 });
  await card.getByTestId('app-run').click();

  const dialog = page.getByTestId('run-dialog');
  await expect(dialog.getByTestId('run-cost')).toHaveText(texts.byUse);
  await dialog.getByTestId('app-input-text').fill(`oolong for ${who.nickName}`);
  await dialog.getByTestId('run-start').click();
  await expect(dialog.getByTestId('run-taken')).toContainText(texts.reserved, { timeout: 15_000 });
  await expect(dialog.getByTestId('run-answer')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(dialog.getByTestId('run-answer')).toContainText(`oolong for ${who.nickName}`);
  await expect(dialog.getByTestId('run-receipt-open')).toHaveText(texts.receipt);
  if (texts.width) await shot(page, `${shotName}-run`);
  await dialog.getByTestId('run-receipt-open').click();

  const receipt = page.getByTestId('run-receipt');
  await expect(receipt).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(receipt.getByTestId('receipt-model')).toHaveText(modelName);
  await expect(receipt.getByTestId('receipt-rate')).toHaveText(texts.rate);
  await expect(receipt).toContainText(texts.pricing);
  await expect(receipt).toContainText(texts.charged);
  // The charge is the tokens at the rate (coefficients 1), rounded up to the ledger's ten-thousandth.
  const input = amount(await receipt.getByTestId('receipt-input').textContent());
  const output = amount(await receipt.getByTestId('receipt-output').textContent());
  expect(input).toBeGreaterThan(0);
  expect(output).toBeGreaterThan(0);
  const charged = Number(await receipt.getByTestId('receipt-charged').getAttribute('data-value'));
  expect(charged).toBeCloseTo(Math.ceil((input * PRICE_IN + output * PRICE_OUT) / 100) / 10_000, 6);
  expect(charged).toBeLessThan(amount(await receipt.getByTestId('receipt-reserved').textContent()));
  await shot(page, shotName);
  return page;
}

test('a member runs the app priced by use on the new default model and reads its receipt', async ({ browser }) => {
  const page = await runAndReadReceipt(
    browser,
    members.en,
    { byUse: 'Priced by use', reserved: 'tokens reserved', receipt: 'Receipt', pricing: 'By use', charged: 'Charged', rate: '2,000 in · 4,000 out' },
    '40-receipt-en',
  );
  await page.context().close();
});

test('a member on a 390 px phone in simplified Chinese reads the run and its receipt, and the page fits', async ({ browser }) => {
  const page = await runAndReadReceipt(
    browser,
    members.zhCn,
    {
      lang: 'zh-cn',
      width: 390,
      byUse: '按用量计费',
      reserved: '已预扣',
      receipt: '收据',
      pricing: '按用量',
      charged: '实扣',
      rate: '输入 2,000 · 输出 4,000',
    },
    '40-receipt-390-zh-cn',
  );
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(390);
  const box = await page.getByTestId('run-receipt').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.context().close();
});

test('a member in traditional Chinese reads the run and its receipt', async ({ browser }) => {
  const page = await runAndReadReceipt(
    browser,
    members.zhTw,
    { lang: 'zh-tw', byUse: '按用量計費', reserved: '已預扣', receipt: '收據', pricing: '按用量', charged: '實扣', rate: '輸入 2,000 · 輸出 4,000' },
    '40-receipt-zh-tw',
  );
  await page.context().close();
});
