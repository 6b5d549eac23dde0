/**
 * The system log calls (keep days, purge, clear, user names), site info, short links, the sitemap
 * and the dashboard summary, through the real HTTP stack on every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldLogs } from '../../server/core/log/log-keep';
import { reset } from '../../server/core/http/rate-limit';
import { deleteKeyMatches, hashDeleteKey, safeTargetUrl } from '../../server/modules/base/short-link.routes';
import { sitemapXml } from '../../server/modules/base/sitemap.routes';
import { dayRange } from '../../server/modules/base/dashboard.service';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();
const DAY = 86400_000;
const SHORTLINK_LIMIT = 6;

type Res = { status: number; headers: Record<string, string>; body: any; text: string };

const stored = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

describe.each(kinds)('logs, site, short links, sitemap and dashboard on %s', (kind) => {
  let t: TestApp;
  let memberToken: string;
  let adminId: number;
  let seq = 0;

  const get = (path: string, token?: string, host?: string) => {
    let r = t.http().get(path);
    if (token) r = r.set('Authorization', token);
    if (host) r = r.set('Host', host);
    return r as unknown as Promise<Res>;
  };
  const post = (path: string, body: unknown, token?: string, host?: string) => {
    let r = t.http().post(path).send(body as object);
    if (token) r = r.set('Authorization', token);
    if (host) r = r.set('Host', host);
    return r as unknown as Promise<Res>;
  };
  const q = (n: string) => t.core.db.q(n);
  const ok = (res: Res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe(1000);
    return res.body.data;
  };

  /** Inserts request log rows with the given times and IPs. */
  async function logRows(rows: Array<{ time: number; ip?: string; userId?: number | null; action?: string }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await t.core.db.run(
        `INSERT INTO ${q('base_sys_log')} (${['userId', 'action', 'ip', 'params', 'createTime', 'updateTime'].map(q).join(', ')}) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((r) => [r.userId ?? null, r.action ?? '/test', r.ip ?? '203.0.113.1', null, stored(r.time), stored(r.time)]),
      );
    }
  }
  const countLogs = async (where = '1 = 1', params: unknown[] = []) =>
    Number((await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q('base_sys_log')} WHERE ${where}`, params))[0].n);

  beforeAll(async () => {
    t = await startApp(kind, {
      // The request log writes only when asked (flush) or when a batch fills, so the test's own calls
      // never land in base_sys_log in the middle of an assertion about it.
      env: { ...process.env, SHORTLINK_ADD_PER_HOUR: String(SHORTLINK_LIMIT), SITE_URL: undefined, REQUEST_LOG_FLUSH_MS: '3600000' },
    });
    const [role] = await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_sys_role')} WHERE ${q('label')} = ?`, ['member']);
    const username = `member_${kind}`;
    const password = 'Member-Pw-123';
    ok(await post('/admin/base/sys/user/add', { username, password, nickName: username, roleIdList: [Number(role.id)] }, t.adminToken));
    memberToken = await t.login(username, password);
    const [admin] = await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_sys_user')} WHERE ${q('username')} = ?`, ['admin']);
    adminId = Number(admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sys/log', () => {
    it('keeps 30 days until told otherwise, then the days set', async () => {
      expect(ok(await get('/admin/base/sys/log/getKeep', t.adminToken))).toBe(30);
      ok(await post('/admin/base/sys/log/setKeep', { value: 7 }, t.adminToken));
      expect(ok(await get('/admin/base/sys/log/getKeep', t.adminToken))).toBe(7);
      ok(await post('/admin/base/sys/log/setKeep', { value: '9' }, t.adminToken));
      expect(ok(await get('/admin/base/sys/log/getKeep', t.adminToken))).toBe(9);
      const [param] = await t.core.db.query<{ data: string }>(`SELECT ${q('data')} FROM ${q('base_sys_param')} WHERE ${q('keyName')} = ?`, ['logKeep']);
      expect(param.data).toBe('9');
      ok(await post('/admin/base/sys/log/setKeep', { value: 7 }, t.adminToken));
    });

    it('refuses keep days that are missing, zero, fractional or absurd with 1002', async () => {
      for (const body of [{}, { value: 0 }, { value: 2.5 }, { value: 100000 }, { value: 'many' }]) {
        const res = await post('/admin/base/sys/log/setKeep', body, t.adminToken);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(1002);
        expect(res.body.data[0].field).toBe('value');
      }
      expect(ok(await get('/admin/base/sys/log/getKeep', t.adminToken))).toBe(7);
    });

    it('refuses setKeep, getKeep and clear to a member without the permission, and to no token', async () => {
      expect((await post('/admin/base/sys/log/setKeep', { value: 1 }, memberToken)).status).toBe(403);
      expect((await get('/admin/base/sys/log/getKeep', memberToken)).status).toBe(403);
      expect((await post('/admin/base/sys/log/clear', {}, memberToken)).status).toBe(403);
      expect((await post('/admin/base/sys/log/clear', {})).status).toBe(401);
      expect(ok(await get('/admin/base/sys/log/getKeep', t.adminToken))).toBe(7);
    });

    it('purges rows older than the kept days in chunks and keeps the newer ones', async () => {
      const now = Date.now();
      await logRows(Array.from({ length: 5100 }, (_, i) => ({ time: now - 8 * DAY - i * 1000, action: '/test/old' })));
      await logRows([{ time: now - 6 * DAY, action: '/test/recent' }, { time: now - 60_000, action: '/test/recent' }]);
      const removed = await purgeOldLogs(t.core);
      expect(removed).toBeGreaterThanOrEqual(5100);
      expect(await countLogs(`${q('action')} = ?`, ['/test/old'])).toBe(0);
      expect(await countLogs(`${q('action')} = ?`, ['/test/recent'])).toBe(2);
      expect(await countLogs(`${q('createTime')} < ?`, [stored(now - 7 * DAY)])).toBe(0);
    });

    it('purges through its system task, run once from the console', async () => {
      await logRows([{ time: Date.now() - 20 * DAY, action: '/test/timer' }]);
      const tasks = ok(await post('/admin/task/info/page', { keyWord: 'Request log purge' }, t.adminToken)).list;
      const task = tasks.find((r: any) => r.service === 'requestLog.purge');
      expect(task, JSON.stringify(tasks)).toMatchObject({ type: 0, status: 1, cron: '0 0 * * * *' });
      const { logId } = ok(await post('/admin/task/info/once', { id: task.id }, t.adminToken));
      let run: any;
      for (let i = 0; i < 300 && run?.status !== 1; i++) {
        await new Promise((r) => setTimeout(r, 20));
        run = ok(await get(`/admin/task/info/log?id=${task.id}`, t.adminToken)).list.find((r: any) => r.id === logId);
      }
      expect(run).toMatchObject({ status: 1, taskId: task.id });
      expect(await countLogs(`${q('action')} = ?`, ['/test/timer'])).toBe(0);
    });

    it('shows the user name of each log row on the log page', async () => {
      await logRows([{ time: Date.now(), userId: adminId, action: '/test/named' }, { time: Date.now(), userId: null, action: '/test/named' }]);
      const page = ok(await post('/admin/base/sys/log/page', { keyWord: '/test/named', size: 10 }, t.adminToken));
      expect(page.list).toHaveLength(2);
      const named = page.list.find((r: any) => r.userId === adminId);
      expect(named.userName).toBe('Administrator');
      expect(page.list.find((r: any) => r.userId === null).userName).toBeNull();
    });

    it('clears every log row', async () => {
      await logRows([{ time: Date.now() }, { time: Date.now() - DAY }]);
      expect(await countLogs()).toBeGreaterThan(0);
      // A page read before the clear caches its total; the clear must drop it.
      const before = ok(await post('/admin/base/sys/log/page', {}, t.adminToken));
      expect(before.pagination.total).toBeGreaterThan(0);
      ok(await post('/admin/base/sys/log/clear', {}, t.adminToken));
      expect(await countLogs()).toBe(0);
      const page = ok(await post('/admin/base/sys/log/page', {}, t.adminToken));
      expect(page.list).toEqual([]);
      expect(page.pagination.total).toBe(0);
    });
  });

  describe('site', () => {
    it('answers empty public fields before any site info is saved', async () => {
      const info = ok(await post('/admin/base/site/info', {}));
      expect(info).toEqual({ name: null, title: null, description: null, keywords: null, logo: null, favicon: null, copyright: null, communityUrl: null, currency: 'cny', tokensPerUnit: 100, oauthProviders: [] });
    });

    it('saves the default row and a host row, and answers the row of the request host or the default', async () => {
      const def = ok(await post('/admin/base/site/save', { name: 'Cosmac', title: 'Cosmac AI', config: { smtpNote: 'internal' } }, t.adminToken));
      const shop = ok(await post('/admin/base/site/save', { host: 'Shop.Example.com', name: 'Shop', logo: '/shop.png' }, t.adminToken));
      expect(shop.id).not.toBe(def.id);
      const forShop = ok(await post('/admin/base/site/info', {}, undefined, 'shop.example.com'));
      expect(forShop).toMatchObject({ name: 'Shop', logo: '/shop.png', title: null });
      const other = ok(await post('/admin/base/site/info', {}, undefined, 'elsewhere.example.org'));
      expect(other).toMatchObject({ name: 'Cosmac', title: 'Cosmac AI' });
      // Public callers never see the host, the id or the other settings.
      expect(Object.keys(other).sort()).toEqual(['communityUrl', 'copyright', 'currency', 'description', 'favicon', 'keywords', 'logo', 'name', 'oauthProviders', 'title', 'tokensPerUnit']);
    });

    it('updates the existing row of a host instead of adding another', async () => {
      const again = ok(await post('/admin/base/site/save', { host: 'shop.example.com', name: 'Shop 2' }, t.adminToken));
      const rows = await t.core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_site_info')} WHERE ${q('host')} = ?`, ['shop.example.com']);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].id)).toBe(again.id);
      expect(ok(await post('/admin/base/site/info', {}, undefined, 'shop.example.com')).name).toBe('Shop 2');
      ok(await post('/admin/base/site/save', { name: 'Cosmac' }, t.adminToken));
      expect(await t.core.db.query(`SELECT ${q('id')} FROM ${q('base_site_info')} WHERE ${q('host')} IS NULL`)).toHaveLength(1);
    });

    it('gives the whole row to a caller who may save', async () => {
      const full = ok(await post('/admin/base/site/info', {}, t.adminToken, 'elsewhere.example.org'));
      expect(full).toMatchObject({ host: null, name: 'Cosmac', config: { smtpNote: 'internal' } });
      expect(full.id).toEqual(expect.any(Number));
      const asMember = ok(await post('/admin/base/site/info', {}, memberToken, 'elsewhere.example.org'));
      expect(asMember.config).toBeUndefined();
    });

    it('refuses save without a token, without the permission, with unknown fields or a bad host', async () => {
      expect((await post('/admin/base/site/save', { name: 'x' })).status).toBe(401);
      expect((await post('/admin/base/site/save', { name: 'x' }, memberToken)).status).toBe(403);
      const unknown = await post('/admin/base/site/save', { name: 'x', admin: true }, t.adminToken);
      expect(unknown.body.code).toBe(1002);
      const badHost = await post('/admin/base/site/save', { host: 'evil host/<x>', name: 'x' }, t.adminToken);
      expect(badHost.body.code).toBe(1002);
      expect(badHost.body.data[0].field).toBe('host');
    });
  });

  describe('shortLink', () => {
    const clearLimits = async () => {
      for (const ip of ['::ffff:127.0.0.1', '127.0.0.1', '::1']) await reset(t.core.cache, `shortlink:add:ip:${ip}`);
    };

    it('adds a link without a token, redirects to it with 302 and counts visits', async () => {
      await clearLimits();
      const target = 'https://example.com/some/page?x=1&y=two';
      const { shortKey, deleteKey } = ok(await post('/admin/base/shortLink/add', { url: target }));
      expect(shortKey).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(deleteKey.length).toBeGreaterThanOrEqual(24);
      for (let i = 0; i < 2; i++) {
        const res = await get(`/admin/base/shortLink/s/${shortKey}`);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(target);
      }
      const viaApi = await get(`/api/admin/base/shortLink/s/${shortKey}`);
      expect(viaApi.status).toBe(302);
      const [row] = await t.core.db.query<{ visitCount: number; deleteKey: string; url: string }>(
        `SELECT ${q('visitCount')}, ${q('deleteKey')}, ${q('url')} FROM ${q('base_short_link')} WHERE ${q('shortKey')} = ?`,
        [shortKey],
      );
      expect(Number(row.visitCount)).toBe(3);
      expect(row.url).toBe(target);
      // Only a hash of the delete key is stored.
      expect(row.deleteKey).not.toContain(deleteKey);
      expect(row.deleteKey).toBe(hashDeleteKey(deleteKey));
    });

    it('answers an unknown or malformed short key with a 404 envelope', async () => {
      for (const key of ['NoSuchKy', 'bad%20key', 'x'.repeat(40)]) {
        const res = await get(`/admin/base/shortLink/s/${key}`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe(1001);
      }
    });

    it('refuses URLs that are not absolute http(s) URLs', async () => {
      await clearLimits();
      for (const url of ['javascript:alert(1)', 'ftp://example.com/x', '/relative', 'https://user:pw@example.com/', 'data:text/html,hi', '', 42]) {
        const res = await post('/admin/base/shortLink/add', { url });
        expect(res.status, String(url)).toBe(400);
        expect(res.body.code).toBe(1002);
        expect(res.body.data[0].field).toBe('url');
      }
    });

    it('deletes a link only with its delete key', async () => {
      await clearLimits();
      const { shortKey, deleteKey } = ok(await post('/admin/base/shortLink/add', { url: 'http://example.net/' }));
      const wrong = await post('/admin/base/shortLink/delete', { shortKey, deleteKey: `${deleteKey}x` });
      expect(wrong.status).toBe(403);
      const missing = await post('/admin/base/shortLink/delete', { shortKey });
      expect(missing.body.code).toBe(1002);
      // Another member's token does not stand in for the key.
      expect((await post('/admin/base/shortLink/delete', { shortKey }, memberToken)).body.code).toBe(1002);
      expect((await get(`/admin/base/shortLink/s/${shortKey}`)).status).toBe(302);
      ok(await post('/admin/base/shortLink/delete', { shortKey, deleteKey }));
      expect((await get(`/admin/base/shortLink/s/${shortKey}`)).status).toBe(404);
      expect((await post('/admin/base/shortLink/delete', { shortKey, deleteKey })).status).toBe(404);
    });

    it('lets the administrator delete a link without its key', async () => {
      await clearLimits();
      const { shortKey } = ok(await post('/admin/base/shortLink/add', { url: 'https://example.org/spam' }));
      ok(await post('/admin/base/shortLink/delete', { shortKey }, t.adminToken));
      expect((await get(`/admin/base/shortLink/s/${shortKey}`)).status).toBe(404);
    });

    it('limits how many links one address adds per hour with 429', async () => {
      await clearLimits();
      for (let i = 0; i < SHORTLINK_LIMIT; i++) ok(await post('/admin/base/shortLink/add', { url: `https://example.com/${i}` }));
      const res = await post('/admin/base/shortLink/add', { url: 'https://example.com/one-more' });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe(1001);
      expect(res.body.message).toMatch(/short links/i);
      await clearLimits();
    });
  });

  describe('sitemap', () => {
    it('lists the home page and shown goods as XML, without hidden, off-shelf or removed goods', async () => {
      const add = async (body: Record<string, unknown>) => ok(await post('/admin/goods/info/add', { title: `Goods ${++seq}`, ...body }, t.adminToken)).id as number;
      const shown = await add({ status: 1, isDisplay: 1 });
      const offShelf = await add({ status: 0, isDisplay: 1 });
      const hidden = await add({ status: 1, isDisplay: 0 });
      const removed = await add({ status: 1, isDisplay: 1 });
      ok(await post('/admin/goods/info/delete', { ids: [removed] }, t.adminToken));

      const res = await get('/admin/base/sitemap/google', undefined, 'shop.example.com');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const xml = res.text;
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(xml).toContain('<loc>http://shop.example.com/</loc>');
      expect(xml).toContain(`<loc>http://shop.example.com/goods/${shown}</loc>`);
      for (const id of [offShelf, hidden, removed]) expect(xml).not.toContain(`/goods/${id}<`);
      expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    });

    it('uses SITE_URL as the base when it is configured', async () => {
      t.core.config.env.SITE_URL = 'https://cosmac.example/';
      try {
        const res = await get('/admin/base/sitemap/google', undefined, 'attacker.example');
        expect(res.text).toContain('<loc>https://cosmac.example/</loc>');
        expect(res.text).not.toContain('attacker.example');
      } finally {
        t.core.config.env.SITE_URL = undefined;
      }
    });
  });

  describe('dashboard summary', () => {
    const summary = async (query = '') => ok(await get(`/admin/base/dashboard/summary${query}`, t.adminToken));

    it('answers 7 days by default with zero sales before any order', async () => {
      const s = await summary();
      expect(s.days).toBe(7);
      expect(s.dates).toHaveLength(7);
      expect(s.dates[6]).toBe(new Date().toISOString().slice(0, 10));
      for (const k of ['views', 'visitors', 'users', 'sales']) expect(s[k].daily).toHaveLength(7);
      expect(s.sales).toEqual({ daily: [0, 0, 0, 0, 0, 0, 0], sum: 0, total: 0 });
      expect(s.users.total).toBeGreaterThanOrEqual(2);
    });

    it('counts views and distinct visitors per day from the request log', async () => {
      // The test's own calls are request-logged too (today, from 127.0.0.1): write them now, so the
      // baseline already has this visitor, and compare views without today's bucket.
      await summary();
      await t.core.requestLog.flush();
      const before = await summary();
      const now = Date.now();
      const ip = (n: number) => `198.51.100.${n}`;
      await logRows([
        { time: now - 2 * DAY, ip: ip(1) },
        { time: now - 2 * DAY, ip: ip(1) },
        { time: now - 2 * DAY, ip: ip(2) },
        { time: now - 5 * DAY, ip: ip(3) },
        { time: now - 5 * DAY, ip: ip(1) },
        { time: now - 10 * DAY, ip: ip(4) },
      ]);
      const s = await summary();
      const delta = (k: 'views' | 'visitors', i: number) => s[k].daily[i] - before[k].daily[i];
      // Views are visits: .1's two requests of the same moment are one.
      expect(delta('views', 4)).toBe(2);
      expect(delta('visitors', 4)).toBe(2);
      expect(delta('views', 1)).toBe(2);
      expect(delta('visitors', 1)).toBe(2);
      const pastViews = (x: any) => x.views.daily.slice(0, -1).reduce((a: number, b: number) => a + b, 0);
      expect(pastViews(s) - pastViews(before)).toBe(4);
      // Distinct over the range: 198.51.100.1, .2 and .3 (.4 is older than the range).
      expect(s.visitors.sum - before.visitors.sum).toBe(3);
      const month = await summary('?days=30');
      expect(month.dates).toHaveLength(30);
      // The row of 10 days ago is in the 30-day range.
      expect(month.views.daily[19]).toBeGreaterThanOrEqual(1);
      expect(month.views.sum).toBeGreaterThanOrEqual(s.views.sum + 1);
    });

    it('counts a visit once per address and hour, however many requests its pages made', async () => {
      const { dates } = dayRange(7, 0);
      const at = (hhmm: string) => Date.parse(`${dates[2]}T${hhmm}:00Z`);
      const before = await summary('?tzOffset=0');
      // One person's short visit: hundreds of API calls within the hour, from one address.
      await logRows(Array.from({ length: 300 }, (_, i) => ({ time: at('10:05') + i * 1000, ip: '198.51.100.80' })));
      // The same person later that day, and someone else at the same hour.
      await logRows([{ time: at('15:10'), ip: '198.51.100.80' }, { time: at('10:20'), ip: '198.51.100.81' }]);
      const s = await summary('?tzOffset=0');
      expect(s.views.daily[2] - before.views.daily[2]).toBe(3);
      expect(s.visitors.daily[2] - before.visitors.daily[2]).toBe(2);
    });

    it('groups by the caller\'s calendar day when given a UTC offset', async () => {
      const { dates } = dayRange(7, 0);
      const time = Date.parse(`${dates[1]}T23:30:00Z`);
      const localDate = new Date(time + 60 * 60_000).toISOString().slice(0, 10);
      const [utc0, east0] = [await summary('?tzOffset=0'), await summary('?tzOffset=60')];
      await logRows([{ time, ip: '192.0.2.77', action: '/test/tz' }]);
      const [utc1, east1] = [await summary('?tzOffset=0'), await summary('?tzOffset=60')];
      const gained = (a: any, b: any) => b.views.daily.map((n: number, i: number) => n - a.views.daily[i]);
      const utcGain = gained(utc0, utc1);
      const eastGain = gained(east0, east1);
      expect(utcGain[utc1.dates.indexOf(dates[1])]).toBe(1);
      expect(eastGain[east1.dates.indexOf(localDate)]).toBe(1);
      // Today's bucket also counts this test's own (request-logged) calls: leave it out of the sums.
      expect(utcGain.slice(0, -1).reduce((x: number, y: number) => x + y, 0)).toBe(1);
      expect(eastGain.slice(0, -1).reduce((x: number, y: number) => x + y, 0)).toBe(1);
      expect(localDate).not.toBe(dates[1]);
    });

    it('counts new users per day and the total of users', async () => {
      const before = await summary();
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        ids.push(ok(await post('/admin/base/sys/user/add', { username: `dash_${kind}_${i}`, password: 'Dash-Pw-123', nickName: `d${i}` }, t.adminToken)).id);
      }
      await t.core.db.run(`UPDATE ${q('base_sys_user')} SET ${q('createTime')} = ? WHERE ${q('id')} = ?`, [stored(Date.now() - 3 * DAY), ids[0]]);
      const s = await summary();
      expect(s.users.total - before.users.total).toBe(2);
      expect(s.users.daily[3] - before.users.daily[3]).toBe(1);
      expect(s.users.daily[6] - before.users.daily[6]).toBe(1);
      expect(s.users.sum - before.users.sum).toBe(2);
    });

    it('counts people, not AI members, among the users', async () => {
      const before = await summary();
      const { id } = ok(await post('/admin/base/sys/user/add', { username: `dash_ai_${kind}`, password: 'Dash-Pw-123', nickName: 'Bot' }, t.adminToken));
      await t.core.db.run(`UPDATE ${q('base_sys_user')} SET ${q('userType')} = 1 WHERE ${q('id')} = ?`, [id]);
      const s = await summary();
      expect(s.users.total).toBe(before.users.total);
      expect(s.users.daily[6]).toBe(before.users.daily[6]);
    });

    it('sums the totalAmount of paid orders per day and in all', async () => {
      const now = Date.now();
      const orders: Array<[number, number, number | null]> = [
        [1, 10.5, now],
        [1, 4.25, now],
        [1, 7, now - 2 * DAY],
        [0, 100, null],
        [4, 50, now],
        [1, 1, now - 30 * DAY],
      ];
      for (const [payStatus, amount, paidAt] of orders) {
        const time = stored(paidAt ?? now);
        await t.core.db.run(
          `INSERT INTO ${q('goods_order')} (${['orderNo', 'payStatus', 'totalAmount', 'payTime', 'createTime', 'updateTime'].map(q).join(', ')}) VALUES (?, ?, ?, ?, ?, ?)`,
          [`T${kind}${++seq}`, payStatus, amount, paidAt === null ? null : time, time, time],
        );
      }
      const s = await summary();
      expect(s.sales.daily[6]).toBe(14.75);
      expect(s.sales.daily[4]).toBe(7);
      expect(s.sales.sum).toBe(21.75);
      expect(s.sales.total).toBe(22.75);
    });

    it('refuses more than 90 days, a bad offset, a member without the permission and no token', async () => {
      for (const query of ['?days=91', '?days=0', '?days=x', '?tzOffset=9999']) {
        const res = await get(`/admin/base/dashboard/summary${query}`, t.adminToken);
        expect(res.status, query).toBe(400);
        expect(res.body.code).toBe(1002);
      }
      expect((await get('/admin/base/dashboard/summary', memberToken)).status).toBe(403);
      expect((await get('/admin/base/dashboard/summary')).status).toBe(401);
      expect(ok(await get('/admin/base/dashboard/summary?days=90', t.adminToken)).dates).toHaveLength(90);
    });
  });
});

describe('short link and sitemap helpers', () => {
  it('accepts only absolute http(s) URLs without credentials', () => {
    expect(safeTargetUrl(' https://example.com/a b ')).toBe('https://example.com/a%20b');
    expect(safeTargetUrl('HTTP://EXAMPLE.com')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', '//example.com', 'https://a:b@example.com', `https://e.com/${'x'.repeat(3000)}`]) {
      expect(safeTargetUrl(bad)).toBeNull();
    }
  });

  it('matches a delete key against its hash only when it is the same key', () => {
    const h = hashDeleteKey('k1');
    expect(deleteKeyMatches('k1', h)).toBe(true);
    expect(deleteKeyMatches('k2', h)).toBe(false);
    expect(deleteKeyMatches('k1', null)).toBe(false);
    expect(deleteKeyMatches('k1', 'short')).toBe(false);
  });

  it('escapes URLs in the sitemap', () => {
    expect(sitemapXml([{ loc: 'https://e.com/?a=1&b=<2>' }])).toContain('<loc>https://e.com/?a=1&amp;b=&lt;2&gt;</loc>');
  });
});
