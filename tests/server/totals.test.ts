/**
 * Page totals: cached per entity and filter and kept right by writes; shared through Redis by a
 * second server process; estimated totals read the database's statistics and run no COUNT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds, REDIS_URL, redisUp } from '../helpers/databases';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const kinds = await databaseKinds();
const withRedis = kinds.includes('mysql') && (await redisUp());

function counts(t: TestApp): number {
  return t.core.db.stats.byPrefix.get('COUNT') ?? 0;
}

describe.each(kinds)('page totals on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
    await t
      .http()
      .post('/admin/demo/goods/add')
      .set('Authorization', t.adminToken)
      .send([1, 2, 3, 4, 5].map((n) => ({ title: `total ${n}`, status: n % 2, stock: n })));
  });
  afterAll(async () => {
    await t?.close();
  });
  const page = async (body: object) => {
    const res = await t.http().post('/admin/demo/goods/page').set('Authorization', t.adminToken).send(body);
    expect(res.body.code).toBe(1000);
    return res.body.data.pagination.total as number;
  };

  it('runs no COUNT for a second identical page call', async () => {
    const before = counts(t);
    expect(await page({ status: 1 })).toBe(3);
    expect(counts(t)).toBe(before + 1);
    expect(await page({ status: 1 })).toBe(3);
    expect(await page({ status: 1, page: 1, size: 2 })).toBe(3);
    expect(counts(t)).toBe(before + 1);
    expect(await page({ status: 0 })).toBe(2);
    expect(counts(t)).toBe(before + 2);
  });

  it('changes the second total when a write lands between two identical calls', async () => {
    expect(await page({ keyWord: 'total' })).toBe(5);
    await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send({ title: 'total 6', status: 1 });
    expect(await page({ keyWord: 'total' })).toBe(6);
    const [row] = (await t.http().post('/admin/demo/goods/page').set('Authorization', t.adminToken).send({ keyWord: 'total 6' })).body.data.list;
    await t
      .http()
      .post('/admin/demo/goods/delete')
      .set('Authorization', t.adminToken)
      .send({ ids: [row.id] });
    expect(await page({ keyWord: 'total' })).toBe(5);
  });

  it('pages deep into a table with the same rows as a plain query', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({ title: `deep ${String(i).padStart(4, '0')}`, status: 1 }));
    await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send(rows.slice(0, 1000));
    await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send(rows.slice(1000));
    const res = await t
      .http()
      .post('/admin/demo/goods/page')
      .set('Authorization', t.adminToken)
      .send({ keyWord: 'deep', order: 'title', sort: 'asc', page: 110, size: 10 });
    expect(res.body.data.list.map((r: { title: string }) => r.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `deep ${String(1090 + i).padStart(4, '0')}`),
    );
    expect(res.body.data.pagination.total).toBe(1200);
  });

  it('reads an estimated total from the statistics, with no COUNT, within 10% after ANALYZE', async () => {
    const q = t.core.db.q;
    const n = 3000;
    for (let start = 0; start < n; start += 500) {
      const values = Array.from({ length: 500 }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
      const params = Array.from({ length: 500 }, (_, i) => [
        i % 7,
        `demo:goods:page`,
        '127.0.0.1',
        `{"i":${start + i}}`,
        '2026-01-01 00:00:00.000',
        '2026-01-01 00:00:00.000',
      ]).flat();
      await t.core.db.run(
        `INSERT INTO ${q('base_sys_log')} (${['userId', 'action', 'ip', 'params', 'createTime', 'updateTime'].map(q).join(', ')}) VALUES ${values}`,
        params,
      );
    }
    if (kind === 'mysql') await t.core.db.query('ANALYZE TABLE `base_sys_log`');
    else await t.core.db.run('ANALYZE');
    const before = counts(t);
    const res = await t.http().post('/admin/base/sys/log/page').set('Authorization', t.adminToken).send({ size: 5 });
    expect(res.body.data.list).toHaveLength(5);
    const total = res.body.data.pagination.total as number;
    expect(Math.abs(total - n) / n).toBeLessThanOrEqual(0.1);
    expect(counts(t)).toBe(before);
    // A filtered page is exact.
    const filtered = await t.http().post('/admin/base/sys/log/page').set('Authorization', t.adminToken).send({ userId: 3 });
    expect(filtered.body.data.pagination.total).toBe(Array.from({ length: n }, (_, i) => (i % 500) % 7).filter((u) => u === 3).length);
    expect(counts(t)).toBe(before + 1);
  });
});

describe.runIf(withRedis)('page totals shared through Redis by a second server process', () => {
  let a: TestApp;
  let b: ChildProcess | null = null;
  let sqlLog = '';
  let bPort = 0;

  beforeAll(async () => {
    a = await startApp('mysql', { redisUrl: REDIS_URL });
    await a
      .http()
      .post('/admin/demo/goods/add')
      .set('Authorization', a.adminToken)
      .send([1, 2, 3].map((n) => ({ title: `shared ${n}`, status: 1 })));
    // The second process runs the built server: build it from the sources under test.
    const dir = mkdtempSync(join(tmpdir(), 'cosmac-b-'));
    sqlLog = join(dir, 'sql.log');
    ({ proc: b, port: bPort } = await startServerProcess({ DATABASE_URL: a.db.url, REDIS_URL, DATA_DIR: dir, LOG_DIR: dir, SQL_LOG: sqlLog }));
  });
  afterAll(async () => {
    b?.kill('SIGTERM');
    await a?.close();
  });

  async function pageOnB(): Promise<number> {
    const res = await fetch(`http://127.0.0.1:${bPort}/admin/demo/goods/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: a.adminToken },
      body: JSON.stringify({ keyWord: 'shared' }),
    });
    const body = (await res.json()) as { code: number; data: { pagination: { total: number } } };
    expect(body.code).toBe(1000);
    return body.data.pagination.total;
  }
  const countsOnB = () =>
    readFileSync(sqlLog, 'utf8')
      .split('\n')
      .filter((l) => /^SELECT COUNT\(\*\).*demo_goods/.test(l)).length;

  it('answers the total from the shared cache, then sees a write made on the first process without counting', async () => {
    const res = await a.http().post('/admin/demo/goods/page').set('Authorization', a.adminToken).send({ keyWord: 'shared' });
    expect(res.body.data.pagination.total).toBe(3);
    expect(await pageOnB()).toBe(3);
    expect(await pageOnB()).toBe(3);
    expect(countsOnB()).toBe(0);
    await a.http().post('/admin/demo/goods/add').set('Authorization', a.adminToken).send({ title: 'shared 4', status: 1 });
    expect(await pageOnB()).toBe(4);
    expect(countsOnB()).toBe(0);
  });
});
