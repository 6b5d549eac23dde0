/** Auto-adding permissions (000 §5): name, entity and at least one permission are required; the menu gets one button per chosen key. */
import { expect, test } from '@playwright/test';
import { Api, clickStill, marker, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();

interface Menu {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  perms: string | null;
  viewPath: string | null;
}

test('auto-add permissions refuses missing parts and then creates a menu with the chosen buttons', async ({ page }) => {
  const api = await Api.admin();
  await uiLogin(page);
  await page.goto(url('/admin/base/sys/menu'));
  await page.getByTestId('menu-quick').click();
  const dialog = page.locator('.ant-modal:visible').last();
  await expect(dialog).not.toHaveClass(/zoom-(appear|enter)/);

  await clickStill(dialog.getByTestId('form-submit'));
  await expect(dialog).toContainText('Please choose the entity');
  await expect(dialog).toContainText('Please enter the permission name');
  await expect(dialog).toContainText('Please choose at least one permission');

  await dialog.getByLabel('Entity').click();
  await page.keyboard.type('demo/keys');
  await page.keyboard.press('Enter');
  // The entity's keys arrive ticked, and its label becomes the name.
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  const count = await boxes.count();
  expect(count).toBeGreaterThanOrEqual(5);
  // The form may still be settling (the entity's keys arrive ticked) while the boxes are clicked:
  // untick until none stays ticked.
  await expect(async () => {
    for (let i = 0; i < count; i++) await boxes.nth(i).uncheck({ timeout: 1000 });
    await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await clickStill(dialog.getByTestId('form-submit'));
  await expect(dialog).toContainText('Please choose at least one permission');

  const name = `Quick ${marker('menu')}`;
  await dialog.getByLabel('Permission name').fill(name);
  // Filling the name hides its error with a collapse animation that moves the boxes below it up;
  // a click during it lands on the old place. The message's element goes away when it ends.
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: 'Please enter the permission name' })).toHaveCount(0);
  // Ticking the first box hides the "choose a permission" error with the same animation: tick
  // until exactly the two wanted boxes are ticked (a click that landed on a moving box is undone).
  const wanted = [dialog.getByRole('checkbox', { name: /demo:keys:page/ }), dialog.getByRole('checkbox', { name: /demo:keys:info/ })];
  await expect(async () => {
    for (let i = 0; i < count; i++) {
      const box = boxes.nth(i);
      const want = /demo:keys:(page|info)\b/.test((await box.getAttribute('value')) ?? '');
      if ((await box.isChecked()) !== want) await box.setChecked(want, { timeout: 1000 });
    }
    for (const box of wanted) await expect(box).toBeChecked({ timeout: 500 });
    await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(2, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await shot(page, '18-menu-quick');
  await clickStill(dialog.getByTestId('form-submit'));
  await expect(dialog).toBeHidden();

  const menus = await api.post<Menu[]>('/admin/base/sys/menu/list', {});
  const made = menus.find((m) => m.name === name);
  expect(made).toMatchObject({ type: 1, viewPath: 'crud:demo/keys' });
  const buttons = menus.filter((m) => m.parentId === made!.id);
  expect(buttons.map((b) => b.perms).sort()).toEqual(['demo:keys:info', 'demo:keys:page']);
  expect(buttons.every((b) => b.type === 2)).toBe(true);
});
