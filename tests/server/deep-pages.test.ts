/**
 * Deep pages and forward paging: the indexes pages need exist (on a new database and, added on the
 * next start, on an existing one); a jump to a deep page and page n+1 after page n (served by keyset
 * from page n's last row) answer exactly the rows OFFSET paging answers, also when rows are added or
 * deleted between pages; the same deep page asked again starts at its own first row, and identical
 * deep reads that arrive together run once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, l } from '../../server/core/entity/define';
import { normalize } from '../../server/core/entity/normalize';
import { openDatabase, parseDatabaseUrl, type OpenDb } from '../../server/core/db/open';
import { indexName, syncSchema } from '../../server/core/db/schema';
import type { Db } from '../../server/core/db/db';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

const kinds = await databaseKinds();
const ROWS = 1000;

async function indexNames(db: Db, table: string): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ name: string }>('SELECT name FROM pragma_index_list(?)', [table])
      : await db.query<{ name: string }>(
          'SELECT DISTINCT INDEX_NAME AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ?',
          [table],
        );
  return rows.map((r) => r.name);
}

/** Rows with many ties: three share each createTime, stock takes five values, title seventeen. */
async function seed(db: Db, n: number): Promise<void> {
  const base = Date.UTC(2025, 0, 1);
  const stored = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
  for (let start = 1; start <= n; start += 100) {
    const batch = Array.from({ length: Math.min(100, n - start + 1) }, (_, i) => start + i);
    const params = batch.flatMap((k) => [`goods ${k % 17}`, (k % 50) + 0.5, k % 2, k % 5, stored(base + Math.floor(k / 3) * 1000), stored(base)]);
    await db.run(
      `INSERT INTO \`demo_goods\` (\`title\`, \`price\`, \`status\`, \`stock\`, \`createTime\`, \`updateTime\`) VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      params,
    );
  }
}

describe.each(kinds)('deep pages on %s', (kind) => {
  let t: TestApp;
  const sqls: string[] = [];
  beforeAll(async () => {
    t = await startApp(kind);
    await seed(t.core.db, ROWS);
    const db = t.core.db;
    const query = db.query.bind(db);
    db.query = (async (sql: string, params?: unknown[]) => {
      if (/^SELECT .*ORDER BY/s.test(sql)) sqls.push(sql);
      return query(sql, params);
    }) as Db['query'];
  });
  afterAll(async () => {
    await t?.close();
  });

  type Body = Record<string, unknown>;
  const page = async (body: Body): Promise<{ ids: number[]; sql: string }> => {
    sqls.length = 0;
    const res = await t.http().post('/admin/demo/goods/page').set('Authorization', t.adminToken).send(body);
    expect(res.body.code).toBe(1000);
    return { ids: res.body.data.list.map((r: { id: number }) => r.id), sql: sqls.find((s) => s.includes('demo_goods')) ?? '' };
  };
  /** OFFSET paging written out by hand: the answer every other path must give. */
  const reference = async (body: Body): Promise<number[]> => {
    const where: string[] = [];
    const params: unknown[] = [];
    if (Array.isArray(body.status)) {
      where.push(`\`status\` IN (${body.status.map(() => '?').join(', ')})`);
      params.push(...body.status);
    } else if (body.status !== undefined) {
      where.push('`status` = ?');
      params.push(body.status);
    }
    if (body.keyWord) {
      where.push('`title` LIKE ?');
      params.push(`%${body.keyWord}%`);
    }
    const o = (body.order as string) ?? 'createTime';
    const dir = ((body.sort as string) ?? 'desc').toUpperCase();
    const by = o === 'id' ? `\`id\` ${dir}` : `\`${o}\` ${dir}, \`id\` ${dir}`;
    const size = Number(body.size);
    const rows = await t.core.db.query<{ id: number }>(
      `SELECT \`id\` FROM \`demo_goods\`${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${by} LIMIT ? OFFSET ?`,
      [...params, size, (Number(body.page) - 1) * size],
    );
    return rows.map((r) => Number(r.id));
  };
  const via = (sql: string) => (/OFFSET/.test(sql) ? (/\(SELECT /.test(sql) ? 'deferred' : 'offset') : 'keyset');

  it('has the indexes the declared filter and order need', async () => {
    const names = await indexNames(t.core.db, 'demo_goods');
    expect(names).toContain(indexName('demo_goods', ['status', 'createTime', 'id'], false));
    expect(names).toContain(indexName('demo_goods', ['createTime'], false));
  });

  const queries: Body[] = [
    {},
    { status: 1 },
    { status: [0, 1] },
    { keyWord: 'goods 1' },
    { order: 'createTime', sort: 'asc', status: 0 },
    { order: 'stock', sort: 'asc' },
    { order: 'stock', sort: 'desc', status: 1 },
    { order: 'title', sort: 'asc' },
    { order: 'id', sort: 'asc' },
    { order: 'id', sort: 'desc', status: 1 },
  ];
  for (const q of queries) {
    it(`pages forward by keyset with the rows OFFSET gives: ${JSON.stringify(q)}`, async () => {
      const size = 37;
      for (let p = 1; ; p++) {
        const body = { ...q, page: p, size };
        const got = await page(body);
        expect(got.ids).toEqual(await reference(body));
        expect(via(got.sql)).toBe(p === 1 ? 'offset' : 'keyset');
        if (got.ids.length < size) break;
      }
    });
  }

  it('pages by OFFSET where the order column cannot be sought exactly (a decimal)', async () => {
    for (const p of [1, 2, 3]) {
      const body = { order: 'price', sort: 'desc', page: p, size: 50 };
      const got = await page(body);
      expect(got.ids).toEqual(await reference(body));
      expect(via(got.sql)).toBe('offset');
    }
  });

  it('jumps to a deep page with the deferred join and the rows OFFSET gives', async () => {
    for (const q of [{}, { status: 1 }, { order: 'stock', sort: 'asc' }, { order: 'title', sort: 'desc', status: 0 }]) {
      const body = { ...q, page: 14, size: 40 };
      const got = await page(body);
      expect(got.ids).toEqual(await reference(body));
      expect(via(got.sql)).toBe('deferred');
    }
  });

  it('serves the same deep page again from its own first row until a write, with the rows OFFSET gives', async () => {
    for (const q of [{}, { order: 'stock', sort: 'desc' }, { order: 'id', sort: 'asc' }]) {
      const body = { ...q, page: 20, size: 30 };
      const first = await page(body);
      expect(via(first.sql)).toBe('deferred');
      const again = await page(body);
      expect(via(again.sql)).toBe('keyset');
      expect(again.sql).toMatch(/[<>]= \?/);
      expect(again.ids).toEqual(first.ids);
      expect(again.ids).toEqual(await reference(body));
      // A write in front of the page shifts it: the next read jumps again and still matches OFFSET.
      const added = await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send({ title: 'shifts pages', status: 0, stock: 9 });
      expect(added.body.code).toBe(1000);
      const shifted = await page(body);
      expect(via(shifted.sql)).toBe('deferred');
      expect(shifted.ids).toEqual(await reference(body));
    }
  });

  it('runs identical deep reads that arrive together once, and each caller gets the full answer', async () => {
    // A write first, so nobody served this page under the current generation.
    await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send({ title: 'new generation', status: 1 });
    sqls.length = 0;
    const body = { page: 30, size: 20 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.http().post('/admin/demo/goods/page').set('Authorization', t.adminToken).send(body)));
    const expected = await reference(body);
    for (const a of answers) expect(a.body.data.list.map((r: { id: number }) => r.id)).toEqual(expected);
    const deep = sqls.filter((s) => s.includes('demo_goods') && /OFFSET/.test(s) && /\(SELECT /.test(s));
    expect(deep.length).toBeGreaterThanOrEqual(1);
    expect(deep.length).toBeLessThan(8);
  });

  it('does not reuse a boundary across sizes, filters or orders', async () => {
    await page({ status: 1, page: 1, size: 30 });
    expect(via((await page({ status: 1, page: 2, size: 31 })).sql)).toBe('offset');
    expect(via((await page({ status: 0, page: 2, size: 30 })).sql)).toBe('offset');
    expect(via((await page({ status: 1, order: 'stock', page: 2, size: 30 })).sql)).toBe('offset');
    expect(via((await page({ status: 1, page: 2, size: 30 })).sql)).toBe('keyset');
  });

  it('falls back to OFFSET after a write between pages, then pages by keyset again', async () => {
    const admin = (path: string, body: object) => t.http().post(`/admin/demo/goods/${path}`).set('Authorization', t.adminToken).send(body);
    for (const q of [{ status: 1 }, { order: 'stock', sort: 'asc' }]) {
      const at = (p: number) => ({ ...q, page: p, size: 25 });
      await page(at(1));
      await page(at(2));
      // Newest createTime and stock 0: both land before the boundary of page 2.
      const added = await admin('add', [
        { title: 'inserted a', status: 1, stock: 0 },
        { title: 'inserted b', status: 1, stock: 0 },
      ]);
      expect(added.body.code).toBe(1000);
      let got = await page(at(3));
      expect(via(got.sql)).toBe('offset');
      expect(got.ids).toEqual(await reference(at(3)));
      got = await page(at(4));
      expect(via(got.sql)).toBe('keyset');
      expect(got.ids).toEqual(await reference(at(4)));
      // Deleting rows before the boundary shifts the next page back, as OFFSET does.
      const first = await page(at(1));
      expect((await admin('delete', { ids: first.ids.slice(0, 3) })).body.code).toBe(1000);
      got = await page(at(5));
      expect(via(got.sql)).toBe('offset');
      expect(got.ids).toEqual(await reference(at(5)));
      got = await page(at(6));
      expect(via(got.sql)).toBe('keyset');
      expect(got.ids).toEqual(await reference(at(6)));
    }
  });
});

const v1 = defineEntity({
  module: 'demo',
  name: 'deepUpgrade',
  table: 'demo_deep_upgrade',
  label: l('Deep upgrade', '升级'),
  fields: {
    title: { type: 'string', length: 40, required: true, label: l('Title', '标题') },
    kind: { type: 'int', default: 0, label: l('Kind', '类') },
  },
});
const v2 = defineEntity({ ...v1, search: { equal: ['kind'] }, order: { field: 'title', sort: 'asc' } });

describe.each(kinds)('page index upgrade on %s', (kind) => {
  let tdb: TestDb;
  let opened: OpenDb | null = null;
  afterAll(async () => {
    await opened?.db.close();
    await tdb?.drop();
  });

  it('adds the page indexes of a new filter and order to an existing table on the next start, keeping its rows', async () => {
    tdb = await createTestDb(kind);
    const m1 = normalize([v1]);
    opened = await openDatabase(parseDatabaseUrl(tdb.url));
    const { db } = opened;
    await syncSchema(db, m1);
    await db.run('INSERT INTO `demo_deep_upgrade` (`title`, `kind`, `createTime`, `updateTime`) VALUES (?, ?, ?, ?)', [
      'kept',
      2,
      '2026-01-01 00:00:00.000',
      '2026-01-01 00:00:00.000',
    ]);
    const wanted = [indexName('demo_deep_upgrade', ['title', 'id'], false), indexName('demo_deep_upgrade', ['kind', 'title', 'id'], false)];
    for (const n of wanted) expect(await indexNames(db, 'demo_deep_upgrade')).not.toContain(n);

    const m2 = normalize([v2]);
    expect(m2.schemaHash).not.toBe(m1.schemaHash);
    const report = await syncSchema(db, m2);
    expect(report.addedIndexes.sort()).toEqual([...wanted].sort());
    expect(await indexNames(db, 'demo_deep_upgrade')).toEqual(expect.arrayContaining(wanted));
    expect(await db.query('SELECT `title`, `kind` FROM `demo_deep_upgrade`')).toEqual([{ title: 'kept', kind: 2 }]);
    expect((await syncSchema(db, m2)).skipped).toBe(true);
  });
});
