/**
 * Two instances with their own data folders behind nginx (the shipped deploy/nginx/cosmac.conf),
 * on one MariaDB and one Redis (issue 24): one console session works whichever instance answers.
 * The instances have no JWT_SECRET: they sign with the key kept in the database. Which instance
 * served a request is read from nginx's access log (upstream address by request id).
 * Skipped without nginx, redis-server or MariaDB, unless CI=true (then their absence fails the run).
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, clusterSkipReason, login, startCluster, type Cluster } from './start-cluster';
import { closeAll, emitAck } from '../helpers/sockets';

const skip = await clusterSkipReason();
const suite = skip ? describe.skip : describe;

suite(`two instances behind nginx${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let c: Cluster;
  let admin = '';
  const open: Socket[] = [];

  beforeAll(async () => {
    // As docs/operations/production.md runs them: no JWT_SECRET, so the signing key is the one kept in the database.
    c = await startCluster({ env: { JWT_SECRET: '' } });
    admin = await login(c.nginx.url, 'admin', ADMIN_PASSWORD);
  }, 360_000);
  afterAll(async () => {
    await closeAll(...open);
    await c?.close();
  });

  it('accepts a token from one instance on the other, with no JWT_SECRET and separate data folders', async () => {
    const [a, b] = c.instances;
    for (const [signer, checker] of [
      [a, b],
      [b, a],
    ]) {
      const token = await login(signer.url, 'admin', ADMIN_PASSWORD);
      const res = await call(checker.url, 'GET', '/admin/base/comm/person', { token });
      expect([res.status, res.body.code], `signed by ${signer.name}, checked by ${checker.name}`).toEqual([200, 1000]);
    }
  });

  it('spreads 50 signed-in requests over both instances and accepts every one', async () => {
    const rids = Array.from({ length: 50 }, (_, n) => `spread-${n}`);
    for (const rid of rids) {
      const res = await call(c.nginx.url, 'GET', '/admin/base/comm/person', { token: admin, rid });
      expect([res.status, res.body.code], rid).toEqual([200, 1000]);
      expect(res.body.data.username).toBe('admin');
    }
    const served = new Map<string, number>();
    for (const line of await c.nginx.logged(rids)) {
      expect(line.upstreams, line.rid).toHaveLength(1);
      const name = c.nameOf(line.upstreams[0]);
      served.set(name, (served.get(name) ?? 0) + 1);
    }
    expect([...served.values()].reduce((a, b) => a + b, 0)).toBe(50);
    // Requests one after another: least_conn sees a tie every time and takes turns.
    expect(served.get('a')).toBeGreaterThanOrEqual(10);
    expect(served.get('b')).toBeGreaterThanOrEqual(10);
  });

  it('refuses a token on the other instance once it was logged out through one', async () => {
    const [a, b] = c.instances;
    const token = await login(c.nginx.url, 'admin', ADMIN_PASSWORD);
    for (const i of [a, b]) expect((await call(i.url, 'GET', '/admin/base/comm/person', { token })).body.code).toBe(1000);
    expect((await call(a.url, 'POST', '/admin/base/comm/logout', { token, body: {} })).body.code).toBe(1000);
    const onB = await call(b.url, 'GET', '/admin/base/comm/person', { token });
    expect(onB.status).toBe(401);
    // Through nginx, whichever instance answers.
    for (let n = 0; n < 6; n++) expect((await call(c.nginx.url, 'GET', '/admin/base/comm/person', { token })).status).toBe(401);
    // The other session of the same user is untouched.
    expect((await call(b.url, 'GET', '/admin/base/comm/person', { token: admin })).body.code).toBe(1000);
  });

  it('shows a write made through one instance in a page through the other, with the right total', async () => {
    const [a, b] = c.instances;
    const page = async (url: string) => (await call(url, 'POST', '/admin/demo/goods/page', { token: admin, body: { status: 1, size: 100 } })).body.data;
    const fresh = async () => Number((await c.sql<Array<{ n: number }>>('SELECT COUNT(*) AS n FROM `demo_goods` WHERE `status` = 1'))[0].n);
    // Both instances count (and cache) the total before the writes.
    expect((await page(a.url)).pagination.total).toBe(await fresh());
    expect((await page(b.url)).pagination.total).toBe(await fresh());
    for (const [writer, reader, title] of [
      [a, b, 'written on a'],
      [b, a, 'written on b'],
    ] as const) {
      const added = await call(writer.url, 'POST', '/admin/demo/goods/add', { token: admin, body: { title, status: 1 } });
      expect(added.body.code, JSON.stringify(added.body)).toBe(1000);
      const seen = await page(reader.url);
      expect(seen.list.map((g: { title: string }) => g.title)).toContain(title);
      expect(seen.pagination.total).toBe(await fresh());
      expect(seen.pagination.approximate).toBeUndefined();
    }
    expect(await fresh()).toBe(2);
    // And through nginx, whichever instance answers.
    for (let n = 0; n < 4; n++) expect((await page(c.nginx.url)).pagination.total).toBe(2);
  });

  it('delivers a message sent through either instance to a socket connected through nginx (long-polling, then websocket)', async () => {
    const [a, b] = c.instances;
    const [role] = await c.sql<Array<{ id: number }>>("SELECT `id` FROM `base_sys_role` WHERE `label` = 'member'");
    const people: Array<{ id: number; token: string }> = [];
    for (const name of ['cl_reader', 'cl_writer']) {
      const added = await call(c.nginx.url, 'POST', '/admin/base/sys/user/add', {
        token: admin,
        body: { username: name, password: 'Member-Pass-1', nickName: name, roleIdList: [role.id] },
      });
      expect(added.body.code, JSON.stringify(added.body)).toBe(1000);
      people.push({ id: Number(added.body.data.id), token: await login(c.nginx.url, name, 'Member-Pass-1') });
    }
    const [reader, writer] = people;
    // The group and its members as stored rows (the group calls are another area's).
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const g = await c.sql<{ insertId: number }>(
      'INSERT INTO `base_group` (`name`, `type`, `userId`, `rows`, `cols`, `onBoard`, `delete`, `createTime`, `updateTime`) VALUES (?, 0, ?, 2, 2, 1, 0, ?, ?)',
      ['cluster', reader.id, now, now],
    );
    const groupId = Number(g.insertId);
    for (const [p, owner] of [
      [reader, 1],
      [writer, 0],
    ] as const) {
      await c.sql(
        'INSERT INTO `base_group_member` (`groupId`, `userId`, `isOwner`, `isPurchased`, `authType`, `delete`, `createTime`, `updateTime`) VALUES (?, ?, ?, 0, 1, 0, ?, ?)',
        [groupId, p.id, owner, now, now],
      );
    }

    // socket.io-client's default: long-polling first, which works only if every poll of the session
    // reaches the same instance (the sticky upstream), then the upgrade to a websocket.
    const viaNginx = io(c.nginx.url, { path: '/socket.io', forceNew: true, reconnection: false, auth: { token: reader.token } });
    open.push(viaNginx);
    const upgraded = new Promise<string>((resolve) => {
      viaNginx.io.engine?.once('upgrade', (t: { name: string }) => resolve(t.name));
      setTimeout(() => resolve(`still ${viaNginx.io.engine?.transport.name} after 10 s`), 10_000);
    });
    const received: Array<{ kind: string; data: any }> = [];
    viaNginx.on('notice', (n: { kind: string; data: any }) => received.push(n));
    await new Promise<void>((resolve, reject) => {
      viaNginx.once('connect', () => resolve());
      viaNginx.once('connect_error', reject);
    });
    expect(await upgraded).toBe('websocket');

    // One sender on each instance, straight to it: one of the two is the instance the reader is not on.
    for (const inst of [a, b]) {
      const s = io(inst.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: writer.token } });
      open.push(s);
      await new Promise<void>((resolve, reject) => (s.once('connect', () => resolve()), s.once('connect_error', reject)));
      const ack = await emitAck(s, 'sendMessage', { toType: 1, toId: groupId, content: { text: `via ${inst.name}` }, clientId: `cl-${inst.name}` });
      expect(ack.code, JSON.stringify(ack)).toBe(1000);
      await expect.poll(() => received.some((n) => n.kind === 'message' && n.data.id === ack.data.id)).toBe(true);
    }
    expect(received.filter((n) => n.kind === 'message').map((n) => n.data.content.text)).toEqual(['via a', 'via b']);
    // The reader's websocket stays open through nginx.
    expect(viaNginx.connected).toBe(true);
  });
});
