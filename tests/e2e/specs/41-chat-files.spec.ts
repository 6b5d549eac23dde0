/**
 * Images and files in chat (issue 40), two members at once: Ann, on a 390 px phone, attaches an
 * image and a PDF in their group through the composer's paperclip; Bob, on a wide screen, sees the
 * image as a thumbnail that opens the viewer, the PDF as a card that downloads under its name, and
 * the conversation list's "[File] …" preview; Carol, not a member, is refused the file's url; in a
 * private chat Bob gets Ann's file too. Screenshots at 390 px and wide in tests/e2e/artifacts/.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { test, expect, type Page } from '@playwright/test';
import { Api, base, makeMembers, memberBrowser, pageWidth, shot, skipWithoutServer } from '../helpers';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const ann = { username: `cf_ann_${run}`, nickName: `Ann ${run}`, id: 0 };
const bob = { username: `cf_bob_${run}`, nickName: `Bob ${run}`, id: 0 };
const carol = { username: `cf_carol_${run}`, nickName: `Carol ${run}`, id: 0 };
const PDF_NAME = `Quarterly plan for the whole team, second draft ${run}.pdf`;
let groupId = 0;

/** A `w` by `h` PNG: a diagonal gradient, so a thumbnail that keeps the aspect is easy to see. */
function gradientPng(w: number, h: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      row[1 + x * 3] = Math.round((255 * x) / w);
      row[2 + x * 3] = Math.round((180 * y) / h);
      row[3 + x * 3] = 200;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG = gradientPng(800, 500);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% e2e\n'), Buffer.alloc(20_000, 0x20)]);

test.beforeAll(async () => {
  await makeMembers([ann, bob, carol], PASSWORD);
  const asAnn = await Api.login(ann.username, PASSWORD);
  groupId = Number((await asAnn.post<{ id: number }>('/admin/base/group/add', { name: `Files ${run}` })).id);
  await asAnn.post('/admin/base/groupMember/add', { groupId, userId: bob.id });
});

/** Attaches files through the composer's paperclip (its hidden file input). */
async function attach(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
  await expect(page.getByTestId('chat-attach')).toBeEnabled();
  await page.getByTestId('chat-attach-area').locator('input[type="file"]').setInputFiles(files);
}

const loaded = (page: Page, where: string) =>
  page.locator(`${where} [data-testid="chat-att-image"] img`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('an image and a file sent in a group show to the other member, open in the viewer and download under their name', async ({ browser }) => {
  const a = await memberBrowser(browser, ann.username, PASSWORD, { width: 390 });
  const b = await memberBrowser(browser, bob.username, PASSWORD);
  await a.goto(`${base()}/workbench?tab=chats&to=1-${groupId}`);
  await b.goto(`${base()}/workbench?tab=chats&to=1-${groupId}`);
  await expect(a.getByTestId('chat-composer')).toBeVisible();

  await attach(a, [{ name: 'gradient.png', mimeType: 'image/png', buffer: PNG }]);
  const mineImage = a.locator('[data-testid="chat-message"][data-mine="1"] [data-testid="chat-att-image"]');
  await expect(mineImage).toBeVisible({ timeout: 20_000 });
  // 800 by 500 shown 240 wide at most, the aspect kept, inside a 390 px screen.
  const box = (await mineImage.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(240.5);
  expect(Math.abs(box.width / box.height - 800 / 500)).toBeLessThan(0.05);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect.poll(() => loaded(a, '[data-testid="chat-message"][data-mine="1"]')).toBe(true);

  await attach(a, [{ name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF }]);
  const mineFile = a.locator('[data-testid="chat-message"][data-mine="1"] [data-testid="chat-att-file"]');
  await expect(mineFile).toBeVisible({ timeout: 20_000 });
  // The long name is cut with an ellipsis inside the card; the page never scrolls sideways.
  const name = mineFile.locator('.chat-att-name');
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await pageWidth(a)).toBeLessThanOrEqual(390);
  await shot(a, '41-chat-files-390');

  // Bob sees both live: the thumbnail loads, opens the viewer, Esc closes it.
  const theirs = '[data-testid="chat-message"][data-mine="0"]';
  await expect(b.locator(`${theirs} [data-testid="chat-att-image"]`)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => loaded(b, theirs)).toBe(true);
  await b.locator(`${theirs} [data-testid="chat-att-image"]`).click();
  await expect(b.locator('.ant-image-preview-img')).toBeVisible();
  await b.keyboard.press('Escape');
  await expect(b.locator('.ant-image-preview-img')).toBeHidden();

  const card = b.locator(`${theirs} [data-testid="chat-att-file"]`);
  await expect(card).toContainText('KB');
  const [download] = await Promise.all([b.waitForEvent('download'), card.getByTestId('chat-att-download').click()]);
  expect(download.suggestedFilename()).toBe(PDF_NAME);
  const path = await download.path();
  expect(path).toBeTruthy();

  // The conversation list names the last message as a file, from Ann.
  await expect(b.locator(`[data-testid="chat-conv-item"][data-to="1-${groupId}"]`)).toContainText(`[File] ${PDF_NAME.slice(0, 20)}`);
  await shot(b, '41-chat-files-wide');
  await a.context().close();
  await b.context().close();
});

test("a member who is not in the group is refused the file's url; a private chat's file reaches its peer", async ({ browser }) => {
  const asAnn = await Api.login(ann.username, PASSWORD);
  const asCarol = await Api.login(carol.username, PASSWORD);
  const page = await asAnn.post<{ list: Array<{ type: number; content: { fileId: number } }> }>('/admin/base/message/messageList', {
    toType: 1,
    toId: groupId,
  });
  const fileId = page.list.find((m) => m.type === 2)!.content.fileId;
  const refused = await asCarol.call('GET', `/admin/space/info/fileUrl?id=${fileId}`);
  expect(refused.code).toBe(1001);

  const a = await memberBrowser(browser, ann.username, PASSWORD);
  const b = await memberBrowser(browser, bob.username, PASSWORD, { width: 390 });
  await a.goto(`${base()}/workbench?tab=chats&to=0-${bob.id}`);
  await attach(a, [{ name: 'private.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(a.locator('[data-testid="chat-message"][data-mine="1"] [data-testid="chat-att-image"]')).toBeVisible({ timeout: 20_000 });
  await b.goto(`${base()}/workbench?tab=chats&to=0-${ann.id}`);
  await expect.poll(() => loaded(b, '[data-testid="chat-message"][data-mine="0"]')).toBe(true);
  await shot(b, '41-chat-files-private-390');
  await a.context().close();
  await b.context().close();
});

/** Uploads `bytes` as `name` through the API, private and shared with `scope`; answers the file's id. */
async function uploadAs(api: Api, name: string, type: string, bytes: Buffer, scope: { scope: string; scopeId: number }): Promise<number> {
  const form = new FormData();
  form.append('scope', scope.scope);
  form.append('scopeId', String(scope.scopeId));
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = (await (await fetch(`${base()}/api/admin/base/comm/upload`, { method: 'POST', headers: { authorization: api.token }, body: form })).json()) as {
    code: number;
    data: Array<{ id: number }>;
  };
  expect(res.code).toBe(1000);
  return res.data[0].id;
}

test('a caption shows under its image, the viewer opens on a phone, and a removed file shows as no longer available', async ({ browser }) => {
  const asAnn = await Api.login(ann.username, PASSWORD);
  const shared = { scope: 'group', scopeId: groupId };
  const image = await uploadAs(asAnn, 'sunset.png', 'image/png', PNG, shared);
  await asAnn.post('/admin/base/message/add', {
    toType: 1,
    toId: groupId,
    type: 1,
    content: { fileId: image, width: 800, height: 500, text: 'The view from the office' },
  });
  const gone = await uploadAs(asAnn, 'Old notes.pdf', 'application/pdf', PDF, shared);
  await asAnn.post('/admin/base/message/add', { toType: 1, toId: groupId, type: 2, content: { fileId: gone, text: 'Superseded' } });
  await asAnn.post('/admin/space/info/delete', { ids: [gone] });

  const b = await memberBrowser(browser, bob.username, PASSWORD, { width: 390 });
  await b.goto(`${base()}/workbench?tab=chats&to=1-${groupId}`);
  const captioned = b.locator('[data-testid="chat-attachment"]').filter({ hasText: 'The view from the office' });
  await expect(captioned.getByTestId('chat-att-image')).toBeVisible();
  await expect(b.locator('[data-testid="chat-attachment"]').filter({ hasText: 'Superseded' }).getByTestId('chat-att-unavailable')).toBeVisible();
  await expect.poll(() => captioned.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await pageWidth(b)).toBeLessThanOrEqual(390);
  await shot(b, '41-chat-files-caption-390');
  await captioned
    .getByTestId('chat-att-image')
    .tap()
    .catch(() => captioned.getByTestId('chat-att-image').click());
  await expect(b.locator('.ant-image-preview-img')).toBeVisible();
  await shot(b, '41-chat-files-viewer-390');
  await b.context().close();
});
