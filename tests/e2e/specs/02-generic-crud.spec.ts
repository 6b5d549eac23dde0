/**
 * The generic CRUD screen (rendered from /eps, no web code for the entity) on demo/goods:
 * add, inline edit, keyword filter, export, delete, then restore from the recycle screen.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { Api, ARTIFACTS, clickStill, confirmOk, marker, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PREFIX = '/admin/demo/goods';
const title = marker('goods');
const edited = `${title} edited`;
const other = marker('other');
let api: Api;
let page: Page;
let id = 0;

interface Goods {
  id: number;
  title: string;
  price: number | string | null;
  stock: number | null;
}

const row = (text: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

async function openGoods(): Promise<void> {
  await page.goto(url(PREFIX));
  await expect(page.locator('[data-testid="crud-screen"][data-entity="demo/goods"]')).toBeVisible({ timeout: 20_000 });
}

test.beforeAll(async ({ browser }) => {
  api = await Api.admin();
  await api.post(`${PREFIX}/add`, { title: other, price: 1, stock: 1 });
  page = await browser.newPage({ viewport: { width: 1400, height: 860 }, locale: 'en-US', acceptDownloads: true });
  await uiLogin(page);
});

test.afterAll(async () => {
  await page?.close();
});

test('add a record through the form', async () => {
  await openGoods();
  await page.getByTestId('crud-add').click();
  const dialog = page.locator('.ant-modal:visible, .ant-drawer-content:visible').last();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Price', { exact: true }).fill('12.5');
  await dialog.getByLabel('Stock', { exact: true }).fill('7');
  await shot(page, '05-crud-add-form');
  await page.getByTestId('form-submit').click();
  await expect(row(title)).toBeVisible();

  const found = await api.page<Goods>(PREFIX, { keyWord: title });
  expect(found.list).toHaveLength(1);
  expect(Number(found.list[0].price)).toBe(12.5);
  expect(found.list[0].stock).toBe(7);
  id = found.list[0].id;
});

test('the form refuses a missing required field', async () => {
  await page.getByTestId('crud-add').click();
  const dialog = page.locator('.ant-modal:visible, .ant-drawer-content:visible').last();
  await dialog.getByLabel('Stock', { exact: true }).fill('1');
  await page.getByTestId('form-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  const all = await api.page<Goods>(PREFIX, {});
  expect(all.list.filter((g) => !g.title)).toHaveLength(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('edit a cell inline: Save calls update', async () => {
  await openGoods();
  await row(title).getByTestId('cell-title').click();
  const save = page.getByTestId('cell-save');
  await expect(save).toBeVisible();
  // The editor is the input next to the Save button (inline in the cell or in a popover).
  const input = save.locator('xpath=ancestor::*[.//input or .//textarea][1]').locator('input, textarea').first();
  await input.fill(edited);
  await shot(page, '06-crud-inline-edit');
  await clickStill(save);
  await expect(row(edited)).toBeVisible();
  const info = await api.get<Goods>(`${PREFIX}/info?id=${id}`);
  expect(info.title).toBe(edited);
});

test('cancel in the inline editor restores the old value', async () => {
  await row(edited).getByTestId('cell-title').click();
  const save = page.getByTestId('cell-save');
  const input = save.locator('xpath=ancestor::*[.//input or .//textarea][1]').locator('input, textarea').first();
  await input.fill('should not be saved');
  await page.getByTestId('cell-cancel').click();
  await expect(row(edited)).toBeVisible();
  const info = await api.get<Goods>(`${PREFIX}/info?id=${id}`);
  expect(info.title).toBe(edited);
});

test('keyword filter narrows the table', async () => {
  await openGoods();
  await expect(row(other)).toBeVisible();
  const kw = page.getByTestId('crud-keyword');
  await kw.fill(edited);
  await kw.press('Enter');
  await expect(row(other)).toHaveCount(0);
  await expect(row(edited)).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await shot(page, '07-crud-filtered');
});

test('export downloads the chosen columns', async () => {
  await page.getByTestId('crud-export').click();
  const dialog = page.locator('.ant-modal:visible').last();
  await expect(page.getByTestId('export-submit')).toBeVisible();
  // The dialog zooms in; a click during the animation can be lost.
  await expect(dialog).not.toHaveClass(/zoom-(appear|enter)/);
  // Choose the columns: Title and Price in, Stock out.
  const setBox = async (name: string, checked: boolean) => {
    const box = dialog.getByRole('checkbox', { name, exact: true });
    await expect(async () => {
      if ((await box.isChecked()) !== checked) await box.click({ force: true });
      expect(await box.isChecked()).toBe(checked);
    }).toPass({ timeout: 10_000 });
  };
  await setBox('Title', true);
  await setBox('Price', true);
  await setBox('Stock', false);
  const stockBox = dialog.getByRole('checkbox', { name: 'Stock', exact: true });
  await expect(stockBox).not.toBeChecked();
  await shot(page, '08-crud-export-dialog');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-submit').click()]);
  const file = join(ARTIFACTS, `export-${download.suggestedFilename()}`);
  await download.saveAs(file);

  let rows: string[][];
  if (file.endsWith('.csv')) {
    const { readFileSync } = await import('node:fs');
    rows = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(','));
  } else {
    expect(file).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    rows = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  }
  expect(rows[0]).toContain('Title');
  expect(rows[0]).toContain('Price');
  expect(rows[0]).not.toContain('Stock');
  const mine = rows.find((r) => r[rows[0].indexOf('Title')] === edited);
  // The export follows the current filter (or exports every row): the edited record is in it either way.
  expect(mine, `no row titled "${edited}" in ${JSON.stringify(rows)}`).toBeTruthy();
  expect(Number(mine?.[rows[0].indexOf('Price')])).toBe(12.5);
});

test('delete with the confirmation', async () => {
  await openGoods();
  await row(edited).getByTestId('crud-row-delete').click();
  await expect(confirmOk(page)).toBeVisible();
  await shot(page, '09-crud-delete-confirm');
  await clickStill(confirmOk(page));
  await expect(row(edited)).toHaveCount(0);
  const found = await api.page<Goods>(PREFIX, { keyWord: edited });
  expect(found.pagination.total).toBe(0);
});

test('restore it from the recycle screen', async () => {
  await page.goto(url('/admin/recycle/data'));
  const restore = page.getByTestId('recycle-restore');
  await expect(restore.first()).toBeVisible({ timeout: 20_000 });
  await shot(page, '10-recycle');
  // The newest deletion is ours (the recycle list is newest first); prefer the row that shows the title.
  const mine = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: edited });
  const target = (await mine.count()) > 0 ? mine.first().getByTestId('recycle-restore') : restore.first();
  await target.click();
  // A confirmation, when the screen asks for one.
  await confirmOk(page)
    .waitFor({ state: 'visible', timeout: 2000 })
    .then(
      () => confirmOk(page).click(),
      () => undefined,
    );
  await expect.poll(async () => (await api.page<Goods>(PREFIX, { keyWord: edited })).pagination.total, { timeout: 10_000 }).toBe(1);
  await openGoods();
  await expect(row(edited)).toBeVisible();
});
