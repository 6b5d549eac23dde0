/**
 * Bad requests to the administrator's calls (malformed bodies and ids, bodies too large, unknown
 * routes) and refusals in the request's language: clean 4xx envelopes that leave the database as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { CJK, badInputWorld, type Res } from './bad-input-world';

const kinds = await databaseKinds();

describe.each(kinds)('bad requests on %s', (kind) => {
  const w = badInputWorld(kind);
  const { post, get, snapshot, expectRefusal, refused } = w;
  let t: TestApp;
  let seededIds: number[];
  beforeAll(() => {
    ({ t, seededIds } = w);
  });

  describe('malformed bodies and ids', () => {
    it('malformed JSON is 400 with code 1001', async () => {
      for (const path of ['/admin/demo/goods/add', '/admin/demo/goods/update', '/admin/demo/goods/page', '/admin/demo/goods/delete']) {
        const res = await refused(() => post(path).set('Content-Type', 'application/json').send('{"title": '), 400, 1001);
        expect(res.body.message).toMatch(/JSON/);
      }
    });

    it('an array where an object belongs is refused', async () => {
      await refused(() => post('/admin/demo/goods/update', [{ id: seededIds[0], title: 'Array update' }]), 400, 1001);
      await refused(() => post('/admin/demo/goods/page', []), 400, 1001);
      await refused(() => post('/admin/demo/goods/list', [{ status: 1 }]), 400, 1001);
      await refused(() => post('/admin/demo/goods/delete', []), 400, 1001);
      await refused(() => post('/admin/demo/goods/delete', [seededIds[0]]), 400, 1001);
      await refused(() => post('/admin/demo/goods/update').set('Content-Type', 'application/json').send('"text"'), 400, 1001);
      await refused(() => post('/admin/demo/goods/add').set('Content-Type', 'application/json').send('42'), 400, 1001);
      await refused(() => post('/admin/demo/goods/add').set('Content-Type', 'application/json').send('null'), 400, 1001);
      await refused(() => post('/admin/demo/goods/add'), 400, 1001);
      await refused(() => post('/admin/demo/goods/update'), 400, 1001);
      await refused(() => post('/admin/demo/goods/delete'), 400, 1001);
    });

    it('delete with bad ids is refused', async () => {
      for (const ids of [[], ['x'], [-1], [0], [1.5], [seededIds[0], 'x'], 'x', null, { a: 1 }]) {
        await refused(() => post('/admin/demo/goods/delete', { ids }), 400, 1001);
      }
      await refused(() => post('/admin/demo/goods/delete', {}), 400, 1001);
      await refused(() => post('/admin/demo/goods/delete', { ids: [999999] }), 404, 1001);
    });

    it('info with a bad or unknown id is refused', async () => {
      await refused(() => get('/admin/demo/goods/info?id=abc'), 400, 1001);
      await refused(() => get('/admin/demo/goods/info?id=-1'), 400, 1001);
      await refused(() => get('/admin/demo/goods/info?id=1%20OR%201=1'), 400, 1001);
      await refused(() => get('/admin/demo/goods/info'), 400, 1001);
      const res = await refused(() => get('/admin/demo/goods/info?id=999999'), 404, 1001);
      expect(res.body.message).toMatch(/not found/i);
    });
  });

  describe('size limit', () => {
    it('a 10 MB body is 413 and the server answers the next request', async () => {
      const big = 'x'.repeat(10 * 1024 * 1024);
      await refused(() => post('/admin/demo/goods/add', { title: 'Big', note: big }), 413, 1001);
      const next = await post('/admin/demo/goods/page', { size: 1 });
      expect(next.status).toBe(200);
      expect(next.body.code).toBe(1000);
      expect(next.body.data.list).toHaveLength(1);
    });

    it('a large body sent without Content-Length (chunked) is 413 too', async () => {
      const big = Buffer.alloc(3 * 1024 * 1024, 'a');
      const before = await snapshot();
      const res = await new Promise<Res>((resolve, reject) => {
        const req = post('/admin/demo/goods/add').set('Content-Type', 'application/json');
        // write in pieces so no Content-Length is declared
        (req as any).write('{"title":"Chunked","x":"');
        for (let i = 0; i < 3; i++) (req as any).write(big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
        (req as any).write('"}');
        (req as any).end((err: { response?: Res } | null, r?: Res) => {
          const got = r ?? err?.response;
          if (got) resolve(got);
          else reject(err);
        });
      });
      expectRefusal(res, 413, 1001);
      expect(await snapshot()).toEqual(before);
      const next = await get(`/admin/demo/goods/info?id=${seededIds[0]}`);
      expect(next.status).toBe(200);
      expect(next.body.data.title).toBe('Apple');
    });
  });

  describe('languages', () => {
    it('language zh-cn gives a simplified Chinese message, zh-tw a traditional one', async () => {
      const en = await refused(() => post('/admin/demo/goods/add', { title: 'x'.repeat(51) }), 400, 1002);
      expect(en.body.message).not.toMatch(CJK);

      const cn = await refused(() => post('/admin/demo/goods/add', { title: 'x'.repeat(51) }).set('language', 'zh-cn'), 400, 1002);
      expect(cn.body.message).toMatch(CJK);
      expect(cn.body.message).toMatch(/个|输入/);
      expect(cn.body.data[0].field).toBe('title');
      expect(cn.body.data[0].message).toMatch(CJK);

      const tw = await refused(() => post('/admin/demo/goods/add', { title: 'x'.repeat(51) }).set('language', 'zh-tw'), 400, 1002);
      expect(tw.body.message).toMatch(CJK);
      expect(tw.body.message).toMatch(/個|輸入/);
      expect(tw.body.message).not.toMatch(/个|输入/);
      expect(tw.body.message).not.toBe(cn.body.message);
      expect(tw.body.data[0].message).toMatch(/個字元|長度/);
    });

    it('a 1001 refusal follows the language header too', async () => {
      const cn = await refused(() => post('/admin/demo/goods/page', { page: 0 }).set('language', 'zh-cn'), 400, 1001);
      expect(cn.body.message).toMatch(CJK);
      const tw = await refused(() => get('/admin/demo/goods/info?id=999999').set('language', 'zh-tw'), 404, 1001);
      expect(tw.body.message).toMatch(/記錄/);
    });
  });

  describe('unknown routes', () => {
    it('an unknown action of a known entity is a 404 envelope', async () => {
      await refused(() => post('/admin/demo/goods/nope', { title: 'x' }), 404, 1001);
      await refused(() => get('/admin/demo/goods/nope').set('Accept', 'application/json'), 404, 1001);
      await refused(() => post('/api/admin/demo/goods/nope', { title: 'x' }), 404, 1001);
      // a known action with the wrong method is no route either
      await refused(() => get('/admin/demo/goods/add?title=x').set('Accept', 'application/json'), 404, 1001);
    });

    it('/api/... never falls back to HTML, even for a browser', async () => {
      const res = await refused(() => get('/api/admin/nope').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8'), 404, 1001);
      expect(res.text).not.toMatch(/<html|<!doctype/i);
      const res2 = await refused(() => t.http().get('/api/admin/nope').set('Accept', 'text/html'), 404, 1001);
      expect(res2.headers['content-type']).toMatch(/json/);
    });
  });
});
