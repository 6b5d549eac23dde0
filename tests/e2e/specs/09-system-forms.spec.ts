/** The hand-made forms of roles and users save through the console (add, then edit). */
import { expect, test, type Page } from '@playwright/test';
import { Api, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();

async function openDialog(page: Page) {
  const dialog = page.locator('.ant-modal:visible').last();
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/zoom-(appear|enter)/);
  return dialog;
}

test('a role and a user are added and edited through their forms', async ({ page }) => {
  const api = await Api.admin();
  const tag = Date.now().toString(36);
  await uiLogin(page);

  await page.goto(url('/admin/base/sys/role'));
  await page.getByTestId('crud-add').click();
  let dialog = await openDialog(page);
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toContainText('Please enter the role identifier');
  await dialog.getByLabel('Name', { exact: true }).fill(`Role ${tag}`);
  await dialog.getByLabel('Identifier').fill(`role_${tag}`);
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();
  const roles = await api.post<Array<{ id: number; name: string; label: string }>>('/admin/base/sys/role/list', {});
  const role = roles.find((r) => r.label === `role_${tag}`);
  expect(role?.name).toBe(`Role ${tag}`);

  await page.goto(url('/admin/base/sys/user'));
  await page.getByTestId('crud-add').click();
  dialog = await openDialog(page);
  await dialog.getByLabel('Username').fill(`u${tag}`);
  await dialog.getByLabel('Password').fill('secret123');
  await dialog.getByLabel('Nickname').fill(`Nick ${tag}`);
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `u${tag}` });
  await expect(row).toHaveCount(1);

  await row.getByTestId('crud-row-edit').click();
  dialog = await openDialog(page);
  await expect(dialog.getByLabel('Username')).toHaveValue(`u${tag}`);
  await dialog.getByLabel('Nickname').fill(`Renamed ${tag}`);
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();
  const found = await api.page<{ username: string; nickName: string }>('/admin/base/sys/user', { keyWord: `u${tag}` });
  expect(found.list.map((u) => u.nickName)).toEqual([`Renamed ${tag}`]);
});
