/**
 * base/dashboard/summary (permission base:dashboard:summary): the console dashboard's views,
 * visitors, users and sales of the last `days` days (default 7, at most 90), as calendar days at
 * `tzOffset` minutes from UTC (default 0, e.g. 480 for UTC+8). GET, parameters in the query.
 */
import { l, defineRoutes, call, ABSENT, BAD, field, INT, NUM, STR, listOf, obj } from '../../core/api';
import type { Core } from '../../core/api';
import { dashboardSummary, MAX_DAYS } from './dashboard.service';

/** A whole number of the query within `min`..`max`, absent when left empty. */
const within = (min: number, max: number) =>
  field<number>({ type: 'integer', minimum: min, maximum: max }, (v, r) => {
    if (v === '' || v === null) return ABSENT;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      r.errors.push({ field: r.at, rule: 'range', params: {} });
      return BAD;
    }
    return n;
  }).optional();

/** A daily series, its sum over the days, and (users, sales) the total of all time. */
const SERIES = obj({ daily: listOf(NUM), sum: NUM, total: NUM }, ['total']);

export default defineRoutes((core: Core) => [
  call(core, 'base', 'dashboard', 'summary', {
    method: 'GET',
    summary: l('Dashboard: views, visitors, users and sales', '仪表盘：访问量、访客、用户与销售额', '儀表板：瀏覽量、訪客、使用者與銷售額'),
    input: { days: within(1, MAX_DAYS), tzOffset: within(-840, 840) },
    effect: 'read',
    answer: obj({ days: INT, tzOffset: INT, dates: listOf(STR), views: SERIES, visitors: SERIES, users: SERIES, sales: SERIES }),
    handler: async (_req, { days, tzOffset }) => dashboardSummary(core, days ?? 7, tzOffset ?? 0),
  }),
]);
