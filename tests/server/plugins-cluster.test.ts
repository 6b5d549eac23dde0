/**
 * A plugin across two instances on one MariaDB database (issue 19 item 4): a second core, with a
 * plugin folder of its own, loads a plugin installed and enabled through the first (unpacking it
 * from the package kept in the database) within a few syncs, serves its hook for the writes it
 * makes itself, follows a config change, and unloads it (and removes its files) once it is deleted
 * through the first. Skipped without MariaDB, unless CI=true.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Started } from '../../server/core/app';
import { readConfig } from '../../server/core/core';
import { SYSTEM } from '../../server/core/entity/access';
import { ADMIN_PASSWORD, startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { eventsIn, notifyPackage, sha256, until } from '../helpers/plugin-packages';

const hasMysql = (await databaseKinds()).includes('mysql');

type Res = { status: number; body: { code: number; message: string; data: any } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!hasMysql)('a plugin on two instances sharing one MariaDB database', () => {
  let a: TestApp;
  let b: Started;
  const tag = randomBytes(3).toString('hex');
  const dirA = join(process.env.DATA_DIR!, `plugins-a-${tag}`);
  const dirB = join(process.env.DATA_DIR!, `plugins-b-${tag}`);
  const eventsFile = join(process.env.DATA_DIR!, `cluster-events-${tag}.ndjson`);
  const env = (dir: string) => ({ ...process.env, PLUGIN_DIR: dir, PLUGIN_SYNC_SECONDS: '0.5' });

  const post = (path: string, body: unknown) =>
    a
      .http()
      .post(path)
      .set('Authorization', a.adminToken)
      .send(body as object) as unknown as Promise<Res>;
  const ok = (res: Res) => {
    expect(res.body, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ code: 1000 });
    return res.body.data;
  };
  let users = 0;
  const addUserOnB = () =>
    b.core.ops.add(b.core.model.system('users'), { username: `cluster_${tag}_${++users}`, password: 'Cluster-Pass-1', nickName: `C${users}` }, SYSTEM);

  beforeAll(async () => {
    a = await startApp('mysql', { env: env(dirA) });
    b = await startCore({
      ...readConfig(process.env),
      databaseUrl: a.db.url,
      adminPassword: ADMIN_PASSWORD,
      captcha: false,
      redisUrl: undefined,
      env: env(dirB),
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('loads on the second instance what the first installed and enabled, and unloads it after delete', async () => {
    const zip = await notifyPackage();
    const up = ok(
      (await a
        .http()
        .post('/admin/plugin/info/upload')
        .set('Authorization', a.adminToken)
        .attach('file', zip, { filename: 'p.zip', contentType: 'application/zip' })) as unknown as Res,
    );
    const row = ok(await post('/admin/plugin/info/install', { uploadId: up.uploadId }));
    ok(await post('/admin/plugin/info/update', { id: row.id, config: { file: eventsFile, token: 'cluster-token' } }));
    ok(await post('/admin/plugin/info/update', { id: row.id, status: 1 }));

    const stateB = await until(
      () => b.core.plugins.state('test-notify'),
      (s) => !!s?.active,
    );
    expect(stateB).toEqual({ loaded: true, active: true, error: null });
    // B unpacked its own copy from the package row.
    expect(readdirSync(join(dirB, 'test-notify')).sort()).toEqual([sha256(zip), 'data'].sort());
    // B's lifecycle: only load (install and enable ran once, on A). B checks the rows every 0.5 s and
    // may see A's three writes (install, config, enable) one by one, loading again on each: how many
    // loads depends on the machine's speed, that they are loads only does not.
    const lifecycle = readFileSync(join(dirB, 'test-notify', 'data', 'lifecycle.log'), 'utf8')
      .trim()
      .split('\n');
    expect(lifecycle.length).toBeGreaterThanOrEqual(1);
    expect([...new Set(lifecycle)]).toEqual(['load 1.0.0']);

    // A write on B reaches B's notifier once (A, which did not write, sends nothing).
    await addUserOnB();
    const first = await until(
      () => eventsIn(eventsFile),
      (e) => e.length >= 1,
    );
    await sleep(300);
    expect(eventsIn(eventsFile)).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: 'user.registered', level: 3, token: 'set', data: { username: `cluster_${tag}_1` } });

    // A config change made on A reloads the plugin on B.
    ok(await post('/admin/plugin/info/update', { id: row.id, config: { file: eventsFile, level: 5 } }));
    await until(
      () => readFileSync(join(dirB, 'test-notify', 'data', 'lifecycle.log'), 'utf8'),
      (text) => text.includes('close 1.0.0'),
    );
    await addUserOnB();
    const second = await until(
      () => eventsIn(eventsFile),
      (e) => e.length >= 2,
    );
    expect(second[1]).toMatchObject({ name: 'user.registered', level: 5, token: 'set' });

    ok(await post('/admin/plugin/info/delete', { ids: [row.id] }));
    expect(
      await until(
        () => b.core.plugins.state('test-notify'),
        (s) => s === null,
      ),
    ).toBeNull();
    expect(
      await until(
        () => existsSync(join(dirB, 'test-notify')),
        (there) => !there,
      ),
    ).toBe(false);
    await addUserOnB();
    await sleep(300);
    expect(eventsIn(eventsFile)).toHaveLength(2);
  });
});
