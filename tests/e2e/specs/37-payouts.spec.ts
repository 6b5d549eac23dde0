/**
 * Creators are paid (issue 37), in the browser: Ben buys Sue's listing; the administrator releases
 * Sue's sale in the console's token audit (found by her id), so it becomes withdrawable; Sue (简体中文,
 * a 390 px phone) asks for a payout of part of it from her Earnings tab, twice; the administrator
 * marks the first paid with a reference and rejects the second with a long reason in the console's
 * Payout screen, which keeps each in its column; Sue sees the reference, the reason and her tokens
 * back, and her ledger names each payout.
 */
import { test, expect, type Page } from '@playwright/test';
import { Api, clickStill, go, makeMembers, memberBrowser, pageWidth, payAt, shot, skipWithoutServer, uiLogin } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const sue = { username: `po_sue_${run}`, nickName: `苏 ${run}`, id: 0 };
const ben = { username: `po_ben_${run}`, nickName: `Ben ${run}`, id: 0 };
const title = `Sue's pattern book ${run}`;
const reference = `SEPA-${run.toUpperCase()}`;
const reason = `The account number ${run} does not match the name on the account; please check the IBAN and the holder's name and ask again.`;
let s: Page; // Sue, zh-cn, 390 px
let earned = 0;

test.afterAll(async () => {
  await s?.context().close();
});

/** The figure of the Earnings tab's withdrawable balance. */
const withdrawable = (p: Page) => p.getByTestId('acc-payout-withdrawable').locator('.ant-statistic-content-value');
/** `n` as the zh-cn page writes it (1,800). */
const shown = (n: number) => n.toLocaleString('zh-CN', { maximumFractionDigits: 4 });

test("1. Ben buys Sue's listing; the administrator releases the sale in the console's audit", async ({ browser }) => {
  await makeMembers([sue, ben], PASSWORD);
  const sueApi = await Api.login(sue.username, PASSWORD);
  const goodsId = Number((await sueApi.post<{ id: number }>('/admin/goods/info/add', { title, price: 20, status: 1, isDisplay: 1, isFree: 0 })).id);
  const b = await memberBrowser(browser, ben.username, PASSWORD);
  try {
    await go(b, `/goods/${goodsId}`);
    await expect(b.getByTestId('goods-buy')).toHaveAttribute('data-state', 'buy');
    await b.getByTestId('goods-buy').click();
    await payAt(b, 'alipay');
  } finally {
    await b.context().close();
  }

  const adm = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  try {
    await uiLogin(adm);
    await go(adm, '/admin/base/tokenLog');
    const audit = adm.getByTestId('token-audit');
    await expect(audit).toBeVisible({ timeout: 20_000 });
    await audit.getByPlaceholder('Seller ID').fill(String(sue.id));
    await audit.getByPlaceholder('Seller ID').press('Enter');
    const row = audit.locator('tbody tr.ant-table-row');
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await row.locator('.ant-checkbox-input').check();
    await audit.getByTestId('audit-release').click();
    await clickStill(adm.locator('.ant-modal-confirm-btns .ant-btn-primary'));
    await audit.getByTestId('audit-shown').getByText('All').click();
    await expect(row.getByText('Withdrawable')).toBeVisible({ timeout: 20_000 });
    await shot(adm, '37p-1-admin-released-1400-en');
  } finally {
    await adm.context().close();
  }
  const person = await (await Api.login(sue.username, PASSWORD)).get<{ withdrawableTokens: number | string }>('/admin/base/comm/person');
  earned = Number(person.withdrawableTokens);
  expect(earned).toBeGreaterThan(8);
});

test('2. Sue asks for two payouts on her phone', async ({ browser }) => {
  s = await memberBrowser(browser, sue.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await go(s, '/my/info?tab=earnings');
  await expect(withdrawable(s)).toHaveText(shown(earned), { timeout: 15_000 });
  for (const [tokens, note] of [
    [5, `IBAN DE00 1111 ${run}`],
    [3, `IBAN DE00 2222 ${run}`],
  ] as const) {
    await s.getByTestId('acc-payout-open').click();
    await s.getByTestId('acc-payout-tokens').fill(String(tokens));
    await s.getByTestId('acc-payout-note').fill(note);
    await s.getByTestId('acc-payout-send').click();
    await expect(s.getByTestId('acc-payout').filter({ hasText: note })).toBeVisible({ timeout: 15_000 });
  }
  await expect(withdrawable(s)).toHaveText(shown(earned - 8));
  expect(await pageWidth(s)).toBeLessThanOrEqual(390);
  await shot(s, '37p-2-sue-requested-390-zh');
});

test('3. the administrator marks one paid and rejects the other with a long reason, each in its column', async ({ browser }) => {
  const adm = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  try {
    await uiLogin(adm);
    await go(adm, '/admin/base/payout');
    const screen = adm.getByTestId('payout-screen');
    const rowOf = (note: string) => screen.locator('tbody tr.ant-table-row').filter({ hasText: note });
    await expect(rowOf(`1111 ${run}`)).toBeVisible({ timeout: 20_000 });
    await rowOf(`1111 ${run}`).getByTestId('payout-mark-paid').click();
    await adm.getByTestId('payout-settle-text').fill(reference);
    await adm.getByTestId('payout-settle-submit').click();
    await expect(rowOf(`1111 ${run}`)).toContainText(reference, { timeout: 15_000 });

    await rowOf(`2222 ${run}`).getByTestId('payout-reject').click();
    await adm.getByTestId('payout-settle-text').fill(reason);
    await adm.getByTestId('payout-settle-submit').click();
    const rejected = rowOf(`2222 ${run}`);
    await expect(rejected.getByTestId('payout-mark-paid')).toHaveCount(0, { timeout: 15_000 });
    // The long reason stays inside its cell: cut short with an ellipsis, not spilling into the next column.
    const cell = rejected.locator('td').filter({ hasText: reason.slice(0, 20) });
    const [cellBox, textBox] = [await cell.boundingBox(), await cell.locator('.ant-typography').boundingBox()];
    expect(textBox!.x + textBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width + 1);
    await shot(adm, '37p-3-admin-payouts-1400-en');
  } finally {
    await adm.context().close();
  }
});

test('4. Sue sees the reference, the reason and her tokens back; her ledger names each payout', async () => {
  await go(s, '/my/info?tab=earnings');
  await expect(
    s
      .getByTestId('acc-payout')
      .filter({ hasText: `1111 ${run}` })
      .getByTestId('acc-payout-reference'),
  ).toContainText(reference, { timeout: 15_000 });
  await expect(
    s
      .getByTestId('acc-payout')
      .filter({ hasText: `2222 ${run}` })
      .getByTestId('acc-payout-reason'),
  ).toContainText(reason.slice(0, 40));
  await expect(withdrawable(s)).toHaveText(shown(earned - 5));
  expect(await pageWidth(s)).toBeLessThanOrEqual(390);
  await shot(s, '37p-4-sue-settled-390-zh');

  await go(s, '/my/info?tab=tokens');
  const sources = s.locator('[data-testid="acc-ledger-entry"] [data-testid="acc-ledger-source"]');
  await expect(sources.filter({ hasText: reference })).toHaveCount(1, { timeout: 15_000 });
  await expect(sources.filter({ hasText: /^#\d+$/ })).toHaveCount(2);
  await shot(s, '37p-4-sue-ledger-390-zh');
});
