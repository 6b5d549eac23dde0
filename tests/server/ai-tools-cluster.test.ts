/**
 * A proposed write of an AI member confirmed on two server processes that share one MariaDB and one
 * Redis: ten confirms at once, half through each instance, run it exactly once (one desktop added),
 * the other nine are told it is no longer waiting; the asker may confirm through either instance.
 * The confirm is one conditional update in the database, so the instances need nothing else to agree.
 * Skipped without MariaDB or redis-server, unless CI=true (then their absence fails the run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce } from '../helpers/build';
import { hasRedisServer } from '../helpers/cluster';
import { databaseKinds } from '../helpers/databases';
import { startTwoInstances, type TwoInstances } from '../helpers/two-instances';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');

describe.skipIf(!(hasMysql && hasRedisServer))("an AI member's proposal confirmed across two instances", () => {
  let w: TwoInstances;

  beforeAll(async () => {
    w = await startTwoInstances();
  }, 240_000);

  afterAll(async () => {
    await w?.close();
  });

  it('runs a proposal once of ten confirms at once through both instances', async () => {
    const asker = await w.person({ prefix: 'asker' });
    const askerId = asker.id;
    const token = asker.token;
    // The proposal as the loop stores it (run-with-tools.ts): the AI member's write, pending.
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const inserted = await w.sql(
      'INSERT INTO `ai_tool_call` (`askerId`, `aiUserId`, `tool`, `input`, `effect`, `state`, `createTime`, `updateTime`) VALUES (?, 1, ?, ?, ?, 0, ?, ?)',
      [askerId, 'base_desktop_add', JSON.stringify({ name: 'Desk from a proposal' }), 'write', now, now],
    );
    const id = Number(inserted.insertId);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => w.call(w.urls[i % 2], '/admin/ai/tool/confirm', { id }, token)));
    expect(answers.filter((a) => a.code === 1000)).toHaveLength(1);
    const refused = answers.filter((a) => a.code !== 1000);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.status).toBe(409);
    const desks = await w.sql('SELECT `name` FROM `base_desktop` WHERE `userId` = ? AND `delete` = 0', [askerId]);
    expect(desks.map((d: { name: string }) => d.name)).toEqual(['Desk from a proposal']);
    const [row] = await w.sql('SELECT `state` FROM `ai_tool_call` WHERE `id` = ?', [id]);
    expect(Number(row.state)).toBe(2);
  });
});
