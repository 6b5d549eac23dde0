/**
 * A seller's statistics on goods/info, always of the caller's own goods and sales (a token; the
 * member role holds the keys; the administrator gets their own figures too):
 * - totalView `{}`: `{total}`, the sum of viewCount over every goods of theirs (removed ones too).
 * - totalSold, totalRevenue, totalEarnedTokens `{startTime?, endTime?, by?, tzOffset?}`: over their
 *   goods orders (sellerId = caller) with status 1 (paid; a refunded order, 9, no longer counts), the
 *   sum of quantity, of payAmount (site currency, with `currency`), and of sellerTokens (the tokens
 *   they earned after the platform's commission and any team pool).
 *
 * Decisions the spec leaves open (issue 17): the optional range is on payTime, startTime inclusive and
 * endTime exclusive (ISO-8601; no zone means UTC). `by: 'day'` adds `series: [{day, value}]`, one entry
 * per calendar day that had a sale (days without one are left out), days taken at `tzOffset` minutes
 * from UTC (default 0, -840..840) so a chart shows the seller's own days.
 */
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { toStoredDate } from '../../../core/crud/values';
import { call, defineRoutes } from '../../../core/modules';
import { Fields } from '../../../core/http/fields';
import { fromCents, fromUnits, TOKEN_SCALE } from '../../base/pay/money';
import { siteCurrency } from '../../base/pay/pay-settings';
import { orderSeries, orderTotal, totalViews, type Measure, type TimeRange } from './stats.queries';

interface Query {
  range: TimeRange;
  byDay: boolean;
  tzOffset: number;
}

function storedTime(f: Fields, name: string): string | undefined {
  const v = f.str(name, 40);
  if (v === undefined || v === null || v === '') return undefined;
  return toStoredDate(v) ?? f.bad(name, 'type', { type: 'datetime' });
}

function parse(body: unknown): Query {
  const f = Fields.of(body, ['startTime', 'endTime', 'by', 'tzOffset']);
  const start = storedTime(f, 'startTime');
  const end = storedTime(f, 'endTime');
  if (start && end && end <= start) f.bad('endTime', 'range');
  const by = f.has('by') ? f.oneOf('by', ['day'] as const) : undefined;
  const tzOffset = f.int('tzOffset', { min: -840, max: 840 }) ?? 0;
  f.done();
  return { range: { start, end }, byDay: by === 'day', tzOffset };
}

/** The answer of one sum: `{total, series?}` with values turned from minor units by `show`. */
async function figure(core: Core, sellerId: number, m: Measure, body: unknown, show: (units: number) => number): Promise<Record<string, unknown>> {
  const p = parse(body);
  const total = show(await orderTotal(core, sellerId, m, p.range));
  if (!p.byDay) return { total };
  const series = (await orderSeries(core, sellerId, m, p.range, p.tzOffset)).map((s) => ({ day: s.day, value: show(s.units) }));
  return { total, series };
}

export default defineRoutes((core: Core) => {
  const stat = (name: string, summary: ReturnType<typeof l>, handler: Parameters<typeof call>[4]['handler']) =>
    call(core, 'goods', 'info', name, { method: 'POST', member: true, summary, handler });
  return [
    stat('totalView', l('Views of my goods', '我的商品浏览总量', '我的商品瀏覽總量'), async (req) => {
      Fields.of(req.body, []).done();
      return { total: await totalViews(core, req.user!.id) };
    }),
    stat('totalSold', l('Items of my goods sold', '我的商品销量', '我的商品銷量'), (req) =>
      figure(core, req.user!.id, { column: 'quantity', scale: 1 }, req.body, (n) => n)),
    stat('totalRevenue', l('Revenue of my goods', '我的商品销售额', '我的商品銷售額'), async (req) => ({
      ...(await figure(core, req.user!.id, { column: 'payAmount', scale: 100 }, req.body, fromCents)),
      currency: await siteCurrency(core),
    })),
    stat('totalEarnedTokens', l('Tokens my sales earned', '我的销售所得代币', '我的銷售所得代幣'), (req) =>
      figure(core, req.user!.id, { column: 'sellerTokens', scale: TOKEN_SCALE }, req.body, fromUnits)),
  ];
});
