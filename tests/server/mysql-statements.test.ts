/**
 * What the MySQL driver prepares on the server and what it sends as text (server/core/db/mysql.ts),
 * and how many prepared statements a pooled connection keeps (server/core/db/open.ts): both bound
 * the memory the pool holds per connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/core/db/db';
import { mariadbReturning, MAX_PREPARED_PARAMS, preparable } from '../../server/core/db/mysql';
import { openDatabase, parseDatabaseUrl, PREPARED_STATEMENTS_PER_CONNECTION } from '../../server/core/db/open';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

const kinds = await databaseKinds();

describe('which statements are prepared on the server', () => {
  it('prepares reads and writes with up to MAX_PREPARED_PARAMS placeholders', () => {
    expect(preparable('SELECT `id` FROM `t` WHERE `id` = ?', 1)).toBe(true);
    expect(preparable('INSERT INTO `t` (`a`) VALUES (?)', MAX_PREPARED_PARAMS)).toBe(true);
  });

  it('sends IN lists, DDL, transaction control and statements with more placeholders as text', () => {
    expect(preparable('SELECT `id` FROM `t` WHERE `id` IN (?, ?)', 2)).toBe(false);
    expect(preparable('CREATE TABLE `t` (`id` int)', 0)).toBe(false);
    expect(preparable('SAVEPOINT s1', 0)).toBe(false);
    expect(preparable('INSERT INTO `t` (`a`) VALUES (?), (?)', MAX_PREPARED_PARAMS + 1)).toBe(false);
    expect(preparable('INSERT INTO `t` (`a`) VALUES (?) RETURNING `id`, `a`', 1)).toBe(false);
  });

  it('uses INSERT … RETURNING on MariaDB 10.5 and later only (MySQL has none)', () => {
    expect(mariadbReturning('10.11.19-MariaDB-0+deb12u1')).toBe(true);
    expect(mariadbReturning('10.5.0-MariaDB')).toBe(true);
    expect(mariadbReturning('11.4.2-MariaDB-log')).toBe(true);
    expect(mariadbReturning('10.4.32-MariaDB')).toBe(false);
    expect(mariadbReturning('8.0.36')).toBe(false);
    expect(mariadbReturning('8.4.0-commercial')).toBe(false);
  });
});

describe.skipIf(!kinds.includes('mysql'))('MySQL statements on one pooled connection', () => {
  let target: TestDb;
  let db: Db;
  const poolSize = process.env.DB_POOL_SIZE;

  /** A counter of this session (the pool has one connection, so every statement runs on it). */
  async function sessionStatus(name: string): Promise<number> {
    const [row] = await db.query<{ Value: string }>(`SHOW SESSION STATUS LIKE '${name}'`);
    return Number(row.Value);
  }

  beforeAll(async () => {
    target = await createTestDb('mysql');
    process.env.DB_POOL_SIZE = '1';
    db = (await openDatabase(parseDatabaseUrl(target.url))).db;
    await db.run('CREATE TABLE `memo` (`id` int AUTO_INCREMENT PRIMARY KEY, `s` varchar(200) NULL, `n` int NULL, `d` datetime(3) NULL)');
  });

  afterAll(async () => {
    if (poolSize === undefined) delete process.env.DB_POOL_SIZE;
    else process.env.DB_POOL_SIZE = poolSize;
    await db?.close();
    await target?.drop();
  });

  it('stores a many-row INSERT sent as text exactly, without preparing it', async () => {
    const rows: Array<[string | null, number | null, string | null]> = [];
    for (let i = 0; i < 200; i++) {
      const s = i % 7 === 0 ? null : `row ${i} 'quoted' "double" back\\slash ? mark ${'€'.repeat(i % 3)} \u0000end`;
      rows.push([s, i % 5 === 0 ? null : i - 100, i % 3 === 0 ? null : `2024-02-${String((i % 28) + 1).padStart(2, '0')} 10:11:12.345`]);
    }
    const tuples = rows.map(() => '(?, ?, ?)').join(', ');
    const prepared = await sessionStatus('Com_stmt_prepare');
    const r = await db.run(`INSERT INTO \`memo\` (\`s\`, \`n\`, \`d\`) VALUES ${tuples}`, rows.flat());
    expect(await sessionStatus('Com_stmt_prepare')).toBe(prepared);
    expect(r.affected).toBe(200);
    const back = await db.query<{ s: string | null; n: number | null; d: string | null }>('SELECT `s`, `n`, `d` FROM `memo` ORDER BY `id`');
    expect(back.map((x) => [x.s, x.n, x.d])).toEqual(rows);
  });

  it('answers an inserted row (INSERT … RETURNING, sent as text) typed exactly as a read of it', async () => {
    await db.run(
      'CREATE TABLE `kinds` (`id` INT NOT NULL AUTO_INCREMENT PRIMARY KEY, `s` VARCHAR(20) NULL, `t` LONGTEXT NULL, `i` INT NULL, ' +
        '`b` BIGINT NULL, `f` DOUBLE NULL, `m` DECIMAL(12,2) NULL, `o` TINYINT(1) NULL, `d` DATETIME(3) NULL, `z` INT NOT NULL DEFAULT 7)',
    );
    const cols = '`id`, `s`, `t`, `i`, `b`, `f`, `m`, `o`, `d`, `z`';
    const samples: unknown[][] = [
      ['a €', '{"x":[1,"y"]}', -5, '9007199254740993', 1.25, 12.5, 1, '2024-02-29 23:59:58.123'],
      [null, null, null, null, null, null, null, null],
      ['', '', 0, '0', 0, 0, 0, '1970-01-01 00:00:00.000'],
    ];
    const prepared = await sessionStatus('Com_stmt_prepare');
    for (const values of samples) {
      const [answered] = await db.query(
        `INSERT INTO \`kinds\` (\`s\`, \`t\`, \`i\`, \`b\`, \`f\`, \`m\`, \`o\`, \`d\`) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${cols}`,
        values,
      );
      const [read] = await db.query(`SELECT ${cols} FROM \`kinds\` WHERE \`id\` IN (?)`, [answered.id]);
      expect(answered).toEqual(read);
      expect(read.z).toBe(7);
    }
    // Prepared, the binary protocol would answer '1970-01-01 00:00:00' for the last sample's date.
    expect(await sessionStatus('Com_stmt_prepare')).toBe(prepared);
  });

  it('prepares a statement with few placeholders once and reuses it', async () => {
    const prepared = await sessionStatus('Com_stmt_prepare');
    for (let i = 0; i < 3; i++) await db.query('SELECT `id` FROM `memo` WHERE `n` = ? AND `s` IS NOT NULL', [i]);
    expect(await sessionStatus('Com_stmt_prepare')).toBe(prepared + 1);
  });

  it(`keeps at most ${PREPARED_STATEMENTS_PER_CONNECTION} prepared statements per connection, closing the least recently used`, async () => {
    const closed = await sessionStatus('Com_stmt_close');
    const extra = 7;
    for (let i = 0; i < PREPARED_STATEMENTS_PER_CONNECTION + extra; i++) await db.query(`SELECT ? + ${i} AS \`n\``, [1]);
    // The statements prepared before this test count towards the cache too, so at least `extra` closed.
    const closedNow = (await sessionStatus('Com_stmt_close')) - closed;
    expect(closedNow).toBeGreaterThanOrEqual(extra);
    expect(closedNow).toBeLessThanOrEqual(extra + 3);
  });

  it('runs transactions on a connection of their own with autocommit off: no BEGIN, and each ends committed or rolled back', async () => {
    const status = async (tx: Db, name: string) => Number((await tx.query<{ Value: string }>(`SHOW SESSION STATUS LIKE '${name}'`))[0].Value);
    // The transactions' pool has one connection here (DB_POOL_SIZE 1): every transaction below runs on it.
    const before = await db.transaction(async (tx) => ({ begin: await status(tx, 'Com_begin'), commit: await status(tx, 'Com_commit') }));
    for (let i = 0; i < 3; i++) await db.transaction((tx) => tx.run('INSERT INTO `memo` (`s`) VALUES (?)', [`tx ${i}`]));
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO `memo` (`s`) VALUES (?)', ['rolled back']);
        throw new Error('fails after its insert');
      }),
    ).rejects.toThrow('fails after its insert');
    const after = await db.transaction(async (tx) => ({
      begin: await status(tx, 'Com_begin'),
      commit: await status(tx, 'Com_commit'),
      autocommit: Number((await tx.query<{ a: number }>('SELECT @@autocommit AS `a`'))[0].a),
      // A transaction sees nothing of the one rolled back before it on the same connection.
      lost: (await tx.query('SELECT `id` FROM `memo` WHERE `s` = ?', ['rolled back'])).length,
    }));
    expect(after.begin).toBe(before.begin);
    expect(after.commit - before.commit).toBe(4);
    expect(after.autocommit).toBe(0);
    expect(after.lost).toBe(0);
    // Statements outside transactions keep autocommit on, and see every committed row at once.
    expect(Number((await db.query<{ a: number }>('SELECT @@autocommit AS `a`'))[0].a)).toBe(1);
    expect((await db.query<{ s: string }>("SELECT `s` FROM `memo` WHERE `s` LIKE 'tx %' ORDER BY `id`")).map((r) => r.s)).toEqual(['tx 0', 'tx 1', 'tx 2']);
    expect((await db.query('SELECT `id` FROM `memo` WHERE `s` = ?', ['rolled back'])).length).toBe(0);
  });
});
