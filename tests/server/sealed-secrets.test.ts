/**
 * Sealed fields (issue 39): a member's own provider key on base/auth is stored sealed with a key that
 * is not in the database, never answered (info, page, list, /eps, OpenAPI, the request log, the
 * recycle bin, the log files), said to be set by `secretSet`, kept by an update without it and
 * cleared by null; rows stored before sealing are sealed by the next start; the key comes from the
 * data folder's secrets.key (0600, the same after a restart) or from SECRETS_KEY.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';
import { caller, member, type Person } from './friends-world';
import { openSecret, sealSecret } from '../../server/core/api';
import { AppError } from '../../server/core/errors';

const kinds = await databaseKinds();

/** Every line of the log files under LOG_DIR. */
function logText(): string {
  const dir = process.env.LOG_DIR!;
  const files = (d: string): string[] =>
    existsSync(d) ? readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : [join(d, n)])) : [];
  return files(dir)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}

describe.each(kinds)('sealed secrets on %s', (kind) => {
  const PLAIN = `sk-recognisable-${randomBytes(6).toString('hex')}`;
  const OLD = `sk-stored-before-${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(process.env.DATA_DIR!, 'sealed-'));
  const env = (extra: Record<string, string> = {}) => {
    const { SECRETS_KEY: _none, ...rest } = process.env;
    return { ...rest, DATA_DIR: dataDir, ...extra };
  };
  let db: TestDb;
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let owner: Person;
  let authId: number;
  let table: string;

  const stored = async (id: number): Promise<string | null> => {
    const [row] = await t.core.db.query<{ secret: string | null }>(
      `SELECT ${t.core.db.q('secret')} FROM ${t.core.db.q(table)} WHERE ${t.core.db.q('id')} = ?`,
      [id],
    );
    return row.secret;
  };

  beforeAll(async () => {
    db = await createTestDb(kind);
    t = await startApp(kind, { env: env() }, { db });
    api = caller(t);
    table = t.core.model.byKey.get('base/auth')!.table;
    owner = await member(t);
    const res = await api.post('/admin/base/auth/add', { name: 'My OpenAI', type: 'openai', secret: PLAIN }, owner.token);
    expect(res.body.code, res.text).toBe(1000);
    authId = Number(res.body.data.id);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('stores the secret sealed, with the key file created 0600 in the data folder', async () => {
    const v = await stored(authId);
    expect(v).toMatch(/^sealed:v1:/);
    expect(v).not.toContain(PLAIN);
    expect(openSecret(t.core, v!)).toBe(PLAIN);
    expect(statSync(join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
  });

  it('answers only secretSet from info, page and list, to the owner and the administrator', async () => {
    for (const token of [owner.token, t.adminToken]) {
      const info = await api.post('/admin/base/auth/info', { id: authId }, token);
      expect(info.body.code, info.text).toBe(1000);
      expect(info.body.data.secretSet).toBe(true);
      expect(info.body.data).not.toHaveProperty('secret');
      const list = await api.post('/admin/base/auth/list', {}, token);
      expect(list.body.data.find((r: { id: number }) => r.id === authId).secretSet).toBe(true);
      for (const res of [info, list]) {
        expect(res.text).not.toContain(PLAIN);
        expect(res.text).not.toContain('sealed:v1:');
      }
    }
  });

  it('keeps the secret on an update without it, replaces it with a new one, clears it with null', async () => {
    const before = await stored(authId);
    expect((await api.post('/admin/base/auth/update', { id: authId, name: 'Renamed' }, owner.token)).body.code).toBe(1000);
    expect(await stored(authId)).toBe(before);
    expect((await api.post('/admin/base/auth/update', { id: authId, secret: `${PLAIN}-2` }, owner.token)).body.code).toBe(1000);
    expect(openSecret(t.core, (await stored(authId))!)).toBe(`${PLAIN}-2`);
    expect((await api.post('/admin/base/auth/update', { id: authId, secret: null }, owner.token)).body.code).toBe(1000);
    expect(await stored(authId)).toBeNull();
    expect((await api.post('/admin/base/auth/info', { id: authId }, owner.token)).body.data.secretSet).toBe(false);
    expect((await api.post('/admin/base/auth/update', { id: authId, secret: PLAIN }, owner.token)).body.code).toBe(1000);
    expect((await api.post('/admin/base/auth/update', { id: authId, secret: '' }, owner.token)).body.code).toBe(1000);
    expect(await stored(authId)).toBeNull();
    expect((await api.post('/admin/base/auth/update', { id: authId, secret: PLAIN }, owner.token)).body.code).toBe(1000);
  });

  it('describes the field as sealed and write-only in /eps and OpenAPI, never its value', async () => {
    const eps = await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken);
    const entry = (eps.body.data.base as Array<{ name: string; columns: Array<Record<string, unknown>>; schema: any }>).find((e) => e.name === 'auth')!;
    expect(entry.columns.find((c) => c.propertyName === 'secret')).toMatchObject({ writeOnly: true, sealed: true });
    expect(entry.columns.find((c) => c.propertyName === 'secretSet')).toMatchObject({ type: 'boolean', readOnly: true, virtual: true });
    expect(entry.schema.update.properties.secret).toMatchObject({ writeOnly: true, 'x-sealed': true });
    expect(entry.schema.row.properties).not.toHaveProperty('secret');
    expect(entry.schema.row.properties.secretSet).toMatchObject({ type: 'boolean', readOnly: true });
    const doc = await t.http().get('/admin/base/open/openapi.json').set('Authorization', t.adminToken);
    for (const res of [eps, doc]) {
      expect(res.text).not.toContain(PLAIN);
      expect(res.text).not.toContain('sealed:v1:');
    }
  });

  it('keeps the plain secret out of the request log and the log files', async () => {
    // The request log is written off the request path: wait for the add to be in it.
    await expect
      .poll(async () => (await api.post('/admin/base/sys/log/page', { size: 100, keyWord: 'base/auth' }, t.adminToken)).body.data?.list?.length ?? 0)
      .toBeGreaterThan(0);
    const logs = await api.post('/admin/base/sys/log/page', { size: 100 }, t.adminToken);
    expect(logs.body.code, logs.text).toBe(1000);
    expect(logs.text).not.toContain(PLAIN);
    expect(logText()).not.toContain(PLAIN);
  });

  it('keeps the recycle bin copy of a deleted row sealed and out of its answers', async () => {
    const res = await api.post('/admin/base/auth/add', { name: 'To delete', type: 'openai', secret: `${PLAIN}-del` }, owner.token);
    const id = Number(res.body.data.id);
    expect((await api.post('/admin/base/auth/delete', { ids: [id] }, owner.token)).body.code).toBe(1000);
    const recycle = t.core.model.system('recycle');
    const [row] = await t.core.db.query<{ data: string; hiddenData: string }>(
      `SELECT ${t.core.db.q('data')}, ${t.core.db.q('hiddenData')} FROM ${t.core.db.q(recycle.table)} ORDER BY ${t.core.db.q('id')} DESC LIMIT 1`,
    );
    expect(`${row.data}${row.hiddenData}`).not.toContain(`${PLAIN}-del`);
    expect(row.hiddenData).toContain('sealed:v1:');
    const page = await api.post(`${recycle.prefix}/page`, { size: 100 }, t.adminToken);
    expect(page.body.code, page.text).toBe(1000);
    expect(page.text).not.toContain(`${PLAIN}-del`);
    expect(page.text).not.toContain('sealed:v1:');
  });

  it('seals plain values stored before sealing on the next start, reading the same key file', async () => {
    const q = t.core.db.q.bind(t.core.db);
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const { insertId } = await t.core.db.run(
      `INSERT INTO ${q(table)} (${q('userId')}, ${q('name')}, ${q('type')}, ${q('secret')}, ${q('status')}, ${q('createTime')}, ${q('updateTime')}) VALUES (?, ?, ?, ?, 1, ?, ?)`,
      [owner.id, 'Old row', 'openai', OLD, now, now],
    );
    const keyFile = readFileSync(join(dataDir, 'secrets.key'), 'utf8');
    const sealedBefore = await stored(authId);
    await t.close();
    t = await startApp(kind, { env: env() }, { db });
    api = caller(t);
    const v = await stored(insertId!);
    expect(v).toMatch(/^sealed:v1:/);
    expect(openSecret(t.core, v!)).toBe(OLD);
    // The same key: what the first start sealed still opens, and the file is unchanged.
    expect(openSecret(t.core, (await stored(authId))!)).toBe(PLAIN);
    expect(await stored(authId)).toBe(sealedBefore);
    expect(readFileSync(join(dataDir, 'secrets.key'), 'utf8')).toBe(keyFile);
  });

  it('reads the key from SECRETS_KEY, and a value sealed with another key fails with secret_unreadable', async () => {
    const sealedWithFile = (await stored(authId))!;
    await t.close();
    t = await startApp(kind, { env: env({ SECRETS_KEY: randomBytes(32).toString('hex') }) }, { db });
    const round = sealSecret(t.core, 'env-key');
    expect(openSecret(t.core, round)).toBe('env-key');
    let err: unknown;
    try {
      openSecret(t.core, sealedWithFile);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).kind).toBe('unavailable');
    expect((err as AppError).key).toBe('secret_unreadable');
  });

  it('does not start with a bad SECRETS_KEY', async () => {
    await t.close();
    await expect(startApp(kind, { env: env({ SECRETS_KEY: 'not-a-key' }) }, { db })).rejects.toThrow(/SECRETS_KEY must be 32 bytes/);
    t = await startApp(kind, { env: env() }, { db });
  });
});
