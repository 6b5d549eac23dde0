/**
 * Bad queries from the administrator (SQL fragments in order, sort, keyWord and filters; paging
 * bounds): clean 4xx envelopes that leave the database as it was, and the literal matches that work.
 */
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { SEED, badInputWorld } from './bad-input-world';

const kinds = await databaseKinds();

describe.each(kinds)('bad queries on %s', (kind) => {
  const { post, snapshot, refused } = badInputWorld(kind);

  describe('SQL fragments in page and list', () => {
    it('refuses an order that is not a column name', async () => {
      for (const order of ['id; DROP TABLE demo_goods', 'title desc, (select 1)', 'password', 'nope']) {
        for (const action of ['page', 'list']) {
          await refused(() => post(`/admin/demo/goods/${action}`, { order }), 400, 1001);
        }
      }
      // the table is still there and whole
      const list = await post('/admin/demo/goods/list', {});
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThanOrEqual(SEED.length);
    });

    it('refuses a sort that is not asc or desc', async () => {
      for (const sort of ['desc; --', 'asc, id', 'random']) {
        const res = await refused(() => post('/admin/demo/goods/page', { order: 'title', sort }), 400, 1001);
        expect(res.body.message).toMatch(/asc or desc/);
      }
    });

    it('treats a quoted keyWord as literal text: empty list, not every row', async () => {
      const before = await snapshot();
      const res = await post('/admin/demo/goods/page', { keyWord: "%' OR '1'='1" });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1000);
      expect(res.body.data.list).toEqual([]);
      expect(res.body.data.pagination.total).toBe(0);
      const list = await post('/admin/demo/goods/list', { keyWord: "' OR 1=1 --" });
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });

    it('matches _ and % in keyWord literally', async () => {
      const under = await post('/admin/demo/goods/page', { keyWord: '_' });
      expect(under.status).toBe(200);
      expect(under.body.data.list.map((r: { title: string }) => r.title)).toEqual(['snake_case mug']);
      const pct = await post('/admin/demo/goods/page', { keyWord: '%' });
      expect(pct.status).toBe(200);
      expect(pct.body.data.list.map((r: { title: string }) => r.title)).toEqual(['100% cotton shirt']);
      const bang = await post('/admin/demo/goods/page', { keyWord: '!' });
      expect(bang.body.data.list).toEqual([]);
      // a plain keyword still searches
      const plain = await post('/admin/demo/goods/page', { keyWord: 'an' });
      expect(plain.body.data.list.map((r: { title: string }) => r.title)).toEqual(['Banana']);
    });

    it('refuses a filter value that is not the field type', async () => {
      const res = await refused(() => post('/admin/demo/goods/page', { status: '1 OR 1=1' }), 400, 1001);
      expect(res.body.message).toMatch(/status/);
      await refused(() => post('/admin/demo/goods/list', { status: '1; DELETE FROM demo_goods' }), 400, 1001);
      await refused(() => post('/admin/demo/goods/page', { status: { $gt: 0 } }), 400, 1001);
      await refused(() => post('/admin/demo/goods/page', { status: [1, { $gt: 0 }] }), 400, 1001);
      await refused(() => post('/admin/demo/goods/page', { status: [] }), 400, 1001);
      await refused(() => post('/admin/demo/goods/page', { keyWord: { $ne: '' } }), 400, 1001);
      await refused(() => post('/admin/demo/goods/page', { keyWord: ['a'] }), 400, 1001);
      await refused(() => post('/admin/demo/goods/page', { order: { $gt: 0 } }), 400, 1001);
      await refused(() => post('/admin/demo/goods/page').set('Content-Type', 'application/json').send('{"__proto__":{"status":1}}'), 400, 1001);
    });

    it('refuses a filter on a field that is not an equality field', async () => {
      for (const field of ['password', 'title', 'price', 'id', 'nope']) {
        const res = await refused(() => post('/admin/demo/goods/page', { [field]: '1' }), 400, 1001);
        expect(res.body.message).toContain(field);
      }
      // and on the user entity, its hidden password can never be a filter
      await refused(() => post('/admin/base/sys/user/page', { password: 'x' }), 400, 1001);
    });

    it('an equality filter still works', async () => {
      const res = await post('/admin/demo/goods/page', { status: 0, size: 100 });
      expect(res.status).toBe(200);
      const titles = res.body.data.list.map((r: { title: string }) => r.title).sort();
      expect(titles).toEqual(['Banana', 'Cherry']);
    });
  });

  describe('paging bounds', () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      ['page -1', { page: -1 }],
      ['page 0', { page: 0 }],
      ['page abc', { page: 'abc' }],
      ['page 1e12', { page: 1e12 }],
      ['page 1.5', { page: 1.5 }],
      ['size 0', { size: 0 }],
      ['size 100000', { size: 100000 }],
      ['size -5', { size: -5 }],
      ['size abc', { size: 'abc' }],
    ];
    it.each(bad)('refuses %s', async (_name, body) => {
      await refused(() => post('/admin/demo/goods/page', body), 400, 1001);
    });

    it('page 2 with size 1 returns the second row', async () => {
      const first = await post('/admin/demo/goods/page', { page: 1, size: 2 });
      expect(first.status).toBe(200);
      const res = await post('/admin/demo/goods/page', { page: 2, size: 1 });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1000);
      expect(res.body.data.list).toHaveLength(1);
      expect(res.body.data.list[0].id).toBe(first.body.data.list[1].id);
      expect(res.body.data.pagination).toMatchObject({ page: 2, size: 1, total: first.body.data.pagination.total });
      // numeric strings are accepted too
      const str = await post('/admin/demo/goods/page', { page: '2', size: '1' });
      expect(str.body.data.list[0].id).toBe(res.body.data.list[0].id);
    });
  });
});
