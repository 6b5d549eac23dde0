/**
 * Scheduled tasks and plugins in the console (issue 19): the administrator creates an interval task
 * (every hour, the harmless `taskLog.purge` handler), sees the preview of its next runs, runs it once and
 * finds a succeeded run in its log; then installs the shipped webhook plugin (checksum shown before the
 * confirmation), fills its settings form (rendered by @rjsf from the plugin's schema), saves it and enables
 * it. Screenshots at desktop width and at 390 px land in tests/e2e/artifacts/.
 */
import { expect, test, type Page } from '@playwright/test';
import { Api, clickStill, confirmOk, marker, motionDone, shot, skipWithoutServer, uiLogin, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const taskName = marker('task');
const HOOK_URL = 'http://127.0.0.1:9/hook';
const SECRET = 'e2e-webhook-secret-0123456789';

let api: Api;
let page: Page;

interface TaskRow {
  id: number;
  name: string;
  service: string;
  every: number | null;
  taskType: number;
}

interface PluginRow {
  id: number;
  keyName: string;
  status: number;
  config: Record<string, unknown> | null;
  secretsSet?: string[];
}

const rows = () => page.locator('.ant-layout-content .ant-table-tbody tr.ant-table-row');
const message = (text: string | RegExp) => page.locator('.ant-message-notice', { hasText: text });

test.beforeAll(async ({ browser }) => {
  api = await Api.admin();
  page = await browser.newPage({ viewport: { width: 1400, height: 860 }, locale: 'en-US' });
  await uiLogin(page);
});

test.afterAll(async () => {
  await page?.close();
});

test('an interval task: created with a preview of its runs, run once, its run in the log', async () => {
  await page.goto(url('/admin/task/info'));
  await expect(page.getByTestId('task-screen')).toBeVisible({ timeout: 20_000 });
  await expect(rows().first()).toBeVisible({ timeout: 20_000 });

  await page.getByTestId('crud-add').click();
  const dialog = page.locator('.ant-modal:visible').last();
  await expect(dialog.getByTestId('task-form-name')).toBeVisible();
  await dialog.getByTestId('task-form-name').fill(taskName);
  // A new task is an interval task; every hour.
  await expect(dialog.getByRole('radio', { name: 'Interval' })).toBeChecked();
  await dialog.getByTestId('task-form-every').fill('3600');
  await dialog.getByTestId('task-form-data').fill('{"days": 30}');
  await dialog.getByTestId('task-form-service').locator('input').fill('taskLog.purge');
  // Close the suggestions of the handler field by clicking the dialog's title.
  await dialog.locator('.ant-modal-title').click();
  // The server's preview of the next five runs, under the field.
  const preview = dialog.getByTestId('task-preview');
  await expect(preview).toHaveAttribute('data-state', 'times', { timeout: 10_000 });
  await expect(preview.locator('code')).toHaveCount(5);
  await shot(page, '19-task-form');
  await page.getByTestId('task-form-submit').click();
  await expect(dialog).toBeHidden();

  const found = await api.page<TaskRow>('/admin/task/info', { keyWord: taskName });
  expect(found.list).toHaveLength(1);
  expect(found.list[0]).toMatchObject({ service: 'taskLog.purge', every: 3_600_000, taskType: 1 });

  const keyword = page.getByTestId('crud-keyword');
  await keyword.fill(taskName);
  await keyword.press('Enter');
  const row = rows().filter({ hasText: taskName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('every 1 h');

  // Run once: confirmed, then a success message.
  await row.getByTestId('task-once').click();
  await expect(confirmOk(page)).toBeVisible();
  await clickStill(confirmOk(page));
  await expect(message('The run has started')).toBeVisible();

  // Its log: the run shows as succeeded (refresh until the background run has ended).
  await row.getByTestId('task-logs-open').click();
  const drawer = page.getByTestId('task-logs');
  await expect(drawer).toBeVisible();
  await expect(async () => {
    await drawer.getByTestId('task-log-refresh').click();
    await expect(drawer.locator('[data-testid="task-log-status"][data-status="1"]').first()).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('Run once');
  await shot(page, '19-task-log');
  await drawer.locator('.ant-drawer-close').click();
});

test('a plugin: install the shipped webhook, configure it through its form, enable it', async () => {
  await page.goto(url('/admin/plugin/info'));
  await expect(page.getByTestId('plugin-screen')).toBeVisible({ timeout: 20_000 });

  // Step 1: pick the shipped webhook; step 2 shows its checksum before anything runs.
  await page.getByTestId('plugin-install').click();
  const pick = page.getByTestId('plugin-shipped-webhook');
  await expect(pick).toBeVisible({ timeout: 20_000 });
  await pick.click();
  const sha = page.getByTestId('plugin-sha256');
  await expect(sha).toBeVisible({ timeout: 20_000 });
  expect((await sha.innerText()).trim()).toMatch(/^[0-9a-f]{64}$/);
  await shot(page, '19-plugin-install-review');
  await clickStill(page.getByTestId('plugin-install-confirm'));
  await expect(message(/installed/)).toBeVisible({ timeout: 20_000 });

  const row = rows().filter({ hasText: 'webhook' });
  await expect(row).toHaveCount(1);
  const switchOf = row.getByTestId('plugin-status-webhook');
  await expect(switchOf).toHaveAttribute('aria-checked', 'false');

  // The settings form, rendered from the plugin's config schema.
  await row.getByTestId('plugin-config-webhook').click();
  const drawer = page.getByTestId('plugin-config-drawer');
  await expect(drawer.locator('#root_url')).toBeVisible({ timeout: 20_000 });
  await drawer.locator('#root_url').fill(HOOK_URL);
  await expect(drawer.locator('#root_secret')).toHaveAttribute('type', 'password');
  await drawer.locator('#root_secret').fill(SECRET);
  // The form's state settles a moment after the click (the box shows checked once it has), which
  // `check()` does not wait for: it looks right after its click. So: click once the drawer is still,
  // then wait for the box to show checked.
  const registered = drawer.getByRole('checkbox', { name: /user\.registered/ });
  await motionDone(page);
  await registered.click();
  await expect(registered).toBeChecked();
  await shot(page, '19-plugin-config');
  await clickStill(page.getByTestId('plugin-config-save'));
  await expect(message('Settings saved')).toBeVisible({ timeout: 10_000 });
  await expect(drawer).toBeHidden();

  let info = (await api.page<PluginRow>('/admin/plugin/info', { keyWord: 'webhook' })).list.find((p) => p.keyName === 'webhook')!;
  expect(info.config).toMatchObject({ url: HOOK_URL, events: ['user.registered'] });
  expect(info.config?.secret).toBeUndefined();
  expect(info.secretsSet).toContain('secret');

  // The secret now says it is set, and stays set when left empty.
  await row.getByTestId('plugin-config-webhook').click();
  await expect(drawer.locator('#root_secret')).toHaveAttribute('placeholder', /Set/);
  await clickStill(page.getByTestId('plugin-config-save'));
  await expect(drawer).toBeHidden({ timeout: 10_000 });
  info = (await api.page<PluginRow>('/admin/plugin/info', { keyWord: 'webhook' })).list.find((p) => p.keyName === 'webhook')!;
  expect(info.secretsSet).toContain('secret');

  // Enable: the switch turns on, and the row says so.
  await switchOf.click();
  await expect(message('Plugin enabled')).toBeVisible({ timeout: 10_000 });
  await expect(switchOf).toHaveAttribute('aria-checked', 'true');
  info = (await api.page<PluginRow>('/admin/plugin/info', { keyWord: 'webhook' })).list.find((p) => p.keyName === 'webhook')!;
  expect(info.status).toBe(1);
  await shot(page, '19-plugins');

  // The readme, rendered from markdown.
  await row.getByTestId('plugin-readme-webhook').click();
  await expect(page.getByTestId('plugin-readme')).toBeVisible();
  await shot(page, '19-plugin-readme');
  await page.getByTestId('plugin-readme-drawer').locator('.ant-drawer-close').click();
});

test('the task and plugin screens at 390 px: the page does not scroll sideways, drawers fill the width', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ['/admin/task/info', 'tasks'],
    ['/admin/plugin/info', 'plugins'],
  ] as const) {
    await page.goto(url(path));
    await expect(rows().first()).toBeVisible({ timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(1);
    await shot(page, `19-${name}-390`);
  }
  const row = rows().filter({ hasText: 'webhook' });
  await row.getByTestId('plugin-config-webhook').scrollIntoViewIfNeeded();
  await row.getByTestId('plugin-config-webhook').click();
  const drawer = page.getByTestId('plugin-config-drawer');
  await expect(drawer.locator('#root_url')).toBeVisible({ timeout: 20_000 });
  const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThanOrEqual(380);
  await shot(page, '19-plugin-config-390');
});
