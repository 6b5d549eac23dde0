/**
 * Losing an instance behind nginx under a steady load (issue 24):
 * - a SIGTERM drain loses no read and no write: the listener closes first, once no connection waits
 *   in its accept queue (closing it resets those, with a POST nginx may have sent: the burst of 40
 *   concurrent writes lost four at once in about one drain of three), so new connections are refused
 *   (nginx tries the other, POSTs included); only then do answers close their connections, and idle
 *   kept-alive connections are left open until KEEP_ALIVE_TIMEOUT_MS (10 s; nginx drops its idle
 *   upstream ones after 4 s), so no POST meets a connection being closed under it (nginx never sends
 *   a POST twice; cutting idle connections at once lost one in about eight runs); the socket it held
 *   reconnects through nginx to the other instance;
 * - taken out first as deploy/README.md says (marked `down`, nginx reloaded, then SIGTERM), likewise;
 * - a SIGKILL loses no read: nginx retries idempotent requests when the dead instance refuses,
 *   resets or closes the connection before answering.
 * Skipped without nginx, redis-server or MariaDB, unless CI=true (then their absence fails the run).
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../helpers/cluster';
import { emitAck } from '../helpers/sockets';
import { exited, load, type Outcome } from './load';
import { ADMIN_PASSWORD, call, clusterSkipReason, login, startCluster, type Cluster, type Instance } from './start-cluster';

const skip = await clusterSkipReason();
const suite = skip ? describe.skip : describe;

/** Requests under way at once: the reading workers. */
const READERS = 6;
/** Writes under way at once in the burst test: more than nginx keeps idle connections (keepalive 32, per worker). */
const WRITERS = 40;
/** Waits until the load has answered `n` more requests: on a busy machine a second holds few of them. */
const answered = async (run: { outcomes: Outcome[] }, n: number) => {
  const from = run.outcomes.length;
  await expect.poll(() => run.outcomes.length - from).toBeGreaterThanOrEqual(n);
};

suite(`losing an instance behind nginx${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let c: Cluster;
  let admin = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    c = await startCluster();
    admin = await login(c.nginx.url, 'admin', ADMIN_PASSWORD);
  }, 360_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await c?.close();
  });

  /** Which instances served these requests (the last address nginx tried for each). */
  const servers = async (rids: string[]) => new Set((await c.nginx.logged(rids)).map((l) => c.nameOf(l.upstreams.at(-1) ?? '-')));
  const other = (i: Instance) => c.instances.find((x) => x !== i)!;

  /** Starts `i` again (unless it runs) and waits until nginx sends it requests (it may sit out fail_timeout first). */
  const rejoin = async (i: Instance) => {
    if (!i.proc) await c.start(i);
    await c.route();
    for (let n = 0, until = Date.now() + 60_000; ; n++) {
      const rid = `rejoin-${i.name}-${Date.now()}-${n}`;
      expect((await call(c.nginx.url, 'GET', '/admin/base/comm/person', { token: admin, rid })).status).toBe(200);
      if ((await servers([rid])).has(i.name)) return;
      if (Date.now() > until) throw new Error(`nginx did not send instance ${i.name} requests again`);
      await sleep(200);
    }
  };

  /** Every acknowledged write is stored, once, and nothing else of this run is. */
  const writesKept = async (tag: string, outcomes: Outcome[]) => {
    const written = outcomes
      .filter((o) => o.write && o.ok)
      .map((o) => o.rid)
      .sort();
    const stored = (await c.sql<Array<{ title: string }>>('SELECT `title` FROM `demo_goods` WHERE `title` LIKE ?', [`${tag}-%`])).map((r) => r.title).sort();
    expect(written.length).toBeGreaterThan(10);
    expect(stored).toEqual(written);
  };

  /** The instance drained by the first test (the one holding the socket). */
  let drained: Instance;

  it('loses no read and no write while an instance drains after SIGTERM, and its socket comes back through nginx', async () => {
    // A socket through nginx, as the web app keeps one: it reconnects when the server tells it to.
    const socket = io(c.nginx.url, { path: '/socket.io', forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000, auth: { token: admin } });
    sockets.push(socket);
    const notices: Array<{ kind: string; data: any }> = [];
    socket.on('notice', (n: { kind: string; data: any }) => notices.push(n));
    socket.on('disconnect', (reason) => reason === 'io server disconnect' && setTimeout(() => socket.connect(), 200));
    await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
    // Its long-polling handshake is in the access log: that instance is the one to drain.
    const handshake = () => c.nginx.accessLog().find((l) => l.request.startsWith('GET /socket.io/') && l.upstreams.length);
    await expect.poll(() => handshake()).toBeTruthy();
    drained = c.instances.find((i) => i.name === c.nameOf(handshake()!.upstreams.at(-1)!))!;

    const run = load(c.nginx.url, admin, 'drain', { readers: READERS, writers: 2 });
    await sleep(1000);
    await answered(run, 16);
    const proc = drained.proc!;
    proc.kill('SIGTERM');
    const exit = await exited(proc);
    drained.proc = null;
    await sleep(1000);
    await answered(run, 16);
    const outcomes = await run.stop();
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    // Enough reads to span the kill (about 150 in 2.5 s on an idle machine; 96 seen on a loaded one).
    expect(outcomes.length).toBeGreaterThan(30);
    expect(await servers(outcomes.map((o) => o.rid))).toEqual(new Set(c.instances.map((i) => i.name)));
    // Kept-alive connections are left to nginx (KEEP_ALIVE_TIMEOUT_MS): no POST is cut while it is sent.
    await writesKept('drain', outcomes);
    // The socket was told to reconnect, did so through nginx to the instance left, and works there.
    expect(notices.filter((n) => n.kind === 'server').map((n) => n.data)).toEqual([{ reconnect: true }]);
    await expect.poll(() => socket.connected).toBe(true);
    expect((await emitAck(socket, 'sync', { since: [] })).code).toBe(1000);
  });

  it('loses no read and no write when the instance is marked down in nginx first, then stopped', async () => {
    await rejoin(drained);
    const leaving = other(drained);
    const run = load(c.nginx.url, admin, 'takeout', { readers: READERS, writers: 2, freshConnections: true });
    await sleep(1000);
    await c.route([leaving]);
    await sleep(500);
    const proc = leaving.proc!;
    proc.kill('SIGTERM');
    const exit = await exited(proc);
    leaving.proc = null;
    await sleep(500);
    const outcomes = await run.stop();
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    // Both served while both were in; every acknowledged write is stored, once.
    expect(await servers(outcomes.map((o) => o.rid))).toEqual(new Set(c.instances.map((i) => i.name)));
    await writesKept('takeout', outcomes);
  });

  it('loses no write of many under way at once while an instance drains after SIGTERM (no 502)', async () => {
    // Self-contained (it can run alone with -t): both instances up and in nginx's list.
    for (const i of c.instances) if (!i.proc) await rejoin(i);
    const leaving = c.instances[0];
    // Warmed up first with the same load: the first burst on cold instances may meet a Redis command
    // timeout (a 503, seen once on a loaded machine), which is not what this test is about.
    const warm = load(c.nginx.url, admin, 'warmup', { readers: 2, writers: WRITERS });
    await answered(warm, 100);
    await warm.stop();
    // Many POSTs at once keep nginx opening, reusing and caching upstream connections all the time,
    // so some sit idle in its cache, and some are being reused, at every moment of the drain.
    const run = load(c.nginx.url, admin, 'burst', { readers: 2, writers: WRITERS });
    await sleep(1000);
    await answered(run, 100);
    const before = c.nginx.siteErrorLog().length;
    const proc = leaving.proc!;
    proc.kill('SIGTERM');
    const exit = await exited(proc);
    leaving.proc = null;
    await answered(run, 100);
    const outcomes = await run.stop();
    const failed = outcomes.filter((o) => !o.ok);
    // nginx's own words for each failure ("upstream prematurely closed connection", "reset by peer").
    expect(failed, c.nginx.siteErrorLog().slice(before)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await servers(outcomes.map((o) => o.rid))).toEqual(new Set(c.instances.map((i) => i.name)));
    await writesKept('burst', outcomes);
    await rejoin(leaving);
  });

  it('loses no read when an instance is killed with SIGKILL (nginx retries reads on the other)', async () => {
    const killed = drained;
    const survivor = other(killed);
    await rejoin(survivor);
    const run = load(c.nginx.url, admin, 'kill', { readers: READERS });
    await sleep(1000);
    await answered(run, 16);
    killed.proc!.kill('SIGKILL');
    await exited(killed.proc!);
    killed.proc = null;
    await sleep(1500);
    await answered(run, 16);
    const outcomes = await run.stop();
    const failed = outcomes.filter((o) => !o.ok);
    // A read fails only if the killed instance had already begun its answer when it died (nginx
    // cannot start an answer again elsewhere): at most the requests under way on it at that moment.
    // least_conn gives an instance a request only while it has no more open ones than the other, so
    // that is at most READERS / 2. Our answers are one small write each: in our runs none failed.
    expect(failed.length, JSON.stringify(failed)).toBeLessThanOrEqual(READERS / 2);
    // Enough reads to span the kill (about 150 in 2.5 s on an idle machine; 96 seen on a loaded one).
    expect(outcomes.length).toBeGreaterThan(30);
    // nginx did retry: some requests went to the dead instance first, then to the live one.
    const retried = (
      await c.nginx.logged(
        outcomes.map((o) => o.rid),
        (rid) => outcomes.find((o) => o.rid === rid)!.detail,
      )
    ).filter((l) => l.upstreams.length > 1);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((l) => c.nameOf(l.upstreams[0]) === killed.name && c.nameOf(l.upstreams.at(-1)!) === survivor.name)).toBe(true);
  });
});
