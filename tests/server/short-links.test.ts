/**
 * Short links (add, redirect, visits, delete keys, the per-address limit) and the sitemap, through
 * the real HTTP stack on every database kind, and their helpers on their own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { reset } from '../../server/core/http/rate-limit';
import { deleteKeyMatches, hashDeleteKey, safeTargetUrl } from '../../server/modules/site/short-link.routes';
import { sitemapXml } from '../../server/modules/site/sitemap.routes';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { SHORTLINK_LIMIT, logsSiteWorld } from './logs-site-world';

const kinds = await databaseKinds();

describe.each(kinds)('short links and sitemap on %s', (kind) => {
  const w = logsSiteWorld(kind);
  const { get, post, q, ok } = w;
  let t: TestApp;
  let memberToken: string;
  beforeAll(() => {
    ({ t, memberToken } = w);
  });

  let seq = 0;

  describe('shortLink', () => {
    const clearLimits = async () => {
      for (const ip of ['::ffff:127.0.0.1', '127.0.0.1', '::1']) await reset(t.core.cache, `shortlink:add:ip:${ip}`);
    };

    it('adds a link without a token, redirects to it with 302 and counts visits', async () => {
      await clearLimits();
      const target = 'https://example.com/some/page?x=1&y=two';
      const { shortKey, deleteKey } = ok(await post('/admin/base/shortLink/add', { url: target }));
      expect(shortKey).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(deleteKey.length).toBeGreaterThanOrEqual(24);
      for (let i = 0; i < 2; i++) {
        const res = await get(`/admin/base/shortLink/s/${shortKey}`);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(target);
      }
      const viaApi = await get(`/api/admin/base/shortLink/s/${shortKey}`);
      expect(viaApi.status).toBe(302);
      const [row] = await t.core.db.query<{ visitCount: number; deleteKey: string; url: string }>(
        `SELECT ${q('visitCount')}, ${q('deleteKey')}, ${q('url')} FROM ${q('base_short_link')} WHERE ${q('shortKey')} = ?`,
        [shortKey],
      );
      expect(Number(row.visitCount)).toBe(3);
      expect(row.url).toBe(target);
      // Only a hash of the delete key is stored.
      expect(row.deleteKey).not.toContain(deleteKey);
      expect(row.deleteKey).toBe(hashDeleteKey(deleteKey));
    });

    it('answers an unknown or malformed short key with a 404 envelope', async () => {
      for (const key of ['NoSuchKy', 'bad%20key', 'x'.repeat(40)]) {
        const res = await get(`/admin/base/shortLink/s/${key}`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe(1001);
      }
    });

    it('refuses URLs that are not absolute http(s) URLs', async () => {
      await clearLimits();
      for (const url of ['javascript:alert(1)', 'ftp://example.com/x', '/relative', 'https://user:pw@example.com/', 'data:text/html,hi', '', 42]) {
        const res = await post('/admin/base/shortLink/add', { url });
        expect(res.status, String(url)).toBe(400);
        expect(res.body.code).toBe(1002);
        expect(res.body.data[0].field).toBe('url');
      }
    });

    it('deletes a link only with its delete key', async () => {
      await clearLimits();
      const { shortKey, deleteKey } = ok(await post('/admin/base/shortLink/add', { url: 'http://example.net/' }));
      const wrong = await post('/admin/base/shortLink/delete', { shortKey, deleteKey: `${deleteKey}x` });
      expect(wrong.status).toBe(403);
      const missing = await post('/admin/base/shortLink/delete', { shortKey });
      expect(missing.body.code).toBe(1002);
      // Another member's token does not stand in for the key.
      expect((await post('/admin/base/shortLink/delete', { shortKey }, memberToken)).body.code).toBe(1002);
      expect((await get(`/admin/base/shortLink/s/${shortKey}`)).status).toBe(302);
      ok(await post('/admin/base/shortLink/delete', { shortKey, deleteKey }));
      expect((await get(`/admin/base/shortLink/s/${shortKey}`)).status).toBe(404);
      expect((await post('/admin/base/shortLink/delete', { shortKey, deleteKey })).status).toBe(404);
    });

    it('lets the administrator delete a link without its key', async () => {
      await clearLimits();
      const { shortKey } = ok(await post('/admin/base/shortLink/add', { url: 'https://example.org/spam' }));
      ok(await post('/admin/base/shortLink/delete', { shortKey }, t.adminToken));
      expect((await get(`/admin/base/shortLink/s/${shortKey}`)).status).toBe(404);
    });

    it('limits how many links one address adds per hour with 429', async () => {
      await clearLimits();
      for (let i = 0; i < SHORTLINK_LIMIT; i++) ok(await post('/admin/base/shortLink/add', { url: `https://example.com/${i}` }));
      const res = await post('/admin/base/shortLink/add', { url: 'https://example.com/one-more' });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe(1001);
      expect(res.body.message).toMatch(/short links/i);
      await clearLimits();
    });
  });

  describe('sitemap', () => {
    it('lists the home page and shown goods as XML, without hidden, off-shelf or removed goods', async () => {
      const add = async (body: Record<string, unknown>) =>
        ok(await post('/admin/goods/info/add', { title: `Goods ${++seq}`, ...body }, t.adminToken)).id as number;
      const shown = await add({ status: 1, isDisplay: 1 });
      const offShelf = await add({ status: 0, isDisplay: 1 });
      const hidden = await add({ status: 1, isDisplay: 0 });
      const removed = await add({ status: 1, isDisplay: 1 });
      ok(await post('/admin/goods/info/delete', { ids: [removed] }, t.adminToken));

      const res = await get('/admin/base/sitemap/google', undefined, 'shop.example.com');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const xml = res.text;
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(xml).toContain('<loc>http://shop.example.com/</loc>');
      expect(xml).toContain(`<loc>http://shop.example.com/goods/${shown}</loc>`);
      for (const id of [offShelf, hidden, removed]) expect(xml).not.toContain(`/goods/${id}<`);
      expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    });

    it('uses SITE_URL as the base when it is configured', async () => {
      t.core.config.env.SITE_URL = 'https://cosmac.example/';
      try {
        const res = await get('/admin/base/sitemap/google', undefined, 'attacker.example');
        expect(res.text).toContain('<loc>https://cosmac.example/</loc>');
        expect(res.text).not.toContain('attacker.example');
      } finally {
        t.core.config.env.SITE_URL = undefined;
      }
    });
  });
});

describe('short link and sitemap helpers', () => {
  it('accepts only absolute http(s) URLs without credentials', () => {
    expect(safeTargetUrl(' https://example.com/a b ')).toBe('https://example.com/a%20b');
    expect(safeTargetUrl('HTTP://EXAMPLE.com')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', '//example.com', 'https://a:b@example.com', `https://e.com/${'x'.repeat(3000)}`]) {
      expect(safeTargetUrl(bad)).toBeNull();
    }
  });

  it('matches a delete key against its hash only when it is the same key', () => {
    const h = hashDeleteKey('k1');
    expect(deleteKeyMatches('k1', h)).toBe(true);
    expect(deleteKeyMatches('k2', h)).toBe(false);
    expect(deleteKeyMatches('k1', null)).toBe(false);
    expect(deleteKeyMatches('k1', 'short')).toBe(false);
  });

  it('escapes URLs in the sitemap', () => {
    expect(sitemapXml([{ loc: 'https://e.com/?a=1&b=<2>' }])).toContain('<loc>https://e.com/?a=1&amp;b=&lt;2&gt;</loc>');
  });
});
