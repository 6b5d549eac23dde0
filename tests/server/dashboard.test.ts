/**
 * The dashboard summary (views, visitors, new users, sales per day, the caller's calendar day),
 * through the real HTTP stack on every database kind, over request log rows and orders written for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../../server/modules/site/dashboard.service';
import type { TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { DAY, logsSiteWorld, stored } from './logs-site-world';

const kinds = await databaseKinds();

describe.each(kinds)('dashboard summary on %s', (kind) => {
  const w = logsSiteWorld(kind);
  const { get, post, q, ok, logRows } = w;
  let t: TestApp;
  let memberToken: string;
  beforeAll(() => {
    ({ t, memberToken } = w);
  });

  let seq = 0;

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
      await logRows([
        { time: at('15:10'), ip: '198.51.100.80' },
        { time: at('10:20'), ip: '198.51.100.81' },
      ]);
      const s = await summary('?tzOffset=0');
      expect(s.views.daily[2] - before.views.daily[2]).toBe(3);
      expect(s.visitors.daily[2] - before.visitors.daily[2]).toBe(2);
    });

    it("groups by the caller's calendar day when given a UTC offset", async () => {
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
