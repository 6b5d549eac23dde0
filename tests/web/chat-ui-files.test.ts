import { describe, expect, it } from 'vitest';
import { previewOf } from '../../web/src/workspace/chat/chat-format';
import { attachmentOf, fileScopeOf, isAttachment, sendsAsImage, thumbSize } from '../../web/src/workspace/chat/chat-attachment';
import { createFileUrls, RENEW_MS } from '../../web/src/workspace/chat/file-urls';
import { ApiError } from '../../web/src/lib/http';

describe('chat attachments', () => {
  it('reads the content of an image or a file message, and nothing else', () => {
    expect(isAttachment(1)).toBe(true);
    expect(isAttachment('2')).toBe(true);
    expect(isAttachment(0)).toBe(false);
    expect(attachmentOf({ fileId: 7, name: 'a.png', size: 10, mime: 'image/png', width: 640, height: 480, text: ' hi ' })).toEqual({
      fileId: 7,
      name: 'a.png',
      size: 10,
      mime: 'image/png',
      width: 640,
      height: 480,
      text: 'hi',
    });
    expect(attachmentOf({ fileId: 7 })).toEqual({ fileId: 7, name: '#7', size: null, mime: '', width: null, height: null, text: '' });
    expect(attachmentOf({ fileId: '7' })).toBeNull();
    expect(attachmentOf('a.png')).toBeNull();
    expect(attachmentOf(null)).toBeNull();
  });

  it('sizes thumbnails at most 240 by 320 px with the aspect kept, never enlarged', () => {
    expect(thumbSize(1200, 600)).toEqual({ width: 240, height: 120 });
    expect(thumbSize(600, 1200)).toEqual({ width: 160, height: 320 });
    expect(thumbSize(100, 50)).toEqual({ width: 100, height: 50 });
    expect(thumbSize(null, null)).toEqual({ width: 240, height: 180 });
  });

  it("shares a group's files with the group and a private chat's with the other user", () => {
    expect(fileScopeOf({ toType: 1, toId: 9 })).toEqual({ scope: 'group', scopeId: 9 });
    expect(fileScopeOf({ toType: 0, toId: 4 })).toEqual({ scope: 'user', scopeId: 4 });
  });

  it('sends as images only what the server found an image and a browser shows', () => {
    expect(sendsAsImage('a.PNG', 'image')).toBe(true);
    expect(sendsAsImage('scan.tif', 'image')).toBe(false);
    expect(sendsAsImage('fake.png', 'other')).toBe(false);
    expect(sendsAsImage('plan.pdf', 'pdf')).toBe(false);
  });

  it('previews an image by its caption or name and a file by its name', () => {
    expect(previewOf(1, { fileId: 1, name: 'cat.png', text: 'Our  cat' })).toEqual({ label: 'image', text: 'Our cat' });
    expect(previewOf(1, { fileId: 1, name: 'cat.png' })).toEqual({ label: 'image', text: 'cat.png' });
    expect(previewOf(2, { fileId: 2, name: 'Plan.pdf', text: 'read this' })).toEqual({ label: 'file', text: 'Plan.pdf' });
    expect(previewOf(0, 'hello')).toEqual({ label: null, text: 'hello' });
  });
});

describe('signed urls of chat files', () => {
  it('asks once per file, shares a pending ask, and asks again shortly before the url expires', async () => {
    let now = 1_000_000;
    const asked: number[] = [];
    const urls = createFileUrls(
      async (id) => {
        asked.push(id);
        return { url: `/private/${id}?n=${asked.length}`, expiresAt: new Date(now + 300_000).toISOString() };
      },
      () => now,
    );
    const [a, b] = await Promise.all([urls.get(1), urls.get(1)]);
    expect(a).toBe(b);
    expect(await urls.get(1)).toBe(a);
    expect(urls.cached(1)).toBe(a);
    expect(asked).toEqual([1]);
    now += 300_000 - RENEW_MS + 1;
    expect(urls.cached(1)).toBeNull();
    expect(await urls.get(1)).not.toBe(a);
    urls.forget(1);
    await urls.get(1);
    expect(asked).toEqual([1, 1, 1]);
  });

  it('keeps no refusal: the next look asks again', async () => {
    let refuse = true;
    const urls = createFileUrls(async () => {
      if (refuse) throw new ApiError({ code: 1001, status: 403, message: 'no' });
      return { url: '/x', expiresAt: new Date(Date.now() + 300_000).toISOString() };
    });
    await expect(urls.get(3)).rejects.toMatchObject({ status: 403 });
    refuse = false;
    expect(await urls.get(3)).toBe('/x');
  });
});
