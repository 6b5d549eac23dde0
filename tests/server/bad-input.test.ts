/**
 * Bad input from a caller who may do everything (the administrator): every refusal is a clean 4xx
 * envelope (1001 or 1002, a message, no stack) and leaves the database exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

type Res = { status: number; body: any; text: string; headers: Record<string, string> };

const SEED = [
  { title: 'Apple', price: 1.5, status: 1, stock: 10 },
  { title: 'Banana', price: 2, status: 0, stock: 5 },
  { title: '100% cotton shirt', price: 30, status: 1, stock: 3 },
  { title: 'snake_case mug', price: 12.25, status: 1, stock: 7 },
  { title: 'Cherry', price: 8, status: 0, stock: 0 },
];

const CJK = /[\u4e00-\u9fff]/;

describe.each(kinds)('bad input on %s', (kind) => {
  let t: TestApp;
  let seededIds: number[] = [];

  beforeAll(async () => {
    t = await startApp(kind);
    const res = await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send(SEED);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1000);
    seededIds = res.body.data.ids;
    expect(seededIds).toHaveLength(SEED.length);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body?: unknown) => {
    const r = t.http().post(path).set('Authorization', t.adminToken);
    return body === undefined ? r : r.send(body as object);
  };
  const get = (path: string) => t.http().get(path).set('Authorization', t.adminToken);

  async function snapshot() {
    const q = t.core.db.q;
    const goods = await t.core.db.query(`SELECT * FROM ${q('demo_goods')} ORDER BY ${q('id')}`);
    const [u] = await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q('base_sys_user')}`);
    const [r] = await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q('recycle_data')}`);
    return { goods, users: Number(u.n), recycle: Number(r.n) };
  }

  /** Asserts the shape of a refusal: status, envelope code, a message, and nothing leaked. */
  function expectRefusal(res: Res, status: number, code: 1001 | 1002) {
    expect(res.status, res.text.slice(0, 500)).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.trim().length).toBeGreaterThan(0);
    expect(res.body.message).not.toBe('success');
    expect(res.text).not.toMatch(/Error:/);
    expect(res.text).not.toMatch(/\bat \S*[/\\]\S+\.(?:[cm]?[jt]s)\b/);
    expect(res.text).not.toMatch(/\bat .*\(\S+:\d+:\d+\)/);
    expect(res.text).not.toMatch(/node_modules|\/work\/|server\/core/);
    if (code === 1002) {
      expect(Array.isArray(res.body.data)).toBe(true);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const e of res.body.data) {
        expect(typeof e.field).toBe('string');
        expect(typeof e.rule).toBe('string');
        expect(typeof e.message).toBe('string');
        expect(e.message.length).toBeGreaterThan(0);
      }
    }
  }

  /** Sends a bad request; asserts the refusal and that the database did not change. */
  async function refused(send: () => PromiseLike<Res>, status: number, code: 1001 | 1002): Promise<Res> {
    const before = await snapshot();
    const res = await send();
    expectRefusal(res, status, code);
    expect(await snapshot()).toEqual(before);
    return res;
  }

  const fieldsOf = (res: Res) => res.body.data.map((e: { field: string }) => e.field);
  const rulesFor = (res: Res, field: string) =>
    res.body.data.filter((e: { field: string }) => e.field === field).map((e: { rule: string }) => e.rule);

  describe('wrong types', () => {
    it('add refuses every wrongly typed field with 1002 and lists each', async () => {
      const res = await refused(() => post('/admin/demo/goods/add', { title: 123, price: 'abc', status: '1', stock: 1.5 }), 400, 1002);
      expect(new Set(fieldsOf(res))).toEqual(new Set(['title', 'price', 'status', 'stock']));
      for (const f of ['title', 'price', 'status', 'stock']) expect(rulesFor(res, f)).toContain('type');
      const title = res.body.data.find((e: { field: string }) => e.field === 'title');
      expect(title.message).toMatch(/^title must be string/);
    });

    it('update refuses every wrongly typed field with 1002 and lists each', async () => {
      const res = await refused(
        () => post('/admin/demo/goods/update', { id: seededIds[0], title: 123, price: 'abc', status: '1', stock: 1.5 }),
        400,
        1002,
      );
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
      const upd = await refused(() => post('/admin/demo/goods/update').set('Content-Type', 'application/json').send(`{"__proto__":{"id":${seededIds[0]}},"title":"via proto"}`), 400, 1002);
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
      const res = await refused(
        () => post('/admin/base/sys/user/add', { username: 'u'.repeat(101), password: 'Some-Pass-123' }),
        400,
        1002,
      );
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
      const res = await refused(
        () => post('/admin/demo/goods/add', [{ title: 'Batch A' }, { title: 'z'.repeat(51) }, { title: 'Batch C' }]),
        400,
        1002,
      );
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
