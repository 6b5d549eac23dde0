/**
 * Journeys (issue 35), the work slice: two members at once - Gil in English on a wide screen, Hal
 * in 简体中文 on a 390 px phone, each in a browser context of their own that stays open from step
 * to step - and the administrator in the console. The administrator makes an AI app with an input
 * form in the console; Gil runs it and watches the answer stream in; Hal runs an asynchronous app
 * (the suite's workflow engine answers it here) and finds it under "My AI runs". Gil makes a team,
 * Hal joins it by the invite link, both cards count along without a reload; Hal changes his name
 * and picture and Gil sees them in the team; Hal leaves. The administrator reads the dashboard,
 * finds Hal by his new name, gives him tokens (Hal sees his balance move) and has the code helper
 * make an entity whose screen reads in Chinese. Screenshots land in tests/e2e/artifacts/.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { Api, ARTIFACTS, clickStill, go, memberBrowser, motionDone, nav, pageWidth as width, shot, sideMenu, skipWithoutServer, uiLogin } from '../helpers';
import { FakeWorkflow } from '../../helpers/fake-workflow';
import { docShot } from '../doc-shots';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const gil = { username: `jw_gil_${run}`, nickName: `Gil ${run}`, id: 0 };
const hal = { username: `jw_hal_${run}`, nickName: `Hal ${run}`, id: 0 };
const ivy = { username: `jw_ivy_${run}`, nickName: `Ivy ${run}`, id: 0 };
const halNew = `小哈 ${run}`;
const formApp = `Trip planner ${run}`;
const asyncApp = `Night report ${run}`;
const teamName = `Lighthouse ${run}`;
let teamId = 0;
let engine: FakeWorkflow;
let g: Page; // Gil, English, 1400 px
let h: Page; // Hal, zh-cn, 390 px
let adm: Page; // the administrator's console, 1400 px

/** A 1x1 PNG, a picture small enough for an avatar. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const balanceOf = async (who: { username: string }) =>
  Number((await (await Api.login(who.username, PASSWORD)).get<{ tokens: string | number }>('/admin/base/comm/person')).tokens);

test.beforeAll(async () => {
  engine = await new FakeWorkflow(process.env.E2E_WORKFLOW_SECRET ?? '').start(Number(process.env.E2E_WORKFLOW_PORT));
});

test.afterAll(async () => {
  await g?.context().close();
  await h?.context().close();
  await adm?.context().close();
  await engine?.close();
});

test('1. the administrator makes the accounts and, in the console, an AI app with an input form', async ({ browser }) => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [gil, hal, ivy]) {
    const made = await admin.post<{ id: number }>('/admin/base/sys/user/add', {
      username: u.username,
      password: PASSWORD,
      nickName: u.nickName,
      roleIdList: [member.id],
    });
    u.id = Number(made.id);
  }
  for (const u of [gil, hal]) {
    const code = (await admin.post<{ codes: string[] }>('/admin/base/coupon/generate', { count: 1, type: 2, tokens: 20 })).codes[0];
    await (await Api.login(u.username, PASSWORD)).post('/admin/base/coupon/use', { code });
  }
  // The asynchronous app runs on the workflow engine.
  await admin.post('/admin/base/app/add', {
    name: asyncApp,
    isAsync: 1,
    parentType: 1,
    tokens: 3,
    show: 1,
    config: { workflow: { steps: ['gather', 'write'] }, description: 'Writes the night report in the background' },
  });

  // The form app, made in the console's app screen.
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 }, locale: 'en-US' });
  adm = await context.newPage();
  await uiLogin(adm);
  await go(adm, '/admin/base/app');
  await adm.getByTestId('crud-add').click();
  const form = adm.locator('.ant-modal:visible').last();
  await form.getByLabel('Name', { exact: true }).fill(formApp);
  await form.getByLabel('Token cost', { exact: true }).fill('2');
  // What "Parent type" does is said beside it: the store's grouping.
  await expect(form.getByTestId('form-item-parentType')).toContainText('Category 1');
  await form.getByLabel('Parent type', { exact: true }).fill('1');
  const config = {
    systemPrompt: 'Plan a short trip.',
    description: 'Plans a trip from a few facts',
    inputSchema: {
      type: 'object',
      required: ['city', 'pace'],
      properties: {
        city: { type: 'string', title: 'City', maxLength: 60 },
        days: { type: 'integer', title: 'Days', minimum: 1, maximum: 14 },
        pace: { enum: ['relaxed', 'busy'], title: 'Pace' },
      },
    },
  };
  await form.getByTestId('form-item-config').getByTestId('json-input').fill(JSON.stringify(config));
  await expect(form.getByTestId('json-state')).toContainText('Valid JSON');
  await shot(adm, '33-j1-admin-app-form-1400-en');
  await clickStill(adm.getByTestId('form-submit'));
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(adm.locator('tr.ant-table-row', { hasText: formApp })).toBeVisible({ timeout: 15_000 });
  await shot(adm, '33-j1-admin-apps-1400-en');

  g = await memberBrowser(browser, gil.username, PASSWORD);
  h = await memberBrowser(browser, hal.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  expect(await width(h)).toBeLessThanOrEqual(390);
});

test("2. Gil fills the app's form, sees the cost and watches the answer stream in; the cost shown is what is taken", async () => {
  await go(g, '/workflow_store?view=apps');
  const card = g.getByTestId('app-card').filter({ hasText: formApp });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('app-cost')).toContainText('2');
  await card.getByTestId('app-run').click();
  const dialog = g.getByTestId('run-dialog');
  await expect(dialog.getByTestId('run-cost')).toHaveText('2 tokens');
  await expect(dialog.getByTestId('run-balance')).toHaveText('20 tokens');
  await expect(dialog).toContainText('City');
  await expect(dialog).toContainText('Days');
  await expect(dialog).toContainText('Pace');
  await dialog.getByTestId('app-input-city').fill('Lisbon');
  await dialog.getByTestId('app-input-days').locator('xpath=descendant-or-self::input').first().fill('3');
  await dialog.getByTestId('app-input-pace').click();
  await clickStill(g.locator('.ant-select-item-option').filter({ hasText: 'relaxed' }));
  await shot(g, '33-j2-gil-run-form-1400-en');
  await dialog.getByTestId('run-start').click();

  await expect(dialog.getByTestId('run-taken')).toContainText('2', { timeout: 15_000 });
  const answer = dialog.getByTestId('run-answer');
  await expect(answer).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  // At once, not through shot(): the short answer is done before shot's settling wait ends.
  await g.screenshot({ path: join(ARTIFACTS, '33-j2-gil-run-live-1400-en.png') });
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(answer).toContainText('Lisbon');
  await expect(answer).toContainText('relaxed');
  await shot(g, '33-j2-gil-run-done-1400-en');
  expect(await balanceOf(gil)).toBe(18);
  await dialog.getByTestId('run-close').click();
});

test('3. Hal runs the asynchronous app at 390 px: queued, then the answer, then found under "My AI runs"', async () => {
  await go(h, '/workflow_store?view=apps');
  const card = h.getByTestId('app-card').filter({ hasText: asyncApp });
  await expect(card).toBeVisible({ timeout: 15_000 });
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j3-hal-store-390-zh');
  await card.getByTestId('app-run').click();
  const dialog = h.getByTestId('run-dialog');
  await expect(dialog.getByTestId('run-cost')).toHaveText('3 代币');
  await expect(dialog.getByTestId('run-balance')).toHaveText('20 代币');
  await dialog.getByTestId('app-input-text').fill('灯塔今晚的天气和船只');
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j3-hal-run-form-390-zh');
  const jobsBefore = engine.jobs.length;
  await dialog.getByTestId('run-start').click();
  await expect(dialog.getByTestId('run-queued')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('run-taken')).toContainText('3');
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j3-hal-queued-390-zh');

  await expect.poll(() => engine.jobs.length, { timeout: 15_000 }).toBeGreaterThan(jobsBefore);
  const job = engine.jobs[engine.jobs.length - 1];
  expect(job.body.input).toBe('灯塔今晚的天气和船只');
  expect((await engine.callBack(job, 'result', { output: '今晚风平浪静，三艘渔船在港。' })).status).toBe(200);
  const answer = dialog.getByTestId('run-answer');
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  await expect(answer).toContainText('今晚风平浪静，三艘渔船在港。');
  await expect(dialog.getByTestId('run-queued')).toHaveCount(0);
  await shot(h, '33-j3-hal-answer-390-zh');
  expect(await balanceOf(hal)).toBe(17);

  await dialog.getByTestId('run-open-chat').click();
  await expect(h.getByTestId('chat-title')).toHaveText('我的 AI 运行', { timeout: 15_000 });
  await expect(h.getByTestId('run-answer').last()).toContainText('今晚风平浪静');
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j3-hal-runs-chat-390-zh');
});

test('4. Gil makes a team, Hal joins by the invite link; both cards count along without a reload', async () => {
  await clickStill(nav(g, 'teams'));
  await g.getByTestId('teams-create').click();
  await g.getByTestId('team-create-name').fill(teamName);
  await clickStill(g.getByTestId('team-create-submit'));
  const page = g.getByTestId('team-page');
  await expect(page).toBeVisible({ timeout: 15_000 });
  teamId = Number(await page.getAttribute('data-team-id'));
  await expect(g.getByTestId('team-name')).toHaveText(teamName);
  // The owner is told why there is no way out instead of being offered one.
  await expect(g.getByTestId('team-leave')).toHaveCount(0);
  await expect(g.getByTestId('team-owner-hint')).toBeVisible();
  const link = await g.getByTestId('team-invite-link').inputValue();
  expect(link).toContain('/join_team?key=');
  await shot(g, '33-j4-gil-team-made-1400-en');
  await g.getByTestId('team-back').click();
  const gilCard = g.locator(`[data-testid="team-card"][data-team-id="${teamId}"]`);
  await expect(gilCard).toContainText('1 member');

  await h.goto(link);
  await expect(h.getByTestId('join-team-name')).toHaveText(teamName, { timeout: 15_000 });
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j4-hal-join-390-zh');
  await h.getByTestId('join-submit').click();
  await expect(h.getByTestId('join-done')).toBeVisible({ timeout: 15_000 });
  // The card counts Hal among the members now.
  await expect(h.getByTestId('join-team-card')).toContainText('2 名成员');
  await shot(h, '33-j4-hal-joined-390-zh');
  await expect(gilCard).toContainText('2 members', { timeout: 15_000 });
  await shot(g, '33-j4-gil-card-2-1400-en');

  await go(h, '/workbench?tab=teams');
  const halCard = h.locator(`[data-testid="team-card"][data-team-id="${teamId}"]`);
  await expect(halCard).toContainText('2', { timeout: 15_000 });
  // Ivy joins too while both look at their cards.
  const key = new URL(link).searchParams.get('key')!;
  await (await Api.login(ivy.username, PASSWORD)).post('/admin/base/groupMember/joinTeam', { key });
  await expect(gilCard).toContainText('3 members', { timeout: 15_000 });
  await expect(halCard).toContainText('3 名成员', { timeout: 15_000 });
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j4-hal-card-3-390-zh');

  // Hal says hello in the team's chat; Gil reads it under Hal's name.
  await go(h, `/workbench?tab=chats&to=1-${teamId}`);
  await expect(h.getByTestId('chat-title')).toContainText(teamName, { timeout: 15_000 });
  await h.getByTestId('chat-input').fill('大家好，我是新来的！');
  await h.getByTestId('chat-input').press('Enter');
  await expect(h.locator('[data-testid="chat-message"][data-mine="1"]').filter({ hasText: '大家好' })).toBeVisible();
  await go(g, `/workbench?tab=chats&to=1-${teamId}`);
  const hello = g.locator('[data-testid="chat-message"][data-mine="0"]').filter({ hasText: '大家好' });
  await expect(hello.locator('.chat-msg-name')).toHaveText(hal.nickName, { timeout: 15_000 });
  await shot(g, '33-j4-gil-team-chat-1400-en');
});

test('5. Hal changes his name and picture at 390 px; Gil sees them in the team', async () => {
  await go(h, '/my/info');
  await expect(h.getByTestId('personal-nickname')).toHaveValue(hal.nickName, { timeout: 15_000 });
  await h.getByTestId('personal-nickname').fill(halNew);
  await h.locator('[data-testid="personal-page"] .ant-upload input[type=file]').first().setInputFiles({ name: 'hal.png', mimeType: 'image/png', buffer: PNG });
  await expect(h.getByTestId('personal-avatar')).toHaveValue(/\S+\.png/, { timeout: 15_000 });
  await h.getByTestId('personal-submit').click();
  await expect(h.locator('.ant-message-success')).toContainText('保存成功');
  await expect(h.getByTestId('personal-page')).toContainText(halNew);
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j5-hal-profile-390-zh');
  const avatar = await h.getByTestId('personal-avatar').inputValue();

  // Gil's open team chat names Hal anew, without a reload.
  const hello = g.locator('[data-testid="chat-message"][data-mine="0"]').filter({ hasText: '大家好' });
  await expect(hello.locator('.chat-msg-name')).toHaveText(halNew, { timeout: 15_000 });
  await shot(g, '33-j5-gil-chat-new-name-1400-en');

  await go(g, `/workbench?tab=teams&team=${teamId}`);
  const row = g.locator(`[data-testid="team-member"][data-user-id="${hal.id}"]`);
  await expect(row).toContainText(halNew, { timeout: 15_000 });
  await expect(row.locator('img')).toHaveAttribute('src', avatar);
  await shot(g, '33-j5-gil-sees-new-name-1400-en');
  // The invite link lets anyone in: the guide's picture covers it.
  await docShot(g, 'workspace-team', { mask: [g.getByTestId('team-invite-link'), g.getByTestId('team-invite-key')] });
});

test("6. Hal may leave the team; Gil's count follows", async () => {
  await go(h, `/workbench?tab=teams&team=${teamId}`);
  await expect(h.getByTestId('team-page')).toBeVisible({ timeout: 15_000 });
  await expect(h.getByTestId('team-owner-hint')).toHaveCount(0);
  await h.getByTestId('team-leave').click();
  await clickStill(h.locator('.ant-popconfirm .ant-btn-dangerous'));
  await expect(h.locator('.ant-message-success')).toContainText(`你已退出 ${teamName}`);
  await expect(h.locator(`[data-testid="team-card"][data-team-id="${teamId}"]`)).toHaveCount(0, { timeout: 15_000 });
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j6-hal-left-390-zh');
  await expect(g.locator(`[data-testid="team-member"][data-user-id="${hal.id}"]`)).toHaveCount(0, { timeout: 15_000 });
  await g.getByTestId('team-back').click();
  await expect(g.locator(`[data-testid="team-card"][data-team-id="${teamId}"]`)).toContainText('2 members');
  await shot(g, '33-j6-gil-card-after-leave-1400-en');
});

test('7. the administrator: the dashboard counts people, finds Hal by his new name and gives him tokens', async () => {
  const admin = await Api.admin();
  // An AI member in Gil's team: it must not count as a person.
  const gilApi = await Api.login(gil.username, PASSWORD);
  await gilApi.post('/admin/base/groupMember/add', { groupId: teamId, ai: { nickName: `Scribe ${run}`, config: { prompt: 'Take notes.', cost: 0 } } });
  const people = await admin.page<{ userType?: number | null }>('/admin/base/sys/user', { size: 1000 });
  const expected = people.list.filter((u) => !u.userType).length;

  await go(adm, '/admin');
  const dashboard = adm.getByTestId('dashboard');
  await expect(dashboard).toBeVisible({ timeout: 15_000 });
  const users = adm.getByTestId('dash-users');
  await expect(users.getByTestId('dash-value')).toHaveText(new Intl.NumberFormat('en').format(expected), { timeout: 15_000 });
  await shot(adm, '33-j7-admin-dashboard-1400-en');
  await docShot(adm, 'console-dashboard');

  await go(adm, '/admin/base/sys/user');
  const kw = adm.getByTestId('crud-keyword');
  await kw.fill(halNew);
  await kw.press('Enter');
  const row = adm.locator('tr.ant-table-row', { hasText: halNew });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText(hal.username);
  await shot(adm, '33-j7-admin-finds-hal-1400-en');
  await docShot(adm, 'console-users');

  await go(h, '/my/info?tab=tokens');
  await expect(h.getByTestId('acc-balance-tokens')).toContainText('17', { timeout: 15_000 });
  await row.getByTestId('user-give-tokens').click();
  const dialog = adm.locator('.ant-modal', { has: adm.getByTestId('give-tokens-amount') });
  await expect(dialog.getByTestId('give-tokens-balance')).toContainText('17');
  await dialog.getByTestId('give-tokens-amount').fill('50');
  await dialog.getByTestId('give-tokens-remark').fill('Thanks for the night reports');
  await shot(adm, '33-j7-admin-give-tokens-1400-en');
  await clickStill(adm.getByTestId('give-tokens-submit'));
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(row).toContainText('67');
  // Hal, on his tokens tab, sees the balance move, the entry in his ledger and a notification.
  await expect(h.getByTestId('acc-balance-tokens')).toContainText('67', { timeout: 15_000 });
  const entry = h.locator('[data-testid="acc-ledger-entry"][data-kind="7"]').first();
  await expect(entry).toContainText('调整');
  await expect(entry).toContainText('Thanks for the night reports');
  await expect(entry).not.toContainText('#');
  expect(await width(h)).toBeLessThanOrEqual(390);
  await shot(h, '33-j7-hal-balance-390-zh');
  await go(h, '/workbench');
  await h.getByTestId('notify-bell').click();
  await expect(
    h.locator('[data-testid="notify-item"][data-read="0"]').filter({ hasText: '50' }).filter({ hasText: 'Thanks for the night reports' }),
  ).toBeVisible({ timeout: 15_000 });
  await shot(h, '33-j7-hal-notice-390-zh');
  await h.keyboard.press('Escape');
});

/** Opens the side menu's folders down to the item of `router` and answers it (a page's item, as the helper's, sits at its router). */
async function menuItem(page: Page, router: string): Promise<Locator> {
  const { menus } = await (
    await Api.admin()
  ).get<{ menus: Array<{ id: number; parentId: number | null; type: number; router: string | null }> }>('/admin/base/comm/permmenu');
  const menu = menus.find((m) => m.type === 1 && m.router === router);
  expect(menu, `a menu for ${router}`).toBeTruthy();
  const chain: typeof menus = [];
  for (let p = menu!.parentId; p != null;) {
    const parent = menus.find((m) => m.id === p);
    if (!parent) break;
    chain.unshift(parent);
    p = parent.parentId;
  }
  const side = sideMenu(page);
  // The menu renders once permmenu answered: wait for its folders before looking for one.
  await expect(side.locator('.ant-menu-submenu-title').first()).toBeVisible({ timeout: 15_000 });
  for (const folder of chain) {
    const title = side.locator(`.ant-menu-submenu-title[data-menu-id$="-dir:${folder.id}"]`);
    if ((await title.count()) && (await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  }
  await expect(side.locator('[class*="ant-motion-collapse"]')).toHaveCount(0);
  return side.locator(`li.ant-menu-item[data-menu-id$="-${router}"]`);
}

test('8. the code helper from the console menu makes an entity whose screen reads in Chinese', async () => {
  const name = `visit${run}`;
  await go(adm, '/admin');
  const item = await menuItem(adm, '/helper/ai-code');
  await expect(async () => {
    await item.click();
    await expect(adm).toHaveURL(/\/helper\/ai-code$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await adm.getByTestId('code-tree-module-demo').click({ timeout: 20_000 });
  await adm.getByTestId('code-name').locator('xpath=descendant-or-self::input').first().fill(name);
  await adm.getByTestId('code-mode').getByText('Describe it (AI)').click();
  const fields = [
    { name: 'guest', type: 'string', length: 80, required: true, label: 'Guest' },
    { name: 'nights', type: 'int', label: 'Nights' },
  ];
  await adm
    .getByTestId('code-description')
    .locator('xpath=descendant-or-self::textarea')
    .first()
    .fill(`Visits to the lighthouse. ${JSON.stringify({ fields })}`);
  await adm.getByTestId('code-preview-fields').click();
  const proposal = adm.getByTestId('fields-dialog');
  await expect(proposal).toBeVisible({ timeout: 45_000 });
  await motionDone(adm);
  await shot(adm, '33-j8-admin-code-proposal-1400-en');
  await adm.getByTestId('code-take-fields').click();
  // The create is a change set, reviewed and applied (43-change-sets.spec.ts walks the review).
  await adm.getByTestId('code-create').click();
  await expect(adm.getByTestId('cs-review')).toBeVisible({ timeout: 45_000 });
  await shot(adm, '33-j8-admin-code-review-1400-en');
  await adm.getByTestId('cs-apply').click();
  await expect(adm.getByTestId('cs-done')).toBeVisible({ timeout: 45_000 });
  await adm.getByTestId('cs-close').click();
  await expect(adm.getByTestId('code-result')).toContainText(`demo/${name}`, { timeout: 45_000 });
  await shot(adm, '33-j8-admin-code-created-1400-en');

  // Once in Chinese: the dashboard, and the new screen's labels, never "[translate]".
  await adm.evaluate(() => localStorage.setItem('lang', 'zh-cn'));
  await go(adm, '/admin');
  await expect(adm.getByTestId('dash-users')).toContainText('用户', { timeout: 15_000 });
  await expect(adm.getByTestId('dashboard')).toContainText('欢迎');
  await shot(adm, '33-j8-admin-dashboard-zh');
  await go(adm, `/admin/demo/${name}`);
  const screen = adm.locator(`[data-testid="crud-screen"][data-entity="demo/${name}"]`);
  await expect(screen).toBeVisible({ timeout: 20_000 });
  await expect(screen).not.toContainText('[translate]');
  await expect(screen.locator('.ant-table-thead')).toContainText('客人');
  await expect(screen).toContainText('到访');
  await adm.getByTestId('crud-add').click();
  const form = adm.locator('.ant-modal:visible, .ant-drawer-content:visible').last();
  await form.getByLabel('客人', { exact: true }).fill('Hal');
  await form.getByLabel('晚数', { exact: true }).fill('2');
  await shot(adm, '33-j8-admin-new-screen-form-zh');
  await adm.getByTestId('form-submit').click();
  await expect(adm.locator('.ant-layout-content .ant-table-tbody tr.ant-table-row').filter({ hasText: 'Hal' })).toBeVisible({ timeout: 15_000 });
  await expect(sideMenu(adm)).not.toContainText('[translate]');
  await shot(adm, '33-j8-admin-new-screen-zh');
});
