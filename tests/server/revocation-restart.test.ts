/** Without Redis, ended sessions and used refresh tokens are kept in the database, so a restart forgets none. */
import { afterAll, describe, expect, it } from 'vitest';
import { RevocationTable } from '../../server/core/auth/revocation-table';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

const kinds = await databaseKinds();

interface Pair {
  token: string;
  refreshToken: string;
}

describe.each(kinds)('revocations across a restart on %s, without Redis', (kind) => {
  let tdb: TestDb;
  let t: TestApp | null = null;
  let seq = 0;
  afterAll(async () => {
    await t?.close();
    await tdb?.drop();
  });

  async function boot(): Promise<TestApp> {
    await t?.close();
    tdb ??= await createTestDb(kind);
    t = await startApp(kind, { redisUrl: undefined }, { db: tdb });
    return t;
  }

  async function member(app: TestApp): Promise<{ username: string; password: string }> {
    const username = `r_${kind}_${++seq}`;
    const password = `Pw${seq}-secret`;
    const res = await app.http().post('/admin/base/sys/user/add').set('Authorization', app.adminToken).send({ username, password, nickName: username });
    expect(res.body.code).toBe(1000);
    return { username, password };
  }
  const login = async (app: TestApp, u: { username: string; password: string }): Promise<Pair> => {
    const res = await app.http().post('/admin/base/open/login').send(u);
    expect(res.body.code).toBe(1000);
    return res.body.data as Pair;
  };
  const person = (app: TestApp, token: string) => app.http().get('/admin/base/comm/person').set('Authorization', token);
  const refresh = (app: TestApp, rt: string) => app.http().get('/admin/base/open/refreshToken').query({ refreshToken: rt });

  it('keeps logouts and used refresh tokens after a restart, and a replay still ends the session', async () => {
    let app = await boot();
    const u = await member(app);
    const s1 = await login(app, u);
    const s2 = await login(app, u);
    expect((await app.http().post('/admin/base/comm/logout').set('Authorization', s1.token)).body.code).toBe(1000);
    const next = await refresh(app, s2.refreshToken);
    expect(next.body.code).toBe(1000);
    const s2b = next.body.data as Pair;

    app = await boot();
    expect((await person(app, s1.token)).status).toBe(401);
    expect((await refresh(app, s1.refreshToken)).status).toBe(401);
    // The pair issued before the restart still works, its refresh token included.
    expect((await person(app, s2b.token)).status).toBe(200);
    const again = await refresh(app, s2b.refreshToken);
    expect(again.body.code).toBe(1000);
    const s2c = again.body.data as Pair;
    expect((await person(app, s2c.token)).status).toBe(200);

    expect((await refresh(app, s2.refreshToken)).status).toBe(401);
    // The replay ended the whole session.
    expect((await person(app, s2c.token)).status).toBe(401);
    expect((await refresh(app, s2c.refreshToken)).status).toBe(401);
  });

  it('gives exactly one new pair for two concurrent refreshes of one token', async () => {
    const app = t ?? (await boot());
    const pair = await login(app, await member(app));
    const results = await Promise.all([refresh(app, pair.refreshToken), refresh(app, pair.refreshToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    // The second use still counts as a replay: it ended the session, the winner's pair included.
    const won = results.find((r) => r.status === 200)!.body.data as Pair;
    expect((await person(app, won.token)).status).toBe(401);
  });

  it('purges expired revocations at start, and loads the live ones', async () => {
    const app = t ?? (await boot());
    const db = app.core.db;
    const q = db.q.bind(db);
    const insert = `INSERT INTO ${q('app_auth_revocation')} (${q('k')}, ${q('expireTime')}) VALUES (?, ?)`;
    await db.run(insert, ['sid:long-gone', '2000-01-01 00:00:00.000']);
    await db.run(insert, ['sid:still-ended', '2999-01-01 00:00:00.000']);
    const table = await RevocationTable.open(db);
    try {
      expect(await db.query(`SELECT ${q('k')} FROM ${q('app_auth_revocation')} WHERE ${q('k')} = ?`, ['sid:long-gone'])).toEqual([]);
      expect(await table.isRevoked('long-gone')).toBe(false);
      expect(await table.isRevoked('still-ended')).toBe(true);
    } finally {
      await table.close();
    }
  });
});
