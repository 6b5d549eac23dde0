/**
 * The system tasks' handlers (issue 19), each run through `once` on its seeded row, on every
 * database: the recycle purge drops old records and the uploaded files only they named (a file a
 * newer record still names stays, and its row can be restored); the task log purge drops old runs;
 * the unpaid-order expiry runs.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();
const DAY = 86400_000;
const stored = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

type Res = { status: number; body: { code: number; data: any } };

describe.each(kinds)('system task handlers on %s', (kind) => {
  let t: TestApp;
  const root = resolve(process.env.DATA_DIR!, `uploads-tasks-${kind}-${randomBytes(3).toString('hex')}`);
  const q = (n: string) => t.core.db.q(n);

  const post = (path: string, body: unknown) =>
    t
      .http()
      .post(path)
      .set('Authorization', t.adminToken)
      .send(body as object) as unknown as Promise<Res>;
  const ok = (res: Res) => {
    expect(res.body, JSON.stringify(res.body).slice(0, 400)).toMatchObject({ code: 1000 });
    return res.body.data;
  };
  const upload = async (name: string, text: string) => {
    const boundary = `----tasks${randomBytes(6).toString('hex')}`;
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    );
    const res = await t
      .http()
      .post('/admin/base/comm/upload')
      .set('Authorization', t.adminToken)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body);
    return (ok(res as unknown as Res) as Array<{ id: number; key: string }>)[0];
  };
  /** Runs the seeded task of `service` once and answers its finished log row. */
  const runOnce = async (service: string) => {
    const task = (ok(await post('/admin/task/info/page', { type: 0, size: 100 })).list as Array<{ id: number; service: string }>).find(
      (r) => r.service === service,
    )!;
    const { logId } = ok(await post('/admin/task/info/once', { id: task.id }));
    for (let i = 0; i < 200; i++) {
      const res = await t.http().get('/admin/task/info/log').query({ id: task.id }).set('Authorization', t.adminToken);
      const run = (res.body.data.list as Array<Record<string, any>>).find((r) => r.id === logId);
      if (run && run.status !== 2) return run;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`${service} did not finish`);
  };

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, STORAGE_ROOT: root } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('purges old recycle records and the files only they named, and keeps newer ones restorable', async () => {
    const old = await upload('old.txt', 'old file');
    const fresh = await upload('fresh.txt', 'fresh file');
    ok(await post('/admin/space/info/delete', { ids: [old.id] }));
    ok(await post('/admin/space/info/delete', { ids: [fresh.id] }));
    const recycle = t.core.model.system('recycle').table;
    const records = await t.core.db.query<{ id: number; data: string }>(`SELECT ${q('id')}, ${q('data')} FROM ${q(recycle)} ORDER BY ${q('id')}`);
    const oldRecord = records.find((r) => String(r.data).includes(old.key))!;
    const freshRecord = records.find((r) => String(r.data).includes(fresh.key))!;
    await t.core.db.run(`UPDATE ${q(recycle)} SET ${q('createTime')} = ? WHERE ${q('id')} = ?`, [stored(Date.now() - 40 * DAY), oldRecord.id]);
    expect(existsSync(join(root, old.key))).toBe(true);

    const run = await runOnce('recycle.purge');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.detail)).toMatchObject({ removed: 1, files: 1 });
    expect(existsSync(join(root, old.key))).toBe(false);
    expect(existsSync(join(root, fresh.key))).toBe(true);
    const left = (await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q(recycle)}`)).map((r) => Number(r.id));
    expect(left).toContain(freshRecord.id);
    expect(left).not.toContain(oldRecord.id);
    ok(await post('/admin/recycle/data/restore', { ids: [freshRecord.id] }));
    const served = await t.http().get(`/upload/${fresh.key}`);
    expect(served.status).toBe(200);
  });

  it('purges task log rows older than the days kept, never a run under way', async () => {
    const logs = t.core.model.system('taskLogs').table;
    const first = await runOnce('order.expire');
    expect(first).toMatchObject({ status: 1, detail: '{"expired":0}' });
    const oldTime = stored(Date.now() - 40 * DAY);
    await t.core.db.run(`UPDATE ${q(logs)} SET ${q('createTime')} = ? WHERE ${q('id')} = ?`, [oldTime, first.id]);
    const now = stored(Date.now());
    const running = await t.core.db.run(
      `INSERT INTO ${q(logs)} (${q('taskId')}, ${q('status')}, ${q('claimKey')}, ${q('createTime')}, ${q('updateTime')}) VALUES (?, 2, ?, ?, ?)`,
      [first.taskId, `t:${randomBytes(4).toString('hex')}`, oldTime, now],
    );
    const run = await runOnce('taskLog.purge');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.detail).removed).toBeGreaterThanOrEqual(1);
    const ids = (await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q(logs)}`)).map((r) => Number(r.id));
    expect(ids).not.toContain(first.id);
    expect(ids).toContain(Number(running.insertId));
  });
});
