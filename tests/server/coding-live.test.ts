/**
 * Entities registered while running (server/core/entity/live.ts, issue 21), on every database kind:
 * the entity made on instance A is served by A at once and, within a few syncs, by a second server
 * process on the same database and Redis (with an entities folder of its own, as on another host),
 * which then also serves it from the start after a restart; a third process whose entities folder
 * holds the file, on a fresh database, loads the file at start-up without a build. A path outside
 * the folder, a taken name and a source that does not compile are refused with nothing written.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySource } from '../../codegen/scaffold-entity';
import { LIVE_TABLE, LiveEntityError } from '../../server/core/entity/live';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds, REDIS_URL, redisUp, type TestDb } from '../helpers/databases';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const kinds = await databaseKinds();
const withRedis = await redisUp();
type Envelope = { code: number; message: string; data: any };

async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.runIf(withRedis).each(kinds)('entities registered while running on %s', (kind) => {
  let a: TestApp;
  let b: ChildProcess | null = null;
  let c: ChildProcess | null = null;
  let cDb: TestDb | null = null;
  const tag = randomBytes(3).toString('hex');
  const name = `live${tag}`;
  const dirA = mkdtempSync(join(tmpdir(), 'cosmac-live-a-'));
  const fileA = join(dirA, 'demo', `${name}.entity.ts`);
  const source = entitySource(
    {
      module: 'demo',
      name,
      fields: [
        { name: 'title', type: 'string', required: true, length: 80 },
        { name: 'qty', type: 'int', required: false },
      ],
    },
    fileA,
  );

  const call = async (port: number, path: string, body: object): Promise<Envelope> => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: a.adminToken },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope;
  };
  const onA = async (path: string, body: object): Promise<Envelope> =>
    (await a.http().post(path).set('Authorization', a.adminToken).send(body)).body as Envelope;
  const process2 = (databaseUrl: string, dir: string) => {
    const data = mkdtempSync(join(tmpdir(), 'cosmac-live-p-'));
    return startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL, DATA_DIR: data, LOG_DIR: data, CODING_ENTITIES_DIR: dir, CODING_SYNC_SECONDS: '0.5' });
  };

  beforeAll(async () => {
    a = await startApp(kind, { redisUrl: REDIS_URL, env: { ...process.env, CODING_ENTITIES_DIR: dirA, CODING_SYNC_SECONDS: '0.5' } });
  });
  afterAll(async () => {
    b?.kill('SIGTERM');
    c?.kill('SIGTERM');
    await cDb?.drop();
    await a?.close();
  });

  it('refuses a path outside the folder, a source that does not compile and a taken name, writing nothing', async () => {
    const outside = join(dirA, '..', `x${tag}.entity.ts`);
    await expect(a.core.entities.create(outside, source)).rejects.toMatchObject({ reason: 'path' });
    await expect(a.core.entities.create(join(dirA, 'demo', `${name}.txt`), source)).rejects.toMatchObject({ reason: 'path' });
    await expect(a.core.entities.create(join(dirA, 'demo', `bad${tag}.entity.ts`), 'export default defineEntity({ module: ')).rejects.toBeInstanceOf(
      LiveEntityError,
    );
    const taken = source.replace(`name: '${name}'`, "name: 'goods'").replace(`table: 'demo_${name}'`, `table: 'demo_t${tag}'`);
    await expect(a.core.entities.create(join(dirA, 'demo', `goods${tag}.entity.ts`), taken)).rejects.toMatchObject({ reason: 'exists' });
    expect(existsSync(outside) || existsSync(join(dirA, 'demo', `goods${tag}.entity.ts`))).toBe(false);
    const rows = await a.core.db.query(`SELECT ${a.core.db.q('k')} FROM ${a.core.db.q(LIVE_TABLE)}`);
    expect(rows).toEqual([]);
  });

  it('serves the new entity on this instance at once: table, routes, /eps and a menu entry', async () => {
    const e = await a.core.entities.create(fileA, source);
    expect(e.key).toBe(`demo/${name}`);
    expect(existsSync(fileA)).toBe(true);
    await expect(a.core.entities.create(fileA, source)).rejects.toMatchObject({ reason: 'exists' });

    const added = await onA(`/admin/demo/${name}/add`, { title: 'first', qty: 2 });
    expect(added.code, JSON.stringify(added)).toBe(1000);
    const refused = await onA(`/admin/demo/${name}/add`, { qty: 'many' });
    expect(refused.code).toBe(1002);
    const page = await onA(`/admin/demo/${name}/page`, {});
    expect(page.data.list.map((r: { title: string }) => r.title)).toEqual(['first']);
    const eps = (await a.http().get('/admin/base/open/eps').set('Authorization', a.adminToken)).body.data;
    expect(JSON.stringify(eps)).toContain(`/admin/demo/${name}`);
    const menus = (await a.http().get('/admin/base/comm/permmenu').set('Authorization', a.adminToken)).body.data;
    expect(menus.menus.some((m: { viewPath?: string }) => m.viewPath === `crud:demo/${name}`)).toBe(true);
    expect(menus.perms).toContain(`demo:${name}:add`);
  });

  it('is served by a second process on the same database within a few syncs, and after its restart', async () => {
    const dirB = mkdtempSync(join(tmpdir(), 'cosmac-live-b-'));
    const started = await process2(a.db.url, dirB);
    b = started.proc;
    const seen = await until(
      () => call(started.port, `/admin/demo/${name}/page`, {}),
      (r) => r.code === 1000,
    );
    expect(seen.data?.list?.map((r: { title: string }) => r.title)).toEqual(['first']);
    expect((await call(started.port, `/admin/demo/${name}/add`, { title: 'from b' })).code).toBe(1000);
    expect((await onA(`/admin/demo/${name}/page`, {})).data.pagination.total).toBe(2);
    // B wrote no file: the database holds the declaration for other hosts.
    expect(existsSync(join(dirB, 'demo', `${name}.entity.ts`))).toBe(false);

    b.kill('SIGTERM');
    await new Promise((r) => b!.once('exit', r));
    const again = await process2(a.db.url, dirB);
    b = again.proc;
    // Registered at start-up from the stored declaration: answers on the first call.
    expect((await call(again.port, `/admin/demo/${name}/page`, {})).data.pagination.total).toBe(2);
  });

  it('loads the source file at start-up without a build, on a process whose folder holds it', async () => {
    cDb = await createTestDb(kind);
    const started = await process2(cDb.url, dirA);
    c = started.proc;
    const page = await call(started.port, `/admin/demo/${name}/page`, {});
    expect(page.code, JSON.stringify(page)).toBe(1000);
    expect(page.data.pagination.total).toBe(0);
  });
});
