/**
 * AI budgets on two server processes that share one MariaDB and one Redis (issue 39): 50 runs at
 * once, half through each instance, against a budget that fits 10 pass exactly 10 times, for a
 * member's own day budget and for a group's (five members asking in it). The spend rows are locked
 * in the database, so the instances need nothing else to agree.
 * Skipped without MariaDB or redis-server, unless CI=true (then their absence fails the run).
 */
import type { ChildProcess } from 'node:child_process';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { freePort, hasRedisServer, startRedis, stop } from '../helpers/cluster';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');
const ADMIN_PASSWORD = 'Cluster-Admin-1';

interface Person {
  id: number;
  token: string;
}

type Answer = { code: number; message: string; data: any };

describe.skipIf(!(hasMysql && hasRedisServer))('AI budgets across two instances with Redis', () => {
  let db: TestDb;
  let redis: ChildProcess | null = null;
  let llm: FakeLlm;
  const servers: ChildProcess[] = [];
  const urls: string[] = [];
  let admin = '';
  let appId = 0;
  let memberRole = 0;

  const call = async (base: string, path: string, body: unknown, token?: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Answer;
  };
  const sql = async (text: string, params: unknown[] = []) => {
    const c = await mysql.createConnection({ uri: db.url, dateStrings: true });
    try {
      return (await c.query(text, params))[0] as any;
    } finally {
      await c.end();
    }
  };
  const login = async (username: string, password: string) => {
    const res = await call(urls[0], '/admin/base/open/login', { username, password });
    expect(res.code, JSON.stringify(res)).toBe(1000);
    return res.data.token as string;
  };
  let seq = 0;
  /** A member with 500 tokens. */
  const person = async (): Promise<Person> => {
    const username = `budget_${++seq}`;
    const added = await call(urls[0], '/admin/base/sys/user/add', { username, password: 'Member-Pass-1', nickName: username, roleIdList: [memberRole] }, admin);
    expect(added.code, JSON.stringify(added)).toBe(1000);
    await sql('UPDATE `base_sys_user` SET `tokens` = 500 WHERE `id` = ?', [added.data.id]);
    return { id: Number(added.data.id), token: await login(username, 'Member-Pass-1') };
  };
  /** 50 runs at once, the even ones through instance A, the odd ones through B; each by `who(i)`. */
  const fifty = (who: (i: number) => Person, extra: Record<string, unknown> = {}) =>
    Promise.all(
      Array.from({ length: 50 }, (_, i) => call(urls[i % 2], '/admin/base/message/runWorkflow', { appId, input: `question ${i}`, ...extra }, who(i).token)),
    );
  /** Waits until no run is running. */
  const allEnded = async () => {
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      const [row] = await sql('SELECT COUNT(*) AS n FROM `base_run` WHERE `status` = 0');
      if (Number(row.n) === 0) return;
    }
    throw new Error('runs still running after a minute');
  };

  beforeAll(async () => {
    db = await createTestDb('mysql');
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    llm = await startFakeLlm();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      ADMIN_PASSWORD,
      LOG_CONSOLE_LEVEL: 'error',
      AI_RUN_LIMIT: '10000/10',
      CHAT_SEND_LIMIT: '1000/10',
      ...llm.env(),
    };
    for (const id of ['A', 'B']) {
      const s = await startServerProcess({ ...env, INSTANCE_ID: id });
      servers.push(s.proc);
      urls.push(`http://127.0.0.1:${s.port}`);
    }
    admin = await login('admin', ADMIN_PASSWORD);
    const [role] = await sql("SELECT `id` FROM `base_sys_role` WHERE `label` = 'member'");
    memberRole = Number(role.id);
    const app = await call(urls[0], '/admin/base/app/add', { name: 'Budgeted app', tokens: 2, show: 1, isAsync: 0 }, admin);
    expect(app.code, JSON.stringify(app)).toBe(1000);
    appId = Number(app.data.id);
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) await stop(s);
    await stop(redis);
    await llm?.close();
    await db?.drop();
  });

  it("lets exactly 10 of 50 concurrent runs on two instances through a member's day budget that fits 10", async () => {
    await sql("UPDATE `base_sys_param` SET `data` = '20' WHERE `keyName` = 'aiBudgetDay'");
    try {
      const ann = await person();
      const answers = await fifty(() => ann);
      expect(answers.filter((a) => a.code === 1000)).toHaveLength(10);
      const refused = answers.filter((a) => a.code !== 1000);
      expect(refused).toHaveLength(40);
      for (const r of refused) expect(r).toMatchObject({ code: 1001, message: expect.stringMatching(/^Your daily AI budget of 20 tokens is used up/) });
      await allEnded();
      const runs = await sql('SELECT `status` FROM `base_run` WHERE `userId` = ?', [ann.id]);
      expect(runs.map((r: { status: number }) => Number(r.status))).toEqual(Array(10).fill(1));
      const [user] = await sql('SELECT `tokens` FROM `base_sys_user` WHERE `id` = ?', [ann.id]);
      expect(Number(user.tokens)).toBe(480);
      const [spend] = await sql("SELECT `spentUnits` FROM `ai_spend` WHERE `scope` = 'member' AND `scopeId` = ?", [ann.id]);
      expect(Number(spend.spentUnits)).toBe(200_000);
    } finally {
      await sql("UPDATE `base_sys_param` SET `data` = '0' WHERE `keyName` = 'aiBudgetDay'");
    }
  });

  it("lets exactly 10 of 50 concurrent runs by five members on two instances through a group's budget that fits 10", async () => {
    const people = [await person(), await person(), await person(), await person(), await person()];
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const g = await sql(
      'INSERT INTO `base_group` (`name`, `type`, `userId`, `rows`, `cols`, `onBoard`, `aiReplyCap`, `aiBudgetDay`, `delete`, `createTime`, `updateTime`) VALUES (?, 0, ?, 2, 2, 1, 3, 20, 0, ?, ?)',
      ['budgeted', people[0].id, now, now],
    );
    const groupId = Number(g.insertId);
    for (const [i, p] of people.entries()) {
      await sql(
        'INSERT INTO `base_group_member` (`groupId`, `userId`, `isOwner`, `isPurchased`, `authType`, `delete`, `createTime`, `updateTime`) VALUES (?, ?, ?, 0, 1, 0, ?, ?)',
        [groupId, p.id, i === 0 ? 1 : 0, now, now],
      );
    }
    const answers = await fifty((i) => people[i % 5], { toType: 1, toId: groupId });
    const refused = answers.filter((a) => a.code !== 1000);
    expect(answers.length - refused.length).toBe(10);
    for (const r of refused) expect(r).toMatchObject({ code: 1001, message: expect.stringMatching(/^This group's daily AI budget of 20 tokens is used up/) });
    await allEnded();
    const [runs] = await sql('SELECT COUNT(*) AS n FROM `base_run` WHERE `conversation` = ? AND `status` = 1', [`g:${groupId}`]);
    expect(Number(runs.n)).toBe(10);
    const [spend] = await sql("SELECT `spentUnits` FROM `ai_spend` WHERE `scope` = 'group' AND `scopeId` = ?", [groupId]);
    expect(Number(spend.spentUnits)).toBe(200_000);
  });
});
