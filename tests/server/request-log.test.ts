/**
 * The request log queue against a real database, on every database kind: batched multi-row INSERTs,
 * a full queue that drops and counts without ever waiting, close() writing what is still queued,
 * failed writes counted, and redaction (no password, code or token is ever stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/core/db/db';
import { MAX_PARAMS_CHARS, REDACTED, RequestLogQueue, redact, requestLogEntry, storedAt } from '../../server/core/log/request-log';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

/** A view of `db` that counts the rows of each INSERT it runs, and can hold writes until released. */
function watched(db: Db) {
  const inserts: number[] = [];
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let failWith: Error | null = null;
  const view: Db = {
    dialect: db.dialect,
    stats: db.stats,
    q: (n) => db.q(n),
    query: (sql, params) => db.query(sql, params),
    async run(sql, params) {
      if (gate) await gate;
      if (failWith) throw failWith;
      if (/^INSERT/i.test(sql)) inserts.push((sql.match(/\),\s*\(/g)?.length ?? 0) + 1);
      return db.run(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
    close: async () => undefined,
  };
  return {
    db: view,
    inserts,
    hold() {
      gate = new Promise<void>((r) => (open = r));
    },
    release() {
      gate = null;
      open();
    },
    failing(e: Error | null) {
      failWith = e;
    },
  };
}

describe.each(kinds)('request log queue on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An action path no other writer uses, so counts are exact while the app runs. */
  const tag = () => `/test/${kind}/${process.pid}/${++seq}`;
  const rowsOf = async (action: string) => {
    const q = t.core.db.q.bind(t.core.db);
    return t.core.db.query<{ userId: number | null; action: string; ip: string; params: string | null; createTime: string }>(
      `SELECT ${q('userId')}, ${q('action')}, ${q('ip')}, ${q('params')}, ${q('createTime')} FROM ${q('base_sys_log')} WHERE ${q('action')} = ? ORDER BY ${q('id')}`,
      [action],
    );
  };
  const entry = (action: string, i = 0) => ({ userId: i % 2 ? 1 : null, action, ip: `10.0.0.${i % 250}`, params: { i } });

  it('writes full batches as one multi-row INSERT each and keeps every field', async () => {
    const w = watched(t.core.db);
    const log = new RequestLogQueue(w.db, { batchSize: 500, maxQueue: 5000 });
    const action = tag();
    for (let i = 0; i < 1000; i++) log.record(entry(action, i));
    expect(log.stats.queued).toBe(1000);
    await log.flush();
    expect(w.inserts).toEqual([500, 500]);
    expect(log.stats).toEqual({ queued: 0, written: 1000, dropped: 0, failed: 0 });
    const rows = await rowsOf(action);
    expect(rows).toHaveLength(1000);
    expect(rows[1]).toMatchObject({ userId: 1, action, ip: '10.0.0.1' });
    expect(JSON.parse(rows[1].params!)).toEqual({ i: 1 });
    expect(rows[0].userId).toBeNull();
    expect(Date.now() - Date.parse(`${rows[0].createTime.replace(' ', 'T')}Z`)).toBeLessThan(60_000);
  });

  it('writes a partial batch in a few INSERTs of at most batchSize rows', async () => {
    const w = watched(t.core.db);
    const log = new RequestLogQueue(w.db, { batchSize: 100 });
    const action = tag();
    for (let i = 0; i < 237; i++) log.record(entry(action, i));
    await log.flush();
    expect(w.inserts.reduce((a, b) => a + b, 0)).toBe(237);
    expect(Math.max(...w.inserts)).toBeLessThanOrEqual(100);
    expect(w.inserts.length).toBeLessThanOrEqual(6);
    expect(await rowsOf(action)).toHaveLength(237);
  });

  it('flushes on its timer once started', async () => {
    const log = new RequestLogQueue(t.core.db, { flushMs: 20 }).start();
    const action = tag();
    log.record(entry(action));
    for (let i = 0; i < 1000 && log.stats.written < 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await rowsOf(action)).toHaveLength(1);
    await log.close();
  });

  it('drops and counts entries beyond maxQueue without waiting while the database is stalled', async () => {
    const w = watched(t.core.db);
    const log = new RequestLogQueue(w.db, { maxQueue: 100, batchSize: 50 });
    const action = tag();
    w.hold();
    for (let i = 0; i < 100; i++) log.record(entry(action, i));
    const flushing = log.flush(); // takes the first batch, then waits on the stalled database
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) log.record(entry(action, i));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1000);
    // 50 entries left in the queue, so 50 more fit; the rest were dropped.
    expect(log.stats.queued).toBe(100);
    expect(log.stats.dropped).toBe(20_000 - 50);
    w.release();
    await flushing;
    await log.close();
    expect(log.stats).toMatchObject({ queued: 0, written: 150, failed: 0 });
    expect(await rowsOf(action)).toHaveLength(150);
  });

  it('writes what is still queued on close, and refuses entries after it', async () => {
    const log = new RequestLogQueue(t.core.db, { flushMs: 60_000 }).start();
    const action = tag();
    for (let i = 0; i < 3; i++) log.record(entry(action, i));
    expect(await rowsOf(action)).toHaveLength(0);
    await log.close();
    expect(await rowsOf(action)).toHaveLength(3);
    log.record(entry(action));
    expect(log.stats).toEqual({ queued: 0, written: 3, dropped: 1, failed: 0 });
  });

  it('counts rows of a failed INSERT as failed, reports the error, and keeps going', async () => {
    const w = watched(t.core.db);
    const errors: number[] = [];
    const log = new RequestLogQueue(w.db, { onError: (_e, rows) => errors.push(rows) });
    const action = tag();
    w.failing(new Error('database down'));
    log.record(entry(action));
    log.record(entry(action));
    await expect(log.flush()).resolves.toBeUndefined();
    expect(log.stats).toMatchObject({ queued: 0, written: 0, failed: 2 });
    expect(errors).toEqual([2]);
    w.failing(null);
    log.record(entry(action));
    await log.close();
    expect(log.stats).toMatchObject({ written: 1, failed: 2 });
    expect(await rowsOf(action)).toHaveLength(1);
  });

  it('never stores a password, code, token or secret, at any depth and in any letter case', async () => {
    const secrets = [
      'Pw-Secret-1',
      'Old-Pw-2',
      '483920',
      'CAPTCHA-ANS',
      'rt.refresh.token',
      'acc.token',
      'INV-CODE',
      'cli-secret',
      'del-key-9',
      'oauth-code-77',
    ];
    const body = {
      username: 'ann',
      password: secrets[0],
      oldPassword: secrets[1],
      verifyCode: secrets[2],
      captcha: secrets[3],
      nested: { REFRESHTOKEN: secrets[4], list: [{ Token: secrets[5] }, { inviteCode: secrets[6] }] },
      clientSecret: secrets[7],
      deleteKey: secrets[8],
    };
    const e = requestLogEntry('/admin/base/open/login', { id: 7 }, '192.0.2.1', body, { code: secrets[9], state: 'xyz' });
    const log = new RequestLogQueue(t.core.db);
    const action = e.action;
    const before = (await rowsOf(action)).length;
    log.record(e);
    await log.close();
    const rows = await rowsOf(action);
    expect(rows).toHaveLength(before + 1);
    const stored = rows[rows.length - 1];
    expect(stored.userId).toBe(7);
    expect(stored.ip).toBe('192.0.2.1');
    for (const s of secrets) expect(stored.params).not.toContain(s);
    const params = JSON.parse(stored.params!);
    expect(params.body.username).toBe('ann');
    expect(params.body.password).toBe(REDACTED);
    expect(params.body.nested.list[0].Token).toBe(REDACTED);
    // An OAuth state is single use but still a secret while it lives: redacted like a code.
    expect(params.query).toEqual({ code: REDACTED, state: REDACTED });
  });

  it('caps what is stored of large parameters', async () => {
    const e = requestLogEntry(tag(), null, '::1', { text: 'x'.repeat(10_000), many: Array.from({ length: 5000 }, (_, i) => i) }, {});
    expect(e.params).toEqual(expect.any(String));
    expect((e.params as string).length).toBeLessThanOrEqual(MAX_PARAMS_CHARS);
    const log = new RequestLogQueue(t.core.db);
    log.record(e);
    await log.close();
    const [row] = await rowsOf(e.action);
    expect(row.params!.length).toBeLessThanOrEqual(MAX_PARAMS_CHARS);
  });
});

describe('redact', () => {
  it('keeps ordinary values, replaces secret ones, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(redact({ page: 2, keyWord: 'x', Password: 'p', profile: { smsCode: '1' } })).toEqual({
      page: 2,
      keyWord: 'x',
      Password: REDACTED,
      profile: { smsCode: REDACTED },
    });
    expect(() => JSON.stringify(redact(cyclic))).not.toThrow();
  });

  it('keeps a key named __proto__ a plain key, and redacts a secret key each time it comes', () => {
    const out = redact(JSON.parse('{"__proto__":{"token":"t"},"code":"1"}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"token":"${REDACTED}"},"code":"${REDACTED}"}`);
    expect(redact({ code: '2', id: 3 })).toEqual({ code: REDACTED, id: 3 });
  });

  it('stores the time of an entry as every other stored datetime', () => {
    for (const ms of [
      Date.UTC(2026, 0, 2, 3, 4, 5, 678),
      Date.UTC(2026, 0, 2, 3, 4, 5),
      Date.UTC(2026, 0, 2, 3, 4, 5, 7),
      Date.UTC(2026, 0, 2, 3, 4, 5, 70),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
    ]) {
      expect(storedAt(ms)).toBe(new Date(ms).toISOString().slice(0, 23).replace('T', ' '));
    }
  });

  it('leaves an empty request without parameters', () => {
    expect(requestLogEntry('/admin/base/comm/person', null, '::1', undefined, {}).params).toBeNull();
    expect(requestLogEntry('/admin/x', null, '::1', { a: 1 }, {}).params).toBe('{"a":1}');
  });
});
