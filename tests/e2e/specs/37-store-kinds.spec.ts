/**
 * The store's other kinds (issue 37), in the browser: Carol (English, 1400 px) sells a place in her
 * group and a bundle of prompts (two private files she uploads in the publish form); the store
 * lists them under "Groups" and "Prompts and documents". Dan (简体中文, a 390 px phone) buys the place
 * with Stripe and the files with Alipay; My purchases opens the group's chat and downloads each file
 * under its own name. Someone who did not buy them gets no url, and the upload's bare path serves
 * nothing. The administrator refunds both: Dan has left the group, his purchases say refunded and
 * offer no download, and the url call refuses him.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { Api, clickStill, go, makeMembers, memberBrowser, pageWidth, payAt, shot, skipWithoutServer, url } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const carol = { username: `sk_carol_${run}`, nickName: `Carol ${run}`, id: 0 };
const dan = { username: `sk_dan_${run}`, nickName: `小丹 ${run}`, id: 0 };
const eve = { username: `sk_eve_${run}`, nickName: `Eve ${run}`, id: 0 };
const groupName = `Haiku circle ${run}`;
const placeTitle = `A seat in the haiku circle ${run}`;
const filesTitle = `Haiku prompts ${run}`;
const files = [
  { name: 'haiku-prompts.md', mimeType: 'text/markdown', buffer: Buffer.from(`# Haiku prompts ${run}\n\nWrite about the first frost.\n`) },
  { name: '季节词.txt', mimeType: 'text/plain', buffer: Buffer.from(`春 夏 秋 冬 ${run}\n`) },
];
let groupId = 0;
let fileIds: number[] = [];
const goods = { place: 0, files: 0 };
const orders = { place: '', files: '' };
let c: Page; // Carol, English, 1400 px
let d: Page; // Dan, zh-cn, 390 px

test.afterAll(async () => {
  await c?.context().close();
  await d?.context().close();
});

/** Carol's publish form, filled with a title and a price, its kind chosen. */
async function publish(title: string, kind: string): Promise<void> {
  await go(c, '/my/info?tab=goods');
  await c.getByTestId('acc-goods-publish').click();
  await expect(c.getByTestId('acc-goods-form')).toBeVisible();
  await c.getByTestId('acc-goods-title').fill(title);
  await c.getByTestId('acc-goods-price').fill('3');
  await clickStill(c.getByTestId('acc-goods-kind').getByText(kind));
}

/** Saves the form; answers the new listing's id. */
async function save(title: string): Promise<number> {
  await c.getByTestId('acc-goods-save').click();
  const row = c.getByTestId('acc-goods').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 20_000 });
  return Number(await row.getAttribute('data-goods'));
}

test('1. Carol sells a place in her group and two private files, chosen and uploaded in the form', async ({ browser }) => {
  await makeMembers([carol, dan, eve], PASSWORD);
  const carolApi = await Api.login(carol.username, PASSWORD);
  groupId = Number((await carolApi.post<{ id: number }>('/admin/base/group/add', { name: groupName })).id);
  c = await memberBrowser(browser, carol.username, PASSWORD);

  await publish(placeTitle, 'A place in a group');
  await c.getByTestId('acc-goods-group').click();
  await clickStill(c.locator('.ant-select-dropdown').getByText(groupName));
  await shot(c, '37k-1-carol-publish-group-1400-en');
  goods.place = await save(placeTitle);

  await publish(filesTitle, 'Prompts and documents');
  await c.getByTestId('acc-goods-files').locator('input[type=file]').setInputFiles(files);
  await expect(c.getByTestId('acc-goods-file')).toHaveCount(2, { timeout: 20_000 });
  await shot(c, '37k-1-carol-publish-files-1400-en');
  goods.files = await save(filesTitle);
  expect(goods.place * goods.files).toBeGreaterThan(0);

  await go(c, '/workflow_store?sells=2');
  await expect(c.getByTestId('store-list')).toContainText(placeTitle);
  await expect(c.getByTestId('store-list')).not.toContainText(filesTitle);
  await go(c, '/workflow_store?sells=3');
  await expect(c.getByTestId('store-list')).toContainText(filesTitle);
  await expect(c.getByTestId('store-list')).not.toContainText(placeTitle);
});

test('2. Dan buys the place with Stripe and the files with Alipay on his phone, reading first what he gets', async ({ browser }) => {
  d = await memberBrowser(browser, dan.username, PASSWORD, { width: 390, lang: 'zh-cn' });
  await go(d, `/goods/${goods.place}`);
  await expect(d.getByTestId('goods-sells')).toContainText('群组席位');
  await expect(d.getByTestId('goods-sells')).toContainText(groupName);
  expect(await pageWidth(d)).toBeLessThanOrEqual(390);
  await shot(d, '37k-2-dan-place-390-zh');
  await expect(d.getByTestId('goods-buy')).toHaveAttribute('data-state', 'buy');
  await d.getByTestId('goods-buy').click();
  orders.place = await payAt(d, 'stripe');

  await go(d, `/goods/${goods.files}`);
  await expect(d.getByTestId('goods-sells')).toContainText('提示词与文档');
  await expect(d.getByTestId('goods-sells')).toContainText(files[0].name);
  await expect(d.getByTestId('goods-sells')).toContainText(files[1].name);
  await shot(d, '37k-2-dan-files-390-zh');
  await expect(d.getByTestId('goods-buy')).toHaveAttribute('data-state', 'buy');
  await d.getByTestId('goods-buy').click();
  orders.files = await payAt(d, 'alipay');
  await go(d, `/goods/${goods.files}`);
  await expect(d.getByTestId('goods-owned')).toBeVisible();
  await expect(d.getByTestId('goods-buy')).toHaveCount(0);
});

test('3. My purchases opens the group chat and downloads each file under its own name', async () => {
  await go(d, '/my/info?tab=purchases');
  const place = d.getByTestId('acc-purchase').filter({ hasText: placeTitle });
  const bundle = d.getByTestId('acc-purchase').filter({ hasText: filesTitle });
  await expect(place).toBeVisible({ timeout: 15_000 });
  await expect(bundle.getByTestId('acc-purchase-download')).toHaveCount(2);
  expect(await pageWidth(d)).toBeLessThanOrEqual(390);
  await shot(d, '37k-3-dan-purchases-390-zh');

  // The files come in the order their uploads finished (as Carol saw them in her form): each is found by its name.
  for (const f of files) {
    const row = bundle.getByTestId('acc-purchase-file').filter({ hasText: f.name });
    const [download] = await Promise.all([d.waitForEvent('download'), row.getByTestId('acc-purchase-download').click()]);
    expect(download.suggestedFilename()).toBe(f.name);
    expect(readFileSync((await download.path())!).equals(f.buffer)).toBe(true);
  }

  await place.getByTestId('acc-purchase-open-group').click();
  await expect(d.getByTestId('chat-title')).toContainText(groupName, { timeout: 15_000 });
  await expect(d.getByTestId('chat-panel')).toContainText('2 位成员');
  await shot(d, '37k-3-dan-in-group-390-zh');
});

test('4. nobody who did not buy the files gets them, and their bare path serves nothing', async () => {
  const danApi = await Api.login(dan.username, PASSWORD);
  const mine = await danApi.get<Array<{ goods: { id: number } | null; files: Array<{ id: number }> }>>('/admin/goods/purchase/mine');
  fileIds = mine.find((p) => p.goods?.id === goods.files)!.files.map((f) => f.id);
  expect(fileIds).toHaveLength(2);
  const { url: signed } = await danApi.get<{ url: string }>(`/admin/space/info/fileUrl?id=${fileIds[0]}`);
  expect(signed).toContain('sig=');

  const eveApi = await Api.login(eve.username, PASSWORD);
  const refused = await eveApi.call('GET', `/admin/space/info/fileUrl?id=${fileIds[0]}`);
  expect(refused.code).not.toBe(1000);
  // The signed url without its signature, and the path a public upload would have, serve nothing.
  const bare = signed.split('?')[0];
  for (const path of [bare, bare.replace('/private/', '/upload/')]) expect((await fetch(url(path))).status).toBeGreaterThanOrEqual(400);
});

test('5. the administrator refunds both: Dan has left the group, and the files are refused to him', async () => {
  const admin = await Api.admin();
  await admin.post('/admin/base/stripe/refund', { orderNo: orders.place });
  await admin.post('/admin/base/alipay/refund', { orderNo: orders.files });

  await go(d, '/my/info?tab=purchases');
  const place = d.getByTestId('acc-purchase').filter({ hasText: placeTitle });
  const bundle = d.getByTestId('acc-purchase').filter({ hasText: filesTitle });
  await expect(place).toHaveAttribute('data-status', '0', { timeout: 20_000 });
  await expect(bundle).toHaveAttribute('data-status', '0');
  await expect(bundle).toContainText('已退款');
  await expect(bundle.getByTestId('acc-purchase-download')).toHaveCount(0);
  await expect(place.getByTestId('acc-purchase-open-group')).toHaveCount(0);
  expect(await pageWidth(d)).toBeLessThanOrEqual(390);
  await shot(d, '37k-5-dan-refunded-390-zh');

  const danApi = await Api.login(dan.username, PASSWORD);
  const groups = await danApi.post<Array<{ id: number }>>('/admin/base/group/list2', {});
  expect(groups.map((g) => Number(g.id))).not.toContain(groupId);
  expect(fileIds).toHaveLength(2);
  for (const id of fileIds) expect((await danApi.call('GET', `/admin/space/info/fileUrl?id=${id}`)).code).not.toBe(1000);
});
