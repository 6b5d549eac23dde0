/**
 * One canonical username (NFKC, trimmed, case-folded; control, bidi and zero-width characters
 * refused): creation, sign-in, existence checks and the login throttle all go by it, and an upgrade
 * gives existing rows their key, renaming the newer of two colliding accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';
import { startCore, type Started } from '../../server/core/app';
import { readConfig } from '../../server/core/core';
import type { Db } from '../../server/core/db/db';
import { fillUsernameKeys, logName } from '../../server/core/auth/username-upgrade';

const kinds = await databaseKinds();
const MAX_FAILURES = 3;

describe.each(kinds)('one canonical username on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, LOGIN_MAX_FAILURES: String(MAX_FAILURES) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (body: Record<string, unknown>) => t.http().post('/admin/base/sys/user/add').set('Authorization', t.adminToken).send(body);
  const update = (body: Record<string, unknown>) => t.http().post('/admin/base/sys/user/update').set('Authorization', t.adminToken).send(body);
  const login = (username: string, password: string) => t.http().post('/admin/base/open/login').send({ username, password });

  it('refuses look-alikes of an existing username as duplicates (409)', async () => {
    for (const username of ['admin ', ' admin', 'Ａdmin', 'ADMIN', 'ａｄｍｉｎ']) {
      const res = await add({ username, password: 'Look-alike-1' });
      expect(res.status, JSON.stringify({ username, body: res.body })).toBe(409);
    }
  });

  it('refuses control, bidi and zero-width characters in a username with 1002 naming username', async () => {
    for (const username of ['admin\u0000', 'evil\u202Egnp.exe', 'zero\u200Bwidth', 'mark\u200E', 'bom\uFEFFx', 'tab\tbed', 'iso\u2066late']) {
      const res = await add({ username, password: 'Control-char-1' });
      expect(res.status, JSON.stringify({ username, body: res.body })).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data.map((e: { field: string }) => e.field)).toContain('username');
    }
  });

  it('applies the same rules when update renames a user', async () => {
    const created = await add({ username: 'renamed_one', password: 'Rename-me-1' });
    expect(created.body.code, JSON.stringify(created.body)).toBe(1000);
    const id = created.body.data.id as number;
    expect((await update({ id, username: 'ADMIN ' })).status).toBe(409);
    const bad = await update({ id, username: 'x\u202Ey' });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field)).toContain('username');
    const ok = await update({ id, username: ' Renamed_Two ' });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1000);
    const info = await t.http().get('/admin/base/sys/user/info').query({ id }).set('Authorization', t.adminToken);
    expect(info.body.data.username).toBe('Renamed_Two');
    expect(info.body.data.usernameKey).toBeUndefined();
    expect((await login('RENAMED_TWO', 'Rename-me-1')).body.code).toBe(1000);
  });

  it('signs " Admin " in as the administrator', async () => {
    const res = await login(' Admin ', ADMIN_PASSWORD);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    const caller = await t.core.auth.authenticate(res.body.data.token);
    expect(caller?.username).toBe('admin');
  });

  it('refuses a sign-in name with control characters with 1002 naming username', async () => {
    const res = await login('admin\u0000', ADMIN_PASSWORD);
    expect(res.body.code).toBe(1002);
    expect(res.body.data.map((e: { field: string }) => e.field)).toContain('username');
  });

  it('locks every spelling of an account once the account is locked, even with the right password', async () => {
    const password = 'Member-one-1';
    expect((await add({ username: 'member1', password })).body.code).toBe(1000);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login('member1', 'Wrong-guess-9')).status).toBe(400);
    for (const spelling of ['member1', 'member1 ', 'ｍember1', 'MEMBER1', 'Ｍｅｍｂｅｒ１']) {
      const res = await login(spelling, password);
      expect(res.status, JSON.stringify({ spelling, body: res.body })).toBe(429);
    }
  });

  it('finds an account by any spelling in open/exist and sys/user/isExist', async () => {
    for (const path of ['/admin/base/open/exist', '/admin/base/sys/user/isExist']) {
      for (const username of ['ＡＤＭＩＮ', ' admin ']) {
        const res = await t.http().post(path).send({ username });
        expect(res.body, JSON.stringify({ path, username })).toMatchObject({ code: 1000, data: true });
      }
    }
  });
});

/** The columns of a table, on either database. */
async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ name: string }>('SELECT name FROM pragma_table_info(?)', [table])
      : await db.query<{ name: string }>('SELECT COLUMN_NAME AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?', [
          table,
        ]);
  return rows.map((r) => r.name);
}

/** Puts the user table back as it was before the key column existed. */
async function dropKeyColumn(db: Db): Promise<void> {
  if (!(await columnsOf(db, 'base_sys_user')).includes('usernameKey')) return;
  if (db.dialect === 'sqlite') await db.run('DROP INDEX IF EXISTS `ux_base_sys_user__usernameKey`');
  await db.run('ALTER TABLE `base_sys_user` DROP COLUMN `usernameKey`');
  await db.run('DELETE FROM `app_schema_state`');
}

describe.each(kinds)('username upgrade on %s', (kind) => {
  let tdb: TestDb;
  let started: Started | null = null;
  afterAll(async () => {
    await started?.close();
    await tdb?.drop();
  });

  const boot = async (warnings: string[]) => {
    const config = { ...readConfig(process.env), databaseUrl: tdb.url, adminPassword: ADMIN_PASSWORD, captcha: false, redisUrl: undefined };
    return startCore(config, undefined, (line: string) => warnings.push(line));
  };

  it('gives existing rows their key; the oldest of colliding accounts keeps the name, the others become <name>~<id>, each logged', async () => {
    tdb = await createTestDb(kind);
    started = await boot([]);
    const old = started.core.db;
    await dropKeyColumn(old);
    // Each legacy name and what it becomes ('~' for `<name>~<id>`, null when it stays as it is).
    // MariaDB's own unique index on username already folds case and trailing spaces, so only names
    // its collation tells apart (mathematical bold letters) could sit beside 'Bob' there.
    const legacy: Array<[string, string | null]> = [
      ['Bob', null],
      ...(kind === 'sqlite'
        ? ([
            ['bob ', 'bob~'],
            ['dan ', 'dan'],
            ['dan', 'dan~'],
          ] as Array<[string, string]>)
        : []),
      ['𝐛𝐨𝐛', 'bob~'],
      ['carol\u202E', 'carol'],
    ];
    const ids: number[] = [];
    for (const [username] of legacy) {
      const r = await old.run(
        'INSERT INTO `base_sys_user` (`username`, `passwordV`, `status`, `delete`, `createTime`, `updateTime`) VALUES (?, 1, 1, 0, ?, ?)',
        [username, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000'],
      );
      ids.push(Number(r.insertId));
    }
    await started.close();
    started = null;

    const warnings: string[] = [];
    started = await boot(warnings);
    const db = started.core.db;
    const rows = await db.query<{ id: number; username: string; usernameKey: string }>(
      `SELECT \`id\`, \`username\`, \`usernameKey\` FROM \`base_sys_user\` WHERE \`id\` IN (${ids.map(() => '?').join(', ')}) ORDER BY \`id\``,
      ids,
    );
    const expected = legacy.map(([name, becomes], i) => {
      const username = becomes === null ? name : becomes.endsWith('~') ? `${becomes}${ids[i]}` : becomes;
      return { id: ids[i], username, usernameKey: username.toLowerCase() };
    });
    expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual(expected);
    for (const [i, [name, becomes]] of legacy.entries()) {
      const line = warnings.find((w) => w.includes(`id=${ids[i]} `));
      if (becomes === null) {
        expect(line).toBeUndefined();
        continue;
      }
      expect(line, JSON.stringify({ name, warnings })).toBeDefined();
      expect(line).toContain(logName(name));
      expect(line).toContain(JSON.stringify(expected[i].username));
    }

    // Keys compare byte for byte, on MariaDB too (a binary collation on the added column).
    expect(await db.query('SELECT `id` FROM `base_sys_user` WHERE `usernameKey` = ?', ['BOB'])).toEqual([]);
    if (kind === 'mysql') {
      const [col] = await db.query<{ c: string }>(
        "SELECT COLLATION_NAME AS c FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'base_sys_user' AND column_name = 'usernameKey'",
      );
      expect(col.c).toBe('utf8mb4_bin');
    }
    // The unique index holds now that every row has its key.
    await expect(
      db.run(
        'INSERT INTO `base_sys_user` (`username`, `usernameKey`, `passwordV`, `status`, `delete`, `createTime`, `updateTime`) VALUES (?, ?, 1, 1, 0, ?, ?)',
        ['bob-other', 'bob', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000'],
      ),
    ).rejects.toThrow();

    // A further restart finds nothing to do.
    await started.close();
    started = null;
    const again: string[] = [];
    started = await boot(again);
    expect(again).toEqual([]);
  });

  it('renames a newer account that got the key first when an older row is filled later', async () => {
    const db = started!.core.db;
    const at = '2026-01-01 00:00:00.000';
    const older = Number(
      (
        await db.run('INSERT INTO `base_sys_user` (`username`, `passwordV`, `status`, `delete`, `createTime`, `updateTime`) VALUES (?, 1, 1, 0, ?, ?)', [
          'Dave',
          at,
          at,
        ])
      ).insertId,
    );
    const newer = Number(
      (
        await db.run(
          'INSERT INTO `base_sys_user` (`username`, `usernameKey`, `passwordV`, `status`, `delete`, `createTime`, `updateTime`) VALUES (?, ?, 1, 1, 0, ?, ?)',
          ['𝐝𝐚𝐯𝐞', 'dave', at, at],
        )
      ).insertId,
    );
    const warnings: string[] = [];
    expect(await fillUsernameKeys(db, (line) => warnings.push(line))).toBe(1);
    const rows = await db.query<{ id: number; username: string; usernameKey: string }>(
      'SELECT `id`, `username`, `usernameKey` FROM `base_sys_user` WHERE `id` IN (?, ?) ORDER BY `id`',
      [older, newer],
    );
    expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([
      { id: older, username: 'Dave', usernameKey: 'dave' },
      { id: newer, username: `dave~${newer}`, usernameKey: `dave~${newer}` },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`id=${newer} `);
  });
});
