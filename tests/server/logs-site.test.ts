/**
 * The system log calls (keep days, purge, clear, user names) and site info, through the real HTTP
 * stack on every database kind. Short links and the sitemap: short-links.test.ts; the dashboard:
 * dashboard.test.ts (their app and helpers: logs-site-world.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeOldLogs } from '../../server/core/log/log-keep';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { DAY, logsSiteWorld, stored } from './logs-site-world';

const kinds = await databaseKinds();

describe.each(kinds)('logs and site on %s', (kind) => {
  const w = logsSiteWorld(kind);
  const { get, post, q, ok, logRows, countLogs } = w;
  let t: TestApp;
  let memberToken: string;
  let adminId: number;
  beforeAll(() => {
    ({ t, memberToken, adminId } = w);
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
      await logRows([
        { time: now - 6 * DAY, action: '/test/recent' },
        { time: now - 60_000, action: '/test/recent' },
      ]);
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
      await logRows([
        { time: Date.now(), userId: adminId, action: '/test/named' },
        { time: Date.now(), userId: null, action: '/test/named' },
      ]);
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
      expect(info).toEqual({
        name: null,
        title: null,
        description: null,
        keywords: null,
        logo: null,
        favicon: null,
        copyright: null,
        communityUrl: null,
        currency: 'cny',
        tokensPerUnit: 100,
        oauthProviders: [],
      });
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
      expect(Object.keys(other).sort()).toEqual([
        'communityUrl',
        'copyright',
        'currency',
        'description',
        'favicon',
        'keywords',
        'logo',
        'name',
        'oauthProviders',
        'title',
        'tokensPerUnit',
      ]);
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
});
