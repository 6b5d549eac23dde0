/**
 * base/dashboard/summary (permission base:dashboard:summary): the console dashboard's views,
 * visitors, users and sales of the last `days` days (default 7, at most 90), as calendar days at
 * `tzOffset` minutes from UTC (default 0, e.g. 480 for UTC+8). GET, parameters in the query.
 */
import { l } from '../../core/entity/define';
import type { Core } from '../../core/core';
import { defineRoutes, call } from '../../core/modules';
import { fail } from '../../core/http/errors';
import { dashboardSummary, MAX_DAYS } from './dashboard.service';

function intParam(v: string | undefined, field: string, min: number, max: number, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw fail.invalid([{ field, rule: 'range', params: {} }] as never);
  return n;
}

export default defineRoutes((core: Core) => [
  call(core, 'base', 'dashboard', 'summary', {
    method: 'GET',
    summary: l('Dashboard: views, visitors, users and sales', '仪表盘：访问量、访客、用户与销售额', '儀表板：瀏覽量、訪客、使用者與銷售額'),
    async handler(req) {
      const days = intParam(req.query.days, 'days', 1, MAX_DAYS, 7);
      const tzOffset = intParam(req.query.tzOffset, 'tzOffset', -840, 840, 0);
      return dashboardSummary(core, days, tzOffset);
    },
  }),
]);
