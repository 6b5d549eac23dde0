/**
 * A second role admitted to the console by the param consoleRoleIds: before the param the user is
 * sent to /404; after it the console opens with fewer menus than admin's and without the add and
 * delete buttons on the users screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { Api, marker, shot, sideMenu, skipWithoutServer, submitLogin, uiLogin, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const username = `viewer${Date.now().toString(36)}`;
const password = 'viewer-pass-1';
const nickName = marker('viewer');
let api: Api;
let roleId = 0;

interface MenuRow {
  id: number;
  parentId: number | null;
  type: number;
  router: string | null;
  perms: string | null;
}

/** Top-level entries of the side menu (the dashboard plus one per module). */
async function topMenuCount(page: Page): Promise<number> {
  const menu = sideMenu(page);
  await expect(menu).toBeVisible({ timeout: 20_000 });
  return menu.locator(':scope > li.ant-menu-item, :scope > li.ant-menu-submenu').count();
}

test.beforeAll(async () => {
  api = await Api.admin();
  const menus = await api.post<MenuRow[]>('/admin/base/sys/menu/list', {});
  const users = menus.find((m) => m.router === '/base/sys/user' && m.type === 1);
  if (!users) throw new Error('no /base/sys/user menu');
  const buttons = menus.filter((m) => m.parentId === users.id && /:(page|info|list)$/.test(m.perms ?? ''));
  const role = await api.post<{ id: number }>('/admin/base/sys/role/add', {
    name: 'E2E viewer',
    label: `e2e_viewer_${Date.now().toString(36)}`,
    menuIdList: [users.parentId, users.id, ...buttons.map((b) => b.id)].filter((x) => x != null),
  });
  roleId = role.id;
  await api.post('/admin/base/sys/user/add', { username, password, nickName, roleIdList: [roleId] });
});

test('without consoleRoleIds the viewer is sent to /404', async ({ page }) => {
  await page.goto(url('/admin/login'));
  await submitLogin(page, username, password);
  // Signed in, but the console does not admit the role.
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 20_000 });
  await page.goto(url('/admin'));
  await expect(page).toHaveURL(/\/404\?from=console$/);
  await shot(page, '15-viewer-404');
});

test('with consoleRoleIds the viewer sees fewer menus and no add/delete', async ({ page }) => {
  const existing = await api.page<{ id: number }>('/admin/base/sys/param', { keyWord: 'consoleRoleIds' });
  if (existing.list.length) await api.post('/admin/base/sys/param/update', { id: existing.list[0].id, data: JSON.stringify([roleId]) });
  else await api.post('/admin/base/sys/param/add', { keyName: 'consoleRoleIds', name: 'Console roles', data: JSON.stringify([roleId]), dataType: 0 });

  await uiLogin(page);
  const adminCount = await topMenuCount(page);
  await page.context().clearCookies();
  await page.evaluate('localStorage.clear()');

  await uiLogin(page, username, password);
  await expect(page.getByTestId('user-name')).toHaveText(nickName);
  const viewerCount = await topMenuCount(page);
  expect(viewerCount).toBeGreaterThan(0);
  expect(viewerCount).toBeLessThan(adminCount);

  await page.goto(url('/admin/base/sys/user'));
  // The role has no departments: its data scope is its own rows, so the table shows the viewer.
  await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: username }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('crud-add')).toHaveCount(0);
  await expect(page.getByTestId('crud-delete-selected')).toHaveCount(0);
  await expect(page.getByTestId('crud-row-delete')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /(^|\s)(Add|Delete)$/ })).toHaveCount(0);
  await shot(page, '16-viewer-users');

  // A screen outside the role's menus is not reachable.
  await page.goto(url('/admin/demo/goods'));
  await expect(page).toHaveURL(/\/404$/);
});
