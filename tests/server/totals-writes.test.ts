/**
 * Cached page totals that survive writes: a write through the API adjusts the totals it can decide
 * from the row and drops the others, so every page total equals a fresh COUNT; two processes on
 * one Redis agree; a write made outside the API shows within the recount interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds, REDIS_URL, redisUp } from '../helpers/databases';
import { memberRoleId } from '../../server/modules/system/member.service';
import { seededRandom } from '../helpers/random';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const kinds = await databaseKinds();
const withRedis = kinds.includes('mysql') && (await redisUp());

const counts = (t: TestApp) => t.core.db.stats.byPrefix.get('COUNT') ?? 0;

async function pageOf(t: TestApp, token: string, path: string, body: object): Promise<{ total: number; approximate: boolean }> {
  const res = await t.http().post(path).set('Authorization', token).send(body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
  return { total: res.body.data.pagination.total, approximate: res.body.data.pagination.approximate === true };
}

describe.each(kinds)('totals that survive writes on %s', (kind) => {
  let t: TestApp;
  const members: Record<'a' | 'b', { id: number; token: string }> = { a: { id: 0, token: '' }, b: { id: 0, token: '' } };
  let adminId = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    const role = await memberRoleId(t.core);
    for (const who of ['a', 'b'] as const) {
      const added = await t
        .http()
        .post('/admin/base/sys/user/add')
        .set('Authorization', t.adminToken)
        .send({ username: `tw_${who}`, password: 'Member-123', nickName: who, roleIdList: [role] });
      members[who] = { id: added.body.data.id, token: await t.login(`tw_${who}`, 'Member-123') };
    }
    const [admin] = await t.core.db.query<{ id: number }>('SELECT `id` FROM `base_sys_user` WHERE `username` = ?', ['admin']);
    adminId = Number(admin.id);
    await t
      .http()
      .post('/admin/demo/goods/add')
      .set('Authorization', t.adminToken)
      .send([1, 2, 3, 4].map((n) => ({ title: `Alpha ${n}`, status: n % 2 })));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the page after an add, an update and a delete without a COUNT', async () => {
    const page = () => pageOf(t, t.adminToken, '/admin/demo/goods/page', { status: 1 });
    const first = (await page()).total;
    const before = counts(t);
    const added = await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send({ title: 'Beta', status: 1 });
    expect(await page()).toEqual({ total: first + 1, approximate: false });
    await t.http().post('/admin/demo/goods/update').set('Authorization', t.adminToken).send({ id: added.body.data.id, status: 0 });
    expect(await page()).toEqual({ total: first, approximate: false });
    await t.http().post('/admin/demo/goods/update').set('Authorization', t.adminToken).send({ id: added.body.data.id, status: 1 });
    await t
      .http()
      .post('/admin/demo/goods/delete')
      .set('Authorization', t.adminToken)
      .send({ ids: [added.body.data.id] });
    expect(await page()).toEqual({ total: first, approximate: false });
    expect(counts(t)).toBe(before);
  });

  it('keeps every page total equal to a fresh COUNT after a random sequence of adds, updates, deletes and restores', async () => {
    const rnd = seededRandom(kind === 'sqlite' ? 7 : 11);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
    const titles = ['Alpha', 'alpha', 'ALPHA x', 'beta_1', 'be%ta', 'Ålpha', 'gamma ', 'x!y'];
    const goodsFilters: Array<[object, string, unknown[]]> = [
      [{}, '', []],
      [{ status: 1 }, ' WHERE `status` = ?', [1]],
      [{ status: [0, 1] }, ' WHERE `status` IN (0, 1)', []],
      [{ keyWord: 'alpha' }, " WHERE `title` LIKE ? ESCAPE '!'", ['%alpha%']],
      [{ keyWord: 'a_1' }, " WHERE `title` LIKE ? ESCAPE '!'", ['%a!_1%']],
      [{ status: 0, keyWord: '%' }, " WHERE `status` = ? AND `title` LIKE ? ESCAPE '!'", [0, '%!%%']],
    ];
    const messageFilters: Array<[object, string, unknown[]]> = [
      [{}, '', []],
      [{ toType: 0 }, ' AND `toType` = 0', []],
    ];
    // What a member reads: private messages they sent or received, group messages of groups they belong to.
    const memberMessages = (id: number) =>
      '(`toType` = 0 AND (`fromId` = ? OR `toId` = ?) OR `toType` = 1 AND `toId` IN (SELECT `groupId` FROM `base_group_member` WHERE `userId` = ? AND `delete` = 0))';
    const group = await t.http().post('/admin/base/group/add').set('Authorization', t.adminToken).send({ name: 'totals group' });
    const groupId = group.body.data.id as number;
    const recycled: number[] = [];

    const check = async (step: string) => {
      for (const [body, where, params] of goodsFilters) {
        const [{ n }] = await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM \`demo_goods\`${where}`, params);
        expect((await pageOf(t, t.adminToken, '/admin/demo/goods/page', body)).total, `${step}: goods ${JSON.stringify(body)}`).toBe(Number(n));
      }
      for (const who of ['a', 'b'] as const) {
        for (const [body, where] of messageFilters) {
          const { id } = members[who];
          const [{ n }] = await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM \`base_message\` WHERE ${memberMessages(id)}${where}`, [id, id, id]);
          expect((await pageOf(t, members[who].token, '/admin/base/message/page', body)).total, `${step}: ${who} messages ${JSON.stringify(body)}`).toBe(
            Number(n),
          );
        }
      }
      const [{ n }] = await t.core.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM `base_message`');
      expect((await pageOf(t, t.adminToken, '/admin/base/message/page', {})).total, `${step}: admin messages`).toBe(Number(n));
    };

    await check('start');
    for (let i = 0; i < 40; i++) {
      const [goods] = await t.core.db.query<{ ids: string | null }>('SELECT GROUP_CONCAT(`id`) AS ids FROM `demo_goods`');
      const ids = goods.ids ? String(goods.ids).split(',').map(Number) : [];
      const roll = rnd();
      let step = '';
      if (roll < 0.3 || !ids.length) {
        const n = 1 + Math.floor(rnd() * 3);
        const rows = Array.from({ length: n }, () => ({ title: `${pick(titles)}${pick(['', ' 1', 'A'])}`, status: pick([0, 1]) }));
        step = `add ${JSON.stringify(rows)}`;
        await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send(rows);
      } else if (roll < 0.5) {
        const change = rnd() < 0.5 ? { status: pick([0, 1]) } : { title: pick(titles) };
        step = `update ${JSON.stringify(change)}`;
        await t
          .http()
          .post('/admin/demo/goods/update')
          .set('Authorization', t.adminToken)
          .send({ id: pick(ids), ...change });
      } else if (roll < 0.65) {
        step = 'delete';
        await t
          .http()
          .post('/admin/demo/goods/delete')
          .set('Authorization', t.adminToken)
          .send({ ids: [pick(ids)] });
        const [rec] = await t.core.db.query<{ id: number }>('SELECT MAX(`id`) AS id FROM `recycle_data`');
        recycled.push(Number(rec.id));
      } else if (roll < 0.75 && recycled.length) {
        step = 'restore';
        const res = await t
          .http()
          .post('/admin/recycle/data/restore')
          .set('Authorization', t.adminToken)
          .send({ ids: [recycled.pop()] });
        expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
      } else if (roll < 0.9) {
        const who = pick(['a', 'b'] as const);
        const toGroup = rnd() < 0.4;
        step = `${who} sends a ${toGroup ? 'group' : 'private'} message`;
        const body = toGroup
          ? { toId: groupId, toType: 1, content: { text: 'g' } }
          : { toId: pick([adminId, members.a.id, members.b.id]), toType: 0, content: { text: 'p' } };
        await t.http().post('/admin/base/message/add').set('Authorization', members[who].token).send(body);
      } else {
        const who = pick(['a', 'b'] as const);
        step = `${who} joins the group`;
        await t.http().post('/admin/base/groupMember/add').set('Authorization', t.adminToken).send({ groupId, userId: members[who].id });
      }
      await check(`step ${i}: ${step}`);
    }
  });
});

describe.each(kinds)('a write made outside the API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { totalRecountSeconds: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('appears in the page total within the recount interval, marked approximate until then', async () => {
    const page = () => pageOf(t, t.adminToken, '/admin/demo/goods/page', { status: 1 });
    expect((await page()).total).toBe(0);
    await t.core.db.run('INSERT INTO `demo_goods` (`title`, `status`, `stock`, `createTime`, `updateTime`) VALUES (?, ?, ?, ?, ?)', [
      'outside',
      1,
      0,
      '2026-01-01 00:00:00.000',
      '2026-01-01 00:00:00.000',
    ]);
    const seen: Array<{ total: number; approximate: boolean }> = [];
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      const p = await page();
      seen.push(p);
      if (p.total === 1 && !p.approximate) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.at(-1)).toEqual({ total: 1, approximate: false });
    expect(seen.some((p) => p.approximate && p.total === 0)).toBe(true);
  });
});

describe.runIf(withRedis)('totals kept by two server processes on one Redis', () => {
  let a: TestApp;
  let b: ChildProcess | null = null;
  let bPort = 0;

  beforeAll(async () => {
    a = await startApp('mysql', { redisUrl: REDIS_URL });
    const dir = mkdtempSync(join(tmpdir(), 'cosmac-tw-'));
    ({ proc: b, port: bPort } = await startServerProcess({ DATABASE_URL: a.db.url, REDIS_URL, DATA_DIR: dir, LOG_DIR: dir }));
  });
  afterAll(async () => {
    b?.kill('SIGTERM');
    await a?.close();
  });

  const onB = async (path: string, body: object) => {
    const res = await fetch(`http://127.0.0.1:${bPort}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: a.adminToken },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: { pagination: { total: number; approximate?: boolean } } };
  };
  const fresh = async (status: number) =>
    Number((await a.core.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM `demo_goods` WHERE `status` = ?', [status]))[0].n);

  it('agree on every total while both of them write', async () => {
    for (let i = 0; i < 6; i++) {
      if (i % 2) await onB('/admin/demo/goods/add', { title: `b ${i}`, status: i % 3 ? 1 : 0 });
      else
        await a
          .http()
          .post('/admin/demo/goods/add')
          .set('Authorization', a.adminToken)
          .send({ title: `a ${i}`, status: i % 3 ? 1 : 0 });
      for (const status of [0, 1]) {
        const want = await fresh(status);
        const onA = (await a.http().post('/admin/demo/goods/page').set('Authorization', a.adminToken).send({ status })).body.data.pagination;
        const fromB = (await onB('/admin/demo/goods/page', { status })).data.pagination;
        expect([onA.total, fromB.total]).toEqual([want, want]);
        expect([onA.approximate, fromB.approximate]).toEqual([undefined, undefined]);
      }
    }
  });
});
