/**
 * Change sets across two server processes on one MariaDB and one Redis (CODING_SYNC_SECONDS=1): a
 * field added on A is served by B within a few syncs, in its /eps (what the console's screen is
 * built from), its `add` and its `page`, without a restart; rolled back on A, it is gone from B the
 * same way, its values kept aside; a creation rolled back on A leaves B without the entity's routes.
 * Skipped without MariaDB or redis-server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce } from '../helpers/build';
import { hasRedisServer } from '../helpers/cluster';
import { databaseKinds } from '../helpers/databases';
import { startTwoInstances, type Answer, type TwoInstances } from '../helpers/two-instances';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');

async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!(hasMysql && hasRedisServer))('change sets across two instances', () => {
  let w: TwoInstances;
  const name = `cluster${Date.now().toString(36)}`;
  const fields = [{ name: 'title', type: 'string', length: 60, required: true }];

  const admin = (at: string, path: string, body: unknown = {}, method: 'POST' | 'GET' = 'POST') => w.call(at, path, body, w.adminToken, method);
  const done = (a: Answer) => {
    expect(a.code, JSON.stringify(a)).toBe(1000);
    return a.data;
  };
  /** The entity's columns in an instance's /eps, or null when it does not show the entity. */
  const epsColumns = async (at: string): Promise<string[] | null> => {
    const eps = (await admin(at, '/admin/base/open/eps', undefined, 'GET')).data;
    const e = (eps.demo as Array<{ name: string; columns: Array<{ propertyName: string }> }>).find((x) => x.name === name);
    return e ? e.columns.map((c) => c.propertyName) : null;
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(process.env.DATA_DIR ?? tmpdir(), 'cs-cluster-'));
    w = await startTwoInstances({ CODING_ENABLED: 'on', CODING_SYNC_SECONDS: '1', CODING_ENTITIES_DIR: dir });
  }, 240_000);

  afterAll(async () => {
    await w?.close();
  });

  it('serves a field added on A from B without a restart, and drops it from B after its rollback', async () => {
    const [a, b] = w.urls;
    const create = done(await admin(a, '/admin/base/coding/preview', { module: 'demo', name, fields }));
    done(await admin(a, '/admin/base/coding/apply', { id: create.id }));
    const seen = await until(
      () => admin(b, `/admin/demo/${name}/page`),
      (r) => r.code === 1000,
    );
    expect(seen.code).toBe(1000);

    const add = done(await admin(a, '/admin/base/coding/preview', { module: 'demo', name, fields: [...fields, { name: 'note', type: 'string', length: 30 }] }));
    done(await admin(a, '/admin/base/coding/apply', { id: add.id }));
    expect(
      await until(
        () => epsColumns(b),
        (c) => !!c?.includes('note'),
      ),
    ).toContain('note');
    const id = done(await admin(b, `/admin/demo/${name}/add`, { title: 'from b', note: 'noted on b' })).id;
    const page = done(await admin(b, `/admin/demo/${name}/page`));
    expect(page.list.find((r: { id: number }) => r.id === id).note).toBe('noted on b');

    const back = done(await admin(a, '/admin/base/coding/rollback', { id: add.id }));
    expect(
      await until(
        () => epsColumns(b),
        (c) => !c?.includes('note'),
      ),
    ).not.toContain('note');
    const refused = await admin(b, `/admin/demo/${name}/add`, { title: 'again', note: 'x' });
    expect(refused.code).toBe(1002);
    const kept = await w.sql(`SELECT \`id\`, \`note\` FROM \`${back.keptAside[0].table}\``);
    expect(kept.find((r: { id: number }) => Number(r.id) === Number(id)).note).toBe('noted on b');

    done(await admin(a, '/admin/base/coding/rollback', { id: create.id }));
    const gone = await until(
      () => admin(b, `/admin/demo/${name}/page`),
      (r) => r.status === 404,
    );
    expect(gone.status).toBe(404);
    expect(await epsColumns(b)).toBeNull();
  });
});
