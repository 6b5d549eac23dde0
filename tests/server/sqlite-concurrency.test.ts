/**
 * Many writes at once, on every database kind: concurrent user, role and goods adds, uploads and
 * logins all get an answer (a success or a refusal, never a server fault or silence), and every row
 * and every request-log entry lands. Then a built server process with a filled request-log queue,
 * stopped by SIGTERM while requests are in flight, exits promptly and writes that queue first, on
 * every database kind too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { buildServerOnce } from '../helpers/build';
import { allMakingProgress } from '../helpers/progress';
import { freePort } from '../helpers/ports';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { SqliteDb } from '../../server/core/db/sqlite';
import { ADMIN_PASSWORD, startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const kinds = await databaseKinds();
const ROOT = resolve(__dirname, '../..');
const BURST = 200;
const PATHS = {
  user: '/admin/base/sys/user/add',
  goods: '/admin/demo/goods/add',
  role: '/admin/base/sys/role/add',
  upload: '/admin/base/comm/upload',
  login: '/admin/base/open/login',
} as const;
type Kind = keyof typeof PATHS;
const ORDER: Kind[] = ['user', 'goods', 'role', 'upload', 'login'];

/** A multipart body holding one small text file. */
function oneFile(name: string, text: string): { body: Buffer; type: string } {
  const boundary = `----cosmac${randomBytes(8).toString('hex')}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** The request of burst item `i`: its kind, body and content type. */
function burstRequest(tag: string, i: number): { kind: Kind; body: Buffer | string; type: string } {
  const kind = ORDER[i % ORDER.length];
  const json = (v: unknown) => ({ kind, body: JSON.stringify(v), type: 'application/json' });
  switch (kind) {
    case 'user':
      return json({ username: `${tag}_u${i}`, password: 'Burst-Pass-1', nickName: `Burst ${i}`, roleIdList: [] });
    case 'goods':
      return json({ title: `${tag} goods ${i}`, status: 1, stock: i });
    case 'role':
      return json({ name: `${tag} role ${i}`, label: `${tag}_r${i}` });
    case 'upload':
      return { kind, ...oneFile(`${tag}-${i}.txt`, `file ${i}`) };
    case 'login':
      // Every other login is refused (wrong password): a 4xx is a fine answer, a 5xx never is.
      return json({ username: 'admin', password: i % 2 ? 'wrong-password' : ADMIN_PASSWORD });
  }
}

describe('the SQLite connection under concurrent callers', () => {
  const open = () => {
    const raw = new Database(':memory:');
    raw.pragma('foreign_keys = ON');
    raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    return { raw, db: new SqliteDb(raw) };
  };
  const tick = () => new Promise((r) => setTimeout(r, 1));

  it('runs transactions one at a time, in the order they were asked for', async () => {
    const { db } = open();
    const events: string[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((n) =>
        db.transaction(async (tx) => {
          events.push(`begin ${n}`);
          await tick();
          await tx.run('INSERT INTO t (v) VALUES (?)', [String(n)]);
          await tick();
          events.push(`end ${n}`);
        }),
      ),
    );
    expect(events).toEqual([0, 1, 2, 3, 4].flatMap((n) => [`begin ${n}`, `end ${n}`]));
    expect(await db.query('SELECT v FROM t ORDER BY id')).toEqual(['0', '1', '2', '3', '4'].map((v) => ({ v })));
  });

  it('keeps a statement sent during a transaction out of it, and runs it after the commit', async () => {
    const { db } = open();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const failing = db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES ('inside')");
      await held;
      throw new Error('changed my mind');
    });
    await tick();
    const outside = db.run("INSERT INTO t (v) VALUES ('outside')");
    const read = db.query<{ v: string }>('SELECT v FROM t');
    release();
    await expect(failing).rejects.toThrow('changed my mind');
    await outside;
    // The read was asked for after the insert, so it sees that row and nothing of the rolled-back one.
    expect(await read).toEqual([{ v: 'outside' }]);
  });

  it('runs a nested transaction inline in the outer one', async () => {
    const { db } = open();
    await db.transaction(async (tx) => {
      await tx.transaction(async (inner) => inner.run("INSERT INTO t (v) VALUES ('nested')"));
    });
    expect(await db.query('SELECT v FROM t')).toEqual([{ v: 'nested' }]);
  });

  it("runs a statement sent on the database from inside a transaction's own flow in it, instead of waiting forever", async () => {
    const { db } = open();
    const inside = db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES ('mine')");
      // A slip: the database, not `tx`. Before, this waited for the transaction's turn, which waited for it.
      const seen = await db.query<{ v: string }>('SELECT v FROM t');
      await db.run("INSERT INTO t (v) VALUES ('slip')");
      return seen;
    });
    const hung = new Promise((_, reject) => setTimeout(() => reject(new Error('the transaction hung')), 30_000));
    expect(await Promise.race([inside, hung])).toEqual([{ v: 'mine' }]);
    // Work the transaction's flow leaves behind runs in turn once the transaction has ended.
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((r) => setTimeout(r, 20)).then(() => db.query('SELECT COUNT(*) AS n FROM t'));
    });
    expect(await later).toEqual([{ n: 2 }]);
    expect(await db.query('SELECT v FROM t ORDER BY id')).toEqual([{ v: 'mine' }, { v: 'slip' }]);
  });

  it('frees the connection when BEGIN fails', async () => {
    const { raw, db } = open();
    raw.exec('BEGIN'); // someone else's transaction makes our BEGIN fail
    const waiting = db.transaction(async (tx) => tx.run("INSERT INTO t (v) VALUES ('never')"));
    const next = db.query('SELECT COUNT(*) AS n FROM t');
    await expect(waiting).rejects.toThrow(/within a transaction/);
    await expect(next).resolves.toEqual([{ n: 0 }]);
    raw.exec('COMMIT');
    await db.transaction(async (tx) => tx.run("INSERT INTO t (v) VALUES ('later')"));
    expect(await db.query('SELECT v FROM t')).toEqual([{ v: 'later' }]);
  });

  it('rolls back and frees the connection when COMMIT fails', async () => {
    const { raw, db } = open();
    raw.exec('CREATE TABLE parent (id INTEGER PRIMARY KEY)');
    raw.exec('CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)');
    // A deferred foreign key is checked at COMMIT, which then fails with the transaction still open.
    const broken = db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES ('orphan')");
      return tx.run('INSERT INTO child (parentId) VALUES (42)');
    });
    const after = db.run("INSERT INTO t (v) VALUES ('after')");
    await expect(broken).rejects.toThrow(/FOREIGN KEY/);
    await after;
    expect(raw.inTransaction).toBe(false);
    expect(await db.query('SELECT v FROM t')).toEqual([{ v: 'after' }]);
    expect(await db.query('SELECT COUNT(*) AS n FROM child')).toEqual([{ n: 0 }]);
  });
});

describe.each(kinds)('concurrent writes on %s', (kind) => {
  let t: TestApp;
  const tag = `burst${randomBytes(3).toString('hex')}`;
  const storage = resolve(process.env.DATA_DIR!, `uploads-burst-${kind}-${tag}`);

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, STORAGE_ROOT: storage } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const logged = async () => {
    const q = t.core.db.q.bind(t.core.db);
    const paths = Object.values(PATHS);
    const [row] = await t.core.db.query<{ n: number }>(
      `SELECT COUNT(*) AS ${q('n')} FROM ${q('base_sys_log')} WHERE ${q('action')} IN (${paths.map(() => '?').join(', ')})`,
      paths,
    );
    return Number(row.n);
  };
  const countLike = async (table: string, column: string, pattern: string) => {
    const q = t.core.db.q.bind(t.core.db);
    const [row] = await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q(table)} WHERE ${q(column)} LIKE ?`, [pattern]);
    return Number(row.n);
  };

  it(`answers ${BURST} concurrent mixed writes with successes or refusals and keeps every row and log entry`, async () => {
    await t.core.requestLog.flush();
    const loggedBefore = await logged();
    const statsBefore = t.core.requestLog.stats;

    // No request has a time limit of its own (a busy machine makes all of them slow); a hang stops progress.
    const results = await allMakingProgress(
      Array.from({ length: BURST }, (_, i) => async (signal: AbortSignal) => {
        const r = burstRequest(tag, i);
        const req = t.http().post(PATHS[r.kind]).set('Authorization', t.adminToken).set('Content-Type', r.type);
        signal.addEventListener('abort', () => req.abort(), { once: true });
        try {
          const res = await req.send(r.body);
          return { kind: r.kind, status: res.status, code: res.body?.code as number | undefined };
        } catch (e) {
          return { kind: r.kind, status: 0, code: undefined, error: signal.aborted ? String(signal.reason) : (e as Error).message };
        }
      }),
    );

    const faults = results.filter((r) => r.status === 0 || r.status >= 500);
    expect(faults, `no 5xx and no silence; got ${JSON.stringify(faults.slice(0, 5))}`).toEqual([]);
    for (const r of results) expect(r.status).toBeLessThan(500);
    // Valid adds and uploads must all succeed; a login may be refused (wrong password, throttling).
    const refusedWrites = results.filter((r) => r.kind !== 'login' && r.code !== 1000);
    expect(refusedWrites).toEqual([]);
    const perKind = BURST / ORDER.length;
    expect(await countLike('base_sys_user', 'username', `${tag}_u%`)).toBe(perKind);
    expect(await countLike('demo_goods', 'title', `${tag} goods %`)).toBe(perKind);
    expect(await countLike('base_sys_role', 'label', `${tag}_r%`)).toBe(perKind);
    expect(await countLike('space_info', 'name', `${tag}-%`)).toBe(perKind);

    await t.core.requestLog.flush();
    expect(await logged()).toBe(loggedBefore + BURST);
    expect(t.core.requestLog.stats).toMatchObject({ queued: 0, dropped: statsBefore.dropped, failed: statsBefore.failed });
  });
});

/** One COUNT(*) on the stopped server's database, read straight from the file or the MariaDB database. */
async function countRows(tdb: TestDb, sql: string, params: unknown[] = []): Promise<number> {
  if (tdb.kind === 'sqlite') {
    const db = new Database(tdb.url.slice('sqlite:'.length), { readonly: true });
    try {
      return Number((db.prepare(sql).get(...params) as { n: number }).n);
    } finally {
      db.close();
    }
  }
  const c = await mysql.createConnection(tdb.url);
  try {
    const [rows] = await c.query(sql, params);
    return Number((rows as Array<{ n: number }>)[0].n);
  } finally {
    await c.end();
  }
}

describe.each(kinds)('a server process on %s stopped by SIGTERM', (kind) => {
  let server: ChildProcess | null = null;
  let port = 0;
  let tdb: TestDb;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let output = '';

  beforeAll(async () => {
    // The process runs the built server, built once per run from the sources under test.
    await buildServerOnce();
    const dir = mkdtempSync(join(process.env.DATA_DIR ?? tmpdir(), 'cosmac-sigterm-'));
    tdb = await createTestDb(kind);
    // A port the system just called free can be handed to an outgoing connection before the server
    // binds it: a server that says its port is taken is started again on another.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      output = '';
      try {
        await startServer(dir);
        break;
      } catch (e) {
        if (attempt >= 3 || !/port \d+ is in use/.test(output)) throw e;
      }
    }
  });

  async function startServer(dir: string): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MIDWAY_HTTP_PORT: '',
      PORT: String(port),
      DATABASE_URL: tdb.url,
      DATA_DIR: dir,
      LOG_DIR: dir,
      STORAGE_ROOT: join(dir, 'uploads'),
      CAPTCHA: 'off',
      ADMIN_PASSWORD,
      // Nothing is written by the timer: only shutdown can write the queue.
      REQUEST_LOG_FLUSH_MS: '600000',
    };
    delete env.REDIS_URL;
    server = spawn(process.execPath, [join(ROOT, 'dist/server/bootstrap.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    exited = new Promise((ok) => server!.once('exit', (code, signal) => ok({ code, signal })));
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`server did not start: ${output}`)), 180_000);
      server!.stdout!.on('data', (d) => {
        output += d;
        if (output.includes('COSMAC AI is running at')) {
          clearTimeout(timer);
          ok();
        }
      });
      server!.stderr!.on('data', (d) => (output += d));
      void exited.then(({ code }) => {
        clearTimeout(timer);
        fail(new Error(`server exited with ${code}: ${output}`));
      });
    });
  }
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await tdb?.drop();
  });

  const base = () => `http://127.0.0.1:${port}`;
  let token = '';
  // No time limit per request: a batch is timed by its progress (allMakingProgress), and the requests
  // in flight at SIGTERM end when the server does.
  const add = async (path: string, body: unknown, signal?: AbortSignal) => {
    try {
      const res = await fetch(`${base()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(body),
        signal,
      });
      return { status: res.status, code: ((await res.json()) as { code: number }).code };
    } catch (e) {
      return { status: 0, code: 0, error: (e as Error).message };
    }
  };
  const health = async () => {
    const res = await fetch(`${base()}/health`, { signal: AbortSignal.timeout(60_000) });
    return ((await res.json()) as { data: { requestLog: { queued: number; written: number; dropped: number; failed: number } } }).data.requestLog;
  };

  it('answers concurrent user and goods adds without a server fault and queues one log entry each', async () => {
    const login = await fetch(`${base()}/admin/base/open/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const results = await allMakingProgress(
      Array.from(
        { length: 40 },
        (_, i) => (signal: AbortSignal) =>
          i % 2
            ? add(PATHS.goods, { title: `sigterm goods ${i}`, status: 1 }, signal)
            : add(PATHS.user, { username: `sigterm_u${i}`, password: 'Burst-Pass-1', nickName: `Sig ${i}`, roleIdList: [] }, signal),
      ),
    );
    expect(results.filter((r) => r.code !== 1000)).toEqual([]);
    expect(await health()).toEqual({ queued: 41, written: 0, dropped: 0, failed: 0 });
  });

  // Code 0 is the graceful stop: past SHUTDOWN_TIMEOUT_MS (25 s) the process would exit with 1. How
  // long the drain takes scales with the machine (a loaded one took 8.8 s), so no shorter wall clock here.
  it('exits with code 0 on SIGTERM, before its shutdown limit, with the queued log entries written', async () => {
    const before = await health().catch(() => null);
    // User adds hash a password each, so the burst is still running when the signal arrives.
    let firstAnswer!: () => void;
    const answeredOnce = new Promise<void>((r) => (firstAnswer = r));
    const inFlight = Array.from({ length: 30 }, (_, i) =>
      (i % 2
        ? add(PATHS.goods, { title: `late goods ${i}`, status: 1 })
        : add(PATHS.user, { username: `late_u${i}`, password: 'Burst-Pass-1', nickName: `Late ${i}`, roleIdList: [] })
      ).finally(firstAnswer),
    );
    await answeredOnce;
    const sent = Date.now();
    server!.kill('SIGTERM');
    const outcome = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 40_000))]);
    const took = Date.now() - sent;
    expect(outcome, `still running 40 s after SIGTERM: ${output.slice(-2000)}`).not.toBeNull();
    expect(took).toBeLessThan(25_000);
    expect(outcome).toEqual({ code: 0, signal: null });
    expect(before, 'health answered before SIGTERM').not.toBeNull();

    const late = await Promise.all(inFlight);
    // Every request either got its answer or was cut; none was left hanging, none failed inside.
    for (const r of late) expect(r.status === 0 || r.code === 1000, JSON.stringify(r)).toBe(true);
    const answered = late.filter((r) => r.status === 200).length;
    expect(answered).toBeGreaterThan(0);

    const logRows = await countRows(tdb, 'SELECT COUNT(*) AS n FROM base_sys_log');
    // What was queued before SIGTERM, plus one entry per request answered while stopping.
    expect(logRows).toBeGreaterThanOrEqual(before!.queued + answered);
    expect(logRows).toBeLessThanOrEqual(before!.queued + late.length);
    const lateRows =
      (await countRows(tdb, "SELECT COUNT(*) AS n FROM demo_goods WHERE title LIKE 'late goods %'")) +
      (await countRows(tdb, "SELECT COUNT(*) AS n FROM base_sys_user WHERE username LIKE 'late_u%'"));
    expect(lateRows).toBeGreaterThanOrEqual(answered);
  });
});
