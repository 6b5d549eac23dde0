/**
 * Import through the generic screen: a file with one bad row is refused as a whole (the bad row
 * is listed, nothing is written), then a good file writes every row.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { ARTIFACTS, Api, marker, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PREFIX = '/admin/demo/goods';
const tag = marker('import');
let api: Api;
let page: Page;

async function xlsx(name: string, rows: Array<Array<string | number>>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('goods');
  ws.addRow(['title', 'price', 'stock']);
  for (const r of rows) ws.addRow(r);
  const file = join(ARTIFACTS, name);
  await wb.xlsx.writeFile(file);
  return file;
}

async function importFile(file: string): Promise<void> {
  await page.goto(url(PREFIX));
  await expect(page.locator('[data-testid="crud-screen"][data-entity="demo/goods"]')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('crud-import').click();
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByTestId('import-submit').click();
}

const mine = async () => (await api.page<{ title: string }>(PREFIX, { keyWord: tag })).list;

test.beforeAll(async ({ browser }) => {
  api = await Api.admin();
  page = await browser.newPage({ viewport: { width: 1400, height: 860 }, locale: 'en-US' });
  await uiLogin(page);
});

test.afterAll(async () => {
  await page?.close();
});

test('a file with one bad row lists it and writes nothing', async () => {
  // Row 3 of the sheet (the header is row 1) has no title and a price that is not a number.
  const file = await xlsx('import-bad.xlsx', [
    [`${tag} A`, 3.5, 10],
    ['', 'abc', 2],
    [`${tag} C`, 4, 11],
  ]);
  await importFile(file);
  const errors = page.getByTestId('import-errors');
  await expect(errors).toBeVisible();
  await expect(errors).toContainText('3');
  await expect(errors).toContainText('Title');
  await shot(page, '11-import-bad-row');
  expect(await mine()).toHaveLength(0);
});

test('a good file writes every row', async () => {
  const file = await xlsx('import-good.xlsx', [
    [`${tag} A`, 3.5, 10],
    [`${tag} B`, 2, 2],
    [`${tag} C`, 4, 11],
  ]);
  await importFile(file);
  await expect.poll(async () => (await mine()).map((g) => g.title).sort(), { timeout: 15_000 }).toEqual([`${tag} A`, `${tag} B`, `${tag} C`]);
  await page.keyboard.press('Escape');
  const kw = page.getByTestId('crud-keyword');
  await kw.fill(tag);
  await kw.press('Enter');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: tag })).toHaveCount(3);
  await shot(page, '12-import-good');
});
