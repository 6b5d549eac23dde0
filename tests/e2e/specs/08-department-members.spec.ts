/** The member selector (000 §5 'Please select members') adds users to a department. */
import { expect, test } from '@playwright/test';
import { Api, clickStill, marker, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();

test('a department gets members through the member selector', async ({ page }) => {
  const api = await Api.admin();
  const deptName = marker('dept');
  const { id: departmentId } = await api.post<{ id: number }>('/admin/base/sys/department/add', { name: deptName });
  const username = `m${Date.now().toString(36)}`;
  const { id: userId } = await api.post<{ id: number }>('/admin/base/sys/user/add', { username, password: 'secret123', nickName: 'Member M' });

  await uiLogin(page);
  await page.goto(url('/admin/base/sys/department'));
  await page.locator('.ant-tree-node-content-wrapper', { hasText: deptName }).click();
  const members = page.getByTestId('department-members');
  await expect(members).toContainText('(0)');
  await members.getByTestId('department-add-members').click();

  const dialog = page.locator('.ant-modal:visible').last();
  await expect(dialog).not.toHaveClass(/zoom-(appear|enter)/);
  await clickStill(dialog.getByTestId('member-select-ok'));
  await expect(dialog).toContainText('Please select members');

  const search = dialog.getByPlaceholder('Username, nickname or e-mail');
  await search.fill(username);
  await search.press('Enter');
  const row = dialog.locator('.ant-table-row', { hasText: username });
  await expect(row).toHaveCount(1);
  await row.locator('.ant-checkbox-input').check();
  await expect(dialog).not.toContainText('Please select members');
  await shot(page, '19-member-select');
  await clickStill(dialog.getByTestId('member-select-ok'));
  await expect(dialog).toBeHidden();
  await expect(members).toContainText('(1)');
  await expect(members).toContainText(username);

  const user = await api.get<{ departmentId: number | null }>(`/admin/base/sys/user/info?id=${userId}`);
  expect(user.departmentId).toBe(departmentId);
});
