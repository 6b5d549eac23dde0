/**
 * Two server processes on one MariaDB and one Redis that this test starts itself (issue 15): a
 * group message sent through instance A reaches a member's socket on instance B, presence is right
 * across both, a session ended through one instance ends its sockets on the other, and after that
 * Redis is stopped and started again sockets reconnect, delivery resumes, and every message that
 * got a success ack is in the history.
 * Skipped without MariaDB or redis-server, unless CI=true (then their absence fails the run).
 */
import type { ChildProcess } from 'node:child_process';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { freePort, hasRedisServer, startRedis, stop } from '../helpers/cluster';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';
import { closeAll, connect, emitAck, noticeWithin, waitNotice, type Client } from '../helpers/sockets';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');
const hasRedis = hasRedisServer;
const ADMIN_PASSWORD = 'Cluster-Admin-1';

interface Person {
  id: number;
  token: string;
}

describe.skipIf(!(hasMysql && hasRedis))('chat across two instances with Redis', () => {
  let db: TestDb;
  let redisPort = 0;
  let redis: ChildProcess | null = null;
  const servers: ChildProcess[] = [];
  let urlA = '';
  let urlB = '';
  let groupId = 0;
  let u1: Person, u2: Person, u3: Person;
  let admin = '';
  let memberRole = 0;
  const open: Client[] = [];

  const call = async (base: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: any };
  };
  const sql = async (text: string, params: unknown[] = []) => {
    const c = await mysql.createConnection(db.url);
    try {
      return (await c.query(text, params))[0] as any;
    } finally {
      await c.end();
    }
  };
  const login = async (username: string, password: string) => {
    const res = await call(urlA, '/admin/base/open/login', { username, password });
    expect(res.code, JSON.stringify(res)).toBe(1000);
    return res.data.token as string;
  };
  const client = async (p: Person, url: string, reconnection = false) => {
    const s = await connect(p.token, { url, reconnection });
    open.push(s);
    return s;
  };
  const online = async (id: number) => Number((await sql('SELECT `online` FROM `base_sys_user` WHERE `id` = ?', [id]))[0].online);

  beforeAll(async () => {
    db = await createTestDb('mysql');
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const env = { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, ADMIN_PASSWORD, CHAT_SEND_LIMIT: '1000/10', LOG_CONSOLE_LEVEL: 'error' };
    const a = await startServerProcess(env);
    servers.push(a.proc);
    const b = await startServerProcess(env);
    servers.push(b.proc);
    urlA = `http://127.0.0.1:${a.port}`;
    urlB = `http://127.0.0.1:${b.port}`;
    admin = await login('admin', ADMIN_PASSWORD);
    const [role] = await sql("SELECT `id` FROM `base_sys_role` WHERE `label` = 'member'");
    memberRole = Number(role.id);
    const people: Person[] = [];
    for (const name of ['cl_one', 'cl_two', 'cl_three']) {
      const added = await call(urlA, '/admin/base/sys/user/add', { username: name, password: 'Member-Pass-1', nickName: name, roleIdList: [role.id] }, admin);
      expect(added.code, JSON.stringify(added)).toBe(1000);
      people.push({ id: Number(added.data.id), token: await login(name, 'Member-Pass-1') });
    }
    [u1, u2, u3] = people;
    // The group and its member rows as stored rows (the group calls are another area's).
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const g = await sql(
      'INSERT INTO `base_group` (`name`, `type`, `userId`, `rows`, `cols`, `onBoard`, `delete`, `createTime`, `updateTime`) VALUES (?, 0, ?, 2, 2, 1, 0, ?, ?)',
      ['cluster', u1.id, now, now],
    );
    groupId = Number(g.insertId);
    for (const [p, owner] of [
      [u1, 1],
      [u2, 0],
      [u3, 0],
    ] as const) {
      await sql(
        'INSERT INTO `base_group_member` (`groupId`, `userId`, `isOwner`, `isPurchased`, `authType`, `delete`, `createTime`, `updateTime`) VALUES (?, ?, ?, 0, 1, 0, ?, ?)',
        [groupId, p.id, owner, now, now],
      );
    }
  }, 240_000);

  afterAll(async () => {
    await closeAll(...open);
    for (const s of servers) await stop(s);
    await stop(redis);
    await db?.drop();
  });

  it("delivers a group message sent through instance A to a member's socket on instance B, and back", async () => {
    const s1 = await client(u1, urlA);
    const s2 = await client(u2, urlB);
    const ack = await emitAck(s1, 'sendMessage', { toType: 1, toId: groupId, content: { text: 'from A' }, clientId: 'c-1' });
    expect(ack.code, JSON.stringify(ack)).toBe(1000);
    expect((await waitNotice(s2, 'message', (m) => m.id === ack.data.id)).data).toMatchObject({ seq: 1, fromId: u1.id });
    const back = await emitAck(s2, 'sendMessage', { toType: 1, toId: groupId, content: { text: 'from B' } });
    expect(back.data.seq).toBe(2);
    await waitNotice(s1, 'message', (m) => m.id === back.data.id);
    // A private message too: the receiver's room spans both instances.
    const dm = await emitAck(s1, 'sendMessage', { toType: 0, toId: u2.id, content: 'psst' });
    await waitNotice(s2, 'message', (m) => m.id === dm.data.id);
  });

  it('keeps presence right with sockets of one user on both instances', async () => {
    const watcher = await client(u1, urlA);
    const onB = await client(u3, urlB);
    await waitNotice(watcher, 'presence', (p) => p.userId === u3.id && p.online === true);
    expect(await online(u3.id)).toBe(1);
    const onA = await client(u3, urlA);
    await expect.poll(async () => (await sql('SELECT `socketId` FROM `base_sys_user` WHERE `id` = ?', [u3.id]))[0].socketId).toBe(onA.id);
    await closeAll(onB);
    // Still connected through A: not offline, and nobody is told so.
    expect(await noticeWithin(watcher, 'presence', (p) => p.userId === u3.id && p.online === false, 800)).toBe(false);
    expect(await online(u3.id)).toBe(1);
    await closeAll(onA);
    await waitNotice(watcher, 'presence', (p) => p.userId === u3.id && p.online === false);
    expect(await online(u3.id)).toBe(0);
  });

  it('an edit, a recall and a reaction made on A reach a socket on B, and a socket away meanwhile gets all three through sync', async () => {
    const s1 = await client(u1, urlA);
    const s2 = await client(u2, urlB);
    const sent = await Promise.all(
      ['to edit', 'to recall', 'to react to'].map(
        async (text, i) => (await emitAck(s1, 'sendMessage', { toType: 1, toId: groupId, content: text, clientId: `chg-${i}` })).data,
      ),
    );
    for (const m of sent) await waitNotice(s2, 'message', (n) => n.id === m.id);
    // u3 holds the history and its change number, then is away while the changes happen.
    const held = await call(urlB, '/admin/base/message/messageList', { toType: 1, toId: groupId, size: 200 }, u3.token);
    const from = held.data.lastChange as number;
    const lastSeq = Math.max(...held.data.list.map((m: { seq: number }) => m.seq));

    expect((await emitAck(s1, 'editMessage', { id: sent[0].id, content: 'edited on A' })).code).toBe(1000);
    expect((await waitNotice(s2, 'change', (c) => c.kind === 'edit' && c.message.id === sent[0].id)).data.message.content).toBe('edited on A');
    expect((await emitAck(s1, 'recallMessage', { id: sent[1].id })).code).toBe(1000);
    expect((await waitNotice(s2, 'change', (c) => c.kind === 'recall' && c.message.id === sent[1].id)).data.message.content).toBeNull();
    expect((await call(urlA, '/admin/base/message/react', { id: sent[2].id, emoji: 'thanks' }, u1.token)).code).toBe(1000);
    expect((await waitNotice(s2, 'change', (c) => c.kind === 'react' && c.message.id === sent[2].id)).data.message.reactions).toEqual({ thanks: [u1.id] });

    const back = await client(u3, urlB);
    const synced = await emitAck(back, 'sync', { since: [{ toType: 1, toId: groupId, afterSeq: lastSeq, afterChange: from }] });
    expect(synced.code, JSON.stringify(synced)).toBe(1000);
    const changes = synced.data[0].changes as Array<{ kind: string; change: number; message: { id: number; content: unknown } }>;
    expect(changes.map((c) => c.kind)).toEqual(['edit', 'recall', 'react']);
    expect(changes.map((c) => c.change)).toEqual([from + 1, from + 2, from + 3]);
    expect(changes.map((c) => c.message.id)).toEqual(sent.map((m) => m.id));
    expect(changes[1].message.content).toBeNull();
    // Asked again from the last one: nothing twice.
    const again = await emitAck(back, 'sync', { since: [{ toType: 1, toId: groupId, afterSeq: lastSeq, afterChange: from + 3 }] });
    expect(again.data[0].changes).toEqual([]);
  });

  it("ends a session's socket on instance B when it signs out through A, and every socket of a member disabled through A", async () => {
    const session = { id: u2.id, token: await login('cl_two', 'Member-Pass-1') };
    const onB = await client(session, urlB);
    expect((await call(urlA, '/admin/base/comm/logout', {}, session.token)).code).toBe(1000);
    await waitNotice(onB, 'session', (d) => d.reason === 'logout');
    await expect.poll(() => onB.connected).toBe(false);

    const added = await call(
      urlA,
      '/admin/base/sys/user/add',
      { username: 'cl_four', password: 'Member-Pass-1', nickName: 'cl_four', roleIdList: [memberRole] },
      admin,
    );
    expect(added.code, JSON.stringify(added)).toBe(1000);
    const u4 = { id: Number(added.data.id), token: await login('cl_four', 'Member-Pass-1') };
    const [a4, b4] = [await client(u4, urlA), await client(u4, urlB)];
    expect((await call(urlA, '/admin/base/sys/user/update', { id: u4.id, status: 0 }, admin)).code).toBe(1000);
    for (const s of [a4, b4]) await waitNotice(s, 'session', (d) => d.reason === 'disabled');
    await expect.poll(() => a4.connected || b4.connected).toBe(false);
  });

  it('reconnects and resumes delivery after Redis restarts, and keeps every acknowledged message', async () => {
    const s1 = await client(u1, urlA, true);
    const s2 = await client(u2, urlB, true);
    const acked: number[] = [];
    let n = 0;
    const send = async () => {
      const ack = await emitAck(s1, 'sendMessage', { toType: 1, toId: groupId, content: { text: `r${++n}` }, clientId: `restart-${n}` }, 8000).catch(
        () => null,
      );
      if (ack?.code === 1000) acked.push(ack.data.id);
      return ack;
    };
    expect((await send())?.code).toBe(1000);

    await stop(redis, 'SIGKILL');
    // While Redis is away: whatever gets a success ack must end up stored.
    for (let i = 0; i < 3; i++) await send();
    redis = await startRedis(redisPort);

    // Delivery from A to B resumes once both instances have reconnected. A message sent after the
    // restart that arrives late (a busy machine) counts when it arrives, while the next is sent.
    const sentAfter = new Set<number>();
    let delivered = false;
    for (const until = Date.now() + 90_000; !delivered && Date.now() < until;) {
      const ack = await send();
      if (ack?.code === 1000) sentAfter.add(ack.data.id);
      if (sentAfter.size)
        delivered = await waitNotice(s2, 'message', (m) => sentAfter.has(m.id), 1500).then(
          () => true,
          () => false,
        );
      else await new Promise((r) => setTimeout(r, 300));
    }
    expect(delivered).toBe(true);

    // A client whose connection drops reconnects by itself, rejoins its rooms and catches up by sync.
    const lastSeen = Math.max(
      ...(await call(urlB, '/admin/base/message/messageList', { toType: 1, toId: groupId, size: 1 }, u2.token)).data.list.map((m: { seq: number }) => m.seq),
    );
    // The socket's own `connect` (its handshake admitted, its rooms joined), not the manager's
    // `reconnect`, which fires once the transport is back and before that handshake is done.
    const reconnected = new Promise<void>((resolve) => s2.io.once('reconnect', () => s2.once('connect', () => resolve())));
    s2.io.engine.close();
    await reconnected;
    const after = await send();
    expect(after?.code).toBe(1000);
    await waitNotice(s2, 'message', (m) => m.id === after!.data.id);
    const synced = await emitAck(s2, 'sync', { since: [{ toType: 1, toId: groupId, afterSeq: lastSeen }] });
    expect(synced.data[0].list.map((m: { id: number }) => m.id)).toContain(after!.data.id);

    const history = await call(urlB, '/admin/base/message/messageList', { toType: 1, toId: groupId, size: 200 }, u2.token);
    const stored = new Set(history.data.list.map((m: { id: number }) => m.id));
    expect(acked.length).toBeGreaterThan(2);
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    // Numbers stay unique and gapless through it all.
    const seqs = history.data.list.map((m: { seq: number }) => m.seq);
    expect(seqs).toEqual(seqs.map((_: number, i: number) => i + 1));
  }, 240_000);
});
