/**
 * Change sets in the code helper: the administrator defines a new entity by its field
 * list, reviews the change set (the declaration's diff, the SQL for this database, the routes, menus
 * and permission keys it adds) before anything exists, applies it, opens the new screen and adds a
 * row; then adds a field to the entity through a second change set and sees the column on the open
 * screen without any restart, rolls that change back (the column goes, the row stays) and purges
 * what the rollback kept aside. A change described in words comes back from the model as the whole
 * field list, reviewed and discarded. In Simplified Chinese at 390 px, removing a field shows the
 * review with its data-loss warning, and the draft is discarded. Screenshots land in tests/e2e/artifacts/.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { Api, clickStill, marker, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const MODULE = 'demo';
const NAME = `shelf${run}`;
const KEY = `${MODULE}/${NAME}`;
const title = marker('shelf');

interface ChangeSetRow {
  id: number;
  kind: string;
  state: string;
  sql: string[];
  keptAside: Array<{ purged: boolean }>;
}

let api: Api;
let page: Page;

const field = (p: Page, testId: string) => p.getByTestId(testId).locator('xpath=descendant-or-self::input').first();
const headers = (p: Page) => p.locator('.ant-layout-content .ant-table-thead th');
const tableRows = (p: Page) => p.locator('.ant-layout-content .ant-table-tbody tr.ant-table-row');
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Goes to `path` inside the running app (history + popstate), so nothing is loaded again. */
async function within(p: Page, path: string): Promise<void> {
  await p.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function choose(p: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await clickStill(p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).first());
}

async function changeSets(): Promise<ChangeSetRow[]> {
  return (await api.post<{ list: ChangeSetRow[] }>('/admin/base/coding/changeSets', { entityKey: KEY })).list;
}

/** The helper page with the entity open on the right (picked in the tree). */
async function openEntity(p: Page): Promise<void> {
  const node = p.getByTestId(`code-tree-entity-${KEY}`);
  if (!(await node.isVisible())) {
    await field(p, 'code-tree-search').fill(NAME);
  }
  await node.click();
  await expect(p.getByTestId('cs-entity')).toHaveAttribute('data-entity', KEY);
}

test.beforeAll(async ({ browser }) => {
  api = await Api.admin();
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 }, locale: 'en-US' });
  page = await context.newPage();
  await uiLogin(page);
});

test.afterAll(async () => {
  await page?.context().close();
});

test('a new entity is a change set to review first: diff, SQL, routes, menus and permission keys', async () => {
  await page.goto(url('/helper/ai-code'));
  await expect(page.getByTestId(`code-tree-module-${MODULE}`)).toBeVisible({ timeout: 20_000 });
  await page.getByTestId(`code-tree-module-${MODULE}`).click();
  await field(page, 'code-name').fill(NAME);
  await field(page, 'code-field-name-0').fill('title');
  await field(page, 'code-field-length-0').fill('80');
  await field(page, 'code-field-required-0').check();
  await field(page, 'code-field-label-0').fill('Title');
  await page.getByTestId('code-field-add').click();
  await field(page, 'code-field-name-1').fill('pages');
  await choose(page, page.getByTestId('code-field-type-1'), 'int');
  await field(page, 'code-field-label-1').fill('Pages');
  await page.getByTestId('code-create').click();

  const review = page.getByTestId('cs-review');
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review).toHaveAttribute('data-kind', 'create');
  await expect(page.getByTestId('cs-state')).toHaveAttribute('data-state', 'draft');
  // Every line of a new declaration is added.
  const diff = page.getByTestId('cs-diff');
  await expect(diff.locator('[data-kind="add"]', { hasText: `name: '${NAME}'` })).toBeVisible();
  await expect(diff.locator('[data-kind="del"]')).toHaveCount(0);
  await shot(page, '43-review-diff');

  await review.getByRole('tab', { name: /^SQL/ }).click();
  await expect(page.getByTestId('cs-sql')).toContainText(/CREATE TABLE/i);
  await expect(page.getByTestId('cs-sql')).toContainText(`${MODULE}_${NAME}`);
  await shot(page, '43-review-sql');
  await review.getByRole('tab', { name: 'Routes, menus, permissions' }).click();
  await expect(page.getByTestId('cs-routes').locator('[data-change="added"]', { hasText: `/admin/${KEY}/add` })).toBeVisible();
  await expect(page.getByTestId('cs-perms').locator('[data-change="added"]', { hasText: `${MODULE}:${NAME}:add` })).toBeVisible();
  await expect(page.getByTestId('cs-menus').locator('[data-change="added"]')).not.toHaveCount(0);
  await shot(page, '43-review-access');

  // Reviewing made nothing: the draft is stored, the entity is not there.
  const tree = await api.get<Array<{ entities: Array<{ key: string }> }>>('/admin/base/coding/getModuleTree');
  expect(tree.flatMap((m) => m.entities.map((e) => e.key))).not.toContain(KEY);
  expect((await changeSets()).map((c) => c.state)).toEqual(['draft']);
});

test('apply shows its progress and leads to the new screen, which takes a row', async () => {
  await page.getByTestId('cs-apply').click();
  await expect(page.getByTestId('cs-done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('cs-progress')).toBeVisible();
  await expect(page.getByTestId('cs-state')).toHaveAttribute('data-state', 'applied');
  await shot(page, '43-applied');
  // Behind the review, the result leads to the screen and to the entity's fields and history.
  await page.getByTestId('cs-close').click();
  await expect(page.getByTestId('code-result')).toContainText(KEY);
  await expect(page.getByTestId('code-result-entity')).toBeVisible();
  await page.getByTestId('cs-close').waitFor({ state: 'detached' });
  await page.getByTestId('code-open-screen').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${KEY}$`));
  await expect(page.locator(`[data-testid="crud-screen"][data-entity="${KEY}"]`)).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('crud-add').click();
  const form = page.locator('.ant-modal:visible, .ant-drawer-content:visible').last();
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Pages', { exact: true }).fill('12');
  await page.getByTestId('form-submit').click();
  await expect(tableRows(page).filter({ hasText: title })).toBeVisible({ timeout: 15_000 });
});

test('a field added through a change set shows on the screen without a restart', async () => {
  await within(page, '/helper/ai-code');
  await openEntity(page);
  await expect(page.getByTestId('cs-entity')).toHaveAttribute('data-live', '1');
  await expect(field(page, 'code-field-name-0')).toHaveValue('title');
  // The list as it stands is no change: refused before any draft.
  await page.getByTestId('cs-preview').click();
  await expect(page.getByTestId('cs-editor-refusal')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('cs-review')).toHaveCount(0);
  await page.getByTestId('code-field-add').click();
  await field(page, 'code-field-name-2').fill('shelf');
  await field(page, 'code-field-label-2').fill('Shelf');
  await page.getByTestId('cs-preview').click();

  const review = page.getByTestId('cs-review');
  await expect(review).toHaveAttribute('data-kind', 'change', { timeout: 30_000 });
  await expect(page.getByTestId('cs-diff').locator('[data-kind="add"]', { hasText: 'shelf' }).first()).toBeVisible();
  await review.getByRole('tab', { name: /^SQL/ }).click();
  await expect(page.getByTestId('cs-sql')).toContainText(/ALTER TABLE/i);
  await expect(page.getByTestId('cs-sql')).toContainText('shelf');
  await shot(page, '43-change-sql');
  await page.getByTestId('cs-apply').click();
  await expect(page.getByTestId('cs-done')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('cs-open-screen').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${KEY}$`));
  await expect(headers(page).filter({ hasText: /^Shelf$/ })).toBeVisible({ timeout: 20_000 });
  await expect(tableRows(page).filter({ hasText: title })).toBeVisible();
  await shot(page, '43-new-column');
});

test('rolling back the last change removes the column, keeps the row, and its data aside until purged', async () => {
  await within(page, '/helper/ai-code');
  await openEntity(page);
  await page.getByTestId('cs-entity').getByRole('tab', { name: 'History' }).click();
  const [last] = await changeSets();
  expect(last).toMatchObject({ kind: 'change', state: 'applied' });
  await page.getByTestId(`cs-rollback-${last!.id}`).click();
  const dialog = page.getByTestId('cs-rollback-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('kept aside');
  await shot(page, '43-rollback-confirm');
  await page.getByTestId('cs-rollback-ok').click();
  await expect(page.getByTestId(`cs-item-${last!.id}`)).toHaveAttribute('data-state', 'rolledBack', { timeout: 30_000 });
  // Only the entity's last applied set can be rolled back: now its create.
  await expect(page.getByTestId(`cs-rollback-${last!.id}`)).toHaveCount(0);
  await shot(page, '43-history');

  await within(page, `/admin/${KEY}`);
  await expect(page.locator(`[data-testid="crud-screen"][data-entity="${KEY}"]`)).toBeVisible({ timeout: 20_000 });
  await expect(tableRows(page).filter({ hasText: title })).toBeVisible({ timeout: 15_000 });
  await expect(headers(page).filter({ hasText: /^Shelf$/ })).toHaveCount(0);
  const rows = await api.page<Record<string, unknown>>(`/admin/${KEY}`, { keyWord: title });
  expect(rows.list).toHaveLength(1);
  expect(rows.list[0]).not.toHaveProperty('shelf');

  // The column the rollback dropped was kept aside (with its values); purging it is a danger confirm.
  const kept = (await changeSets()).find((c) => c.id === last!.id)!;
  expect(kept.keptAside.filter((k) => !k.purged)).not.toHaveLength(0);
  await within(page, '/helper/ai-code');
  await page.getByTestId('cs-entity').getByRole('tab', { name: 'History' }).click();
  await page.getByTestId(`cs-purge-${last!.id}`).click();
  await expect(page.getByTestId('cs-purge-dialog')).toBeVisible();
  await shot(page, '43-purge-confirm');
  await page.getByTestId('cs-purge-ok').click();
  await expect(page.getByTestId(`cs-purge-${last!.id}`)).toHaveCount(0, { timeout: 20_000 });
  expect((await changeSets()).find((c) => c.id === last!.id)!.keptAside.every((k) => k.purged)).toBe(true);
});

test('a change described in words: the model answers the whole list, reviewed before anything runs', async () => {
  await within(page, '/helper/ai-code');
  await openEntity(page);
  await page.getByTestId('cs-entity').getByRole('tab', { name: 'Fields' }).click();
  await page.getByTestId('cs-editor-mode').getByText('Describe the change (AI)').click();
  // The suite's fake model echoes the request: a fenced list in the description comes back as its answer.
  const fields = [
    { name: 'title', type: 'string', length: 80, required: true, label: 'Title' },
    { name: 'pages', type: 'int', label: 'Pages' },
    { name: 'remark', type: 'string', length: 40, label: 'Remark' },
  ];
  await page
    .getByTestId('cs-editor-description')
    .locator('xpath=descendant-or-self::textarea')
    .first()
    .fill(`Add a remark of 40 characters.\n\`\`\`json\n${JSON.stringify({ fields })}\n\`\`\``);
  await page.getByTestId('cs-preview').click();
  const review = page.getByTestId('cs-review');
  await expect(review).toHaveAttribute('data-kind', 'change', { timeout: 45_000 });
  await expect(page.getByTestId('cs-diff').locator('[data-kind="add"]', { hasText: 'remark' }).first()).toBeVisible();
  await expect(page.getByTestId('cs-diff').locator('[data-kind="del"]')).toHaveCount(0);
  await shot(page, '43-described-change');
  await page.getByTestId('cs-discard').click();
  await expect(review).toBeHidden();
  expect((await changeSets())[0]).toMatchObject({ kind: 'change', state: 'discarded' });
  await page.getByTestId('cs-editor-mode').getByText('Field list').click();
});

test('a product entity shows its fields read-only, with why', async () => {
  await within(page, '/helper/ai-code');
  await field(page, 'code-tree-search').fill('demo/goods');
  await page.getByTestId('code-tree-entity-demo/goods').click();
  await expect(page.getByTestId('cs-entity')).toHaveAttribute('data-live', '0');
  await expect(page.getByTestId('cs-shipped')).toContainText('belongs to the product');
  await expect(page.getByTestId('cs-readonly-fields')).toContainText('title');
  await expect(page.getByTestId('cs-editor')).toHaveCount(0);
  await shot(page, '43-product-entity');
});

async function chinesePhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const p = await context.newPage();
  await p.goto(url('/admin/login'));
  await p.evaluate(() => localStorage.setItem('lang', 'zh-cn'));
  await uiLogin(p);
  return p;
}

test('zh-cn at 390 px: the review of a change that loses data, then discarded', async ({ browser }) => {
  const phone = await chinesePhone(browser);
  try {
    await phone.goto(url('/helper/ai-code'));
    await phone.getByTestId('code-pane').getByText('模块').click();
    await openEntity(phone);
    await expect(phone.getByTestId('cs-entity')).toContainText('由代码助手生成');
    expect(await overflow(phone), 'the entity panel scrolls sideways at 390 px').toBeLessThanOrEqual(1);
    await shot(phone, '43-entity-390-zh-cn');
    // Removing `pages` drops a column that holds a value.
    await phone.getByTestId('code-field-remove-1').click();
    await phone.getByTestId('cs-preview').click();
    const review = phone.getByTestId('cs-review');
    await expect(review).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByTestId('cs-data-loss')).toContainText('此变更会丢失数据');
    await expect(phone.getByTestId('cs-diff').locator('[data-kind="del"]', { hasText: 'pages' }).first()).toBeAttached();
    // Apply waits for the warnings to be acknowledged.
    await expect(phone.getByTestId('cs-apply')).toBeDisabled();
    expect(await overflow(phone), 'the review scrolls sideways at 390 px').toBeLessThanOrEqual(1);
    await shot(phone, '43-review-390-zh-cn');
    await review.getByRole('tab', { name: /^SQL/ }).click();
    await expect(phone.getByTestId('cs-sql')).toBeVisible();
    await shot(phone, '43-review-sql-390-zh-cn');
    await phone.getByTestId('cs-discard').click();
    await expect(review).toBeHidden();
    const sets = await changeSets();
    expect(sets[0]).toMatchObject({ kind: 'change', state: 'discarded' });
    // Nothing changed: the column is still there.
    const rows = await api.page<Record<string, unknown>>(`/admin/${KEY}`, { keyWord: title });
    expect(rows.list[0]).toMatchObject({ pages: 12 });
  } finally {
    await phone.context().close();
  }
});
