/**
 * Bad input from a caller who may do everything (the administrator): every refusal is a clean 4xx
 * envelope (1001 or 1002, a message, no stack) and leaves the database exactly as it was. Here: wrong
 * types, prototype keys, decimal bounds, lengths, unknown and read-only fields. Queries:
 * bad-input-queries.test.ts; bodies, sizes, languages and routes: bad-input-requests.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { badInputWorld } from './bad-input-world';

const kinds = await databaseKinds();

describe.each(kinds)('bad input on %s', (kind) => {
  const w = badInputWorld(kind);
  const { post, get, refused, fieldsOf, rulesFor } = w;
  let seededIds: number[];
  beforeAll(() => {
    seededIds = w.seededIds;
  });

  describe('wrong types', () => {
    it('add refuses every wrongly typed field with 1002 and lists each', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { title: 123, price: 'abc', status: '1', stock: 1.5 }), 400, 1002);
      expect(new Set(fieldsOf(res))).toEqual(new Set(['title', 'price', 'status', 'stock']));
      for (const f of ['title', 'price', 'status', 'stock']) expect(rulesFor(res, f)).toContain('type');
      const title = res.body.data.find((e: { field: string }) => e.field === 'title');
      expect(title.message).toMatch(/^title must be string/);
    });

    it('update refuses every wrongly typed field with 1002 and lists each', async () => {
      const res = await refused(() => post('/admin/demo/goods/update', { id: seededIds[0], title: 123, price: 'abc', status: '1', stock: 1.5 }), 400, 1002);
      expect(new Set(fieldsOf(res))).toEqual(new Set(['title', 'price', 'status', 'stock']));
      for (const f of ['title', 'price', 'status', 'stock']) expect(rulesFor(res, f)).toContain('type');
    });

    it('a value outside the enum is refused with rule enum', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { title: 'Enum', status: 5 }), 400, 1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'status', rule: 'enum' })]);
      expect(res.body.data[0].message).toMatch(/0, 1/);
      await refused(() => post('/admin/demo/goods/update', { id: seededIds[0], status: 2 }), 400, 1002);
    });

    it('numbers outside the column range are refused with rule range', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { title: 'Range', price: 1e10, stock: 2 ** 31 }), 400, 1002);
      expect(new Set(fieldsOf(res))).toEqual(new Set(['price', 'stock']));
      for (const e of res.body.data) expect(e.rule).toBe('range');
      await refused(() => post('/admin/demo/goods/update', { id: seededIds[0], stock: -(2 ** 31) - 1 }), 400, 1002);
    });

    it('a missing required field is refused with rule required', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { price: 3 }), 400, 1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'title', rule: 'required' })]);
      const empty = await refused(() => post('/admin/demo/goods/add', { title: '' }), 400, 1002);
      expect(fieldsOf(empty)).toEqual(['title']);
    });

    it('update with a bad id is refused', async () => {
      const res = await refused(() => post('/admin/demo/goods/update', { id: 'abc', title: 'x' }), 400, 1002);
      expect(fieldsOf(res)).toContain('id');
      const missing = await refused(() => post('/admin/demo/goods/update', { title: 'x' }), 400, 1002);
      expect(missing.body.data).toEqual([expect.objectContaining({ field: 'id', rule: 'required' })]);
      await refused(() => post('/admin/demo/goods/update', { id: 999999, title: 'x' }), 404, 1001);
    });
  });

  describe('prototype keys and decimal bounds', () => {
    // Sent as raw text: a client library's object copy would turn the key into a prototype before it leaves.
    it('treats a __proto__ key as an unknown field, not as a prototype', async () => {
      const res = await refused(() => post('/admin/demo/goods/add').set('Content-Type', 'application/json').send('{"__proto__":{"title":"x"}}'), 400, 1002);
      expect(rulesFor(res, 'title')).toContain('required');
      expect(rulesFor(res, '__proto__')).toContain('unknown');
      const upd = await refused(
        () => post('/admin/demo/goods/update').set('Content-Type', 'application/json').send(`{"__proto__":{"id":${seededIds[0]}},"title":"via proto"}`),
        400,
        1002,
      );
      expect(fieldsOf(upd)).toContain('__proto__');
    });

    it('refuses a decimal that would overflow its column once rounded', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { title: 'p', price: 9999999999.999 }), 400, 1002);
      expect(rulesFor(res, 'price')).toContain('range');
      await refused(() => post('/admin/demo/goods/add', { title: 'p', price: -9999999999.999 }), 400, 1002);
    });
  });

  describe('lengths and unknown fields', () => {
    it('a title of 51 characters is refused with rule max_length', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { title: 'x'.repeat(51) }), 400, 1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'title', rule: 'max_length' })]);
      expect(res.body.data[0].message).toMatch(/50/);
      const upd = await refused(() => post('/admin/demo/goods/update', { id: seededIds[0], title: 'y'.repeat(51) }), 400, 1002);
      expect(upd.body.data).toEqual([expect.objectContaining({ field: 'title', rule: 'max_length' })]);
    });

    it('a username of 101 characters is refused with rule max_length', async () => {
      const res = await refused(() => post('/admin/base/sys/user/add', { username: 'u'.repeat(101), password: 'Some-Pass-123' }), 400, 1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'username', rule: 'max_length' })]);
      expect(res.body.data[0].message).toMatch(/100/);
    });

    it('unknown fields are refused with rule unknown', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { title: 'Unknown', color: 'red', 'a.b': 1 }), 400, 1002);
      expect(new Set(fieldsOf(res))).toEqual(new Set(['color', 'a.b']));
      for (const e of res.body.data) expect(e.rule).toBe('unknown');
      const upd = await refused(() => post('/admin/demo/goods/update', { id: seededIds[0], title: 'Renamed', color: 'red' }), 400, 1002);
      expect(upd.body.data).toEqual([expect.objectContaining({ field: 'color', rule: 'unknown' })]);
      // a hidden, write-only field of another entity is no field of this one
      await refused(() => post('/admin/demo/goods/add', { title: 'P', password: 'x' }), 400, 1002);
    });

    it('a batch add with one bad row writes nothing and names the row', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', [{ title: 'Batch A' }, { title: 'z'.repeat(51) }, { title: 'Batch C' }]), 400, 1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field: '[1].title', rule: 'max_length' })]);
      const mixed = await refused(() => post('/admin/demo/goods/add', [{ title: 'Batch A' }, 'not an object', { title: 'C', stock: 'x' }]), 400, 1002);
      expect(new Set(fieldsOf(mixed))).toEqual(new Set(['[1]', '[2].stock']));
      await refused(() => post('/admin/demo/goods/add', []), 400, 1001);
    });
  });

  describe('read-only fields (writes; not an unchanged-database test)', () => {
    it('id, createTime and updateTime on add are ignored, not refused', async () => {
      const res = await post('/admin/demo/goods/add', {
        id: 424242,
        title: 'Read-only fields',
        createTime: '2000-01-01 00:00:00',
        updateTime: '2000-01-01 00:00:00',
      });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1000);
      const id = res.body.data.id;
      expect(id).not.toBe(424242);
      const info = await get(`/admin/demo/goods/info?id=${id}`);
      expect(info.body.data.title).toBe('Read-only fields');
      expect(String(info.body.data.createTime)).not.toMatch(/^2000/);
      const ghost = await get('/admin/demo/goods/info?id=424242');
      expect(ghost.status).toBe(404);

      const upd = await post('/admin/demo/goods/update', { id, title: 'Read-only updated', createTime: '2001-01-01 00:00:00' });
      expect(upd.status).toBe(200);
      expect(upd.body.code).toBe(1000);
      const after = await get(`/admin/demo/goods/info?id=${id}`);
      expect(after.body.data.title).toBe('Read-only updated');
      expect(after.body.data.createTime).toEqual(info.body.data.createTime);
    });

    it('a title of exactly 50 characters is accepted', async () => {
      const res = await post('/admin/demo/goods/add', { title: 'w'.repeat(50) });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1000);
      const info = await get(`/admin/demo/goods/info?id=${res.body.data.id}`);
      expect(info.body.data.title).toBe('w'.repeat(50));
    });
  });
});
