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
import { l, toStoredDate, call, defineRoutes, ABSENT, BAD, field, int, oneOf, type Input, NUM, STR, listOf, obj } from '../../../../core/api';
import type { Core, JsonSchema } from '../../../../core/api';
import { fromCents, fromUnits, TOKEN_SCALE } from '../../pay/money';
import { siteCurrency } from '../../pay/pay-settings';
import { orderSeries, orderTotal, totalViews, type Measure } from './stats.queries';

/** An optional ISO-8601 time (no zone means UTC), read as the stored form; null or '' is absent. */
function storedTime() {
  return field<string>({ type: ['string', 'null'], maxLength: 40, format: 'date-time' }, (v, r) => {
    if (v === null || v === '') return ABSENT;
    const bad = (rule: string, params: Record<string, string | number>): typeof BAD => {
      r.errors.push({ field: r.at, rule, params });
      return BAD;
    };
    if (typeof v !== 'string') return bad('type', { type: 'string' });
    if ([...v].length > 40) return bad('max_length', { limit: 40 });
    return toStoredDate(v) ?? bad('type', { type: 'datetime' });
  }).optional();
}

const RANGE = { startTime: storedTime(), endTime: storedTime(), by: oneOf(['day'] as const).optional(), tzOffset: int({ min: -840, max: 840 }).optional() };

/** The answer of one sum: `{total, series?}` with values turned from minor units by `show`. */
async function figure(core: Core, sellerId: number, m: Measure, input: Input<typeof RANGE>, show: (units: number) => number): Promise<Record<string, unknown>> {
  const range = { start: input.startTime, end: input.endTime };
  const total = show(await orderTotal(core, sellerId, m, range));
  if (input.by !== 'day') return { total };
  const series = (await orderSeries(core, sellerId, m, range, input.tzOffset ?? 0)).map((s) => ({ day: s.day, value: show(s.units) }));
  return { total, series };
}

const SERIES = listOf(obj({ day: STR, value: NUM }));
const FIGURE = obj({ total: NUM, series: SERIES }, ['series']);

export default defineRoutes((core: Core) => {
  const stat = (name: string, summary: ReturnType<typeof l>, answer: JsonSchema, handler: (sellerId: number, input: Input<typeof RANGE>) => Promise<unknown>) =>
    call(core, 'goods', 'info', name, {
      method: 'POST',
      member: true,
      summary,
      input: RANGE,
      // The range runs forward: endTime after startTime.
      refine: (input) => (input.startTime && input.endTime && input.endTime <= input.startTime ? [{ field: 'endTime', rule: 'range', params: {} }] : []),
      effect: 'read',
      answer,
      handler: (req, input) => handler(req.user!.id, input),
    });
  return [
    call(core, 'goods', 'info', 'totalView', {
      method: 'POST',
      member: true,
      summary: l('Views of my goods', '我的商品浏览总量', '我的商品瀏覽總量'),
      input: {},
      effect: 'read',
      answer: obj({ total: NUM }),
      handler: async (req) => ({ total: await totalViews(core, req.user!.id) }),
    }),
    stat('totalSold', l('Items of my goods sold', '我的商品销量', '我的商品銷量'), FIGURE, (seller, input) =>
      figure(core, seller, { column: 'quantity', scale: 1 }, input, (n) => n),
    ),
    stat(
      'totalRevenue',
      l('Revenue of my goods', '我的商品销售额', '我的商品銷售額'),
      obj({ total: NUM, series: SERIES, currency: STR }, ['series']),
      async (seller, input) => ({
        ...(await figure(core, seller, { column: 'payAmount', scale: 100 }, input, fromCents)),
        currency: await siteCurrency(core),
      }),
    ),
    stat('totalEarnedTokens', l('Tokens my sales earned', '我的销售所得代币', '我的銷售所得代幣'), FIGURE, (seller, input) =>
      figure(core, seller, { column: 'sellerTokens', scale: TOKEN_SCALE }, input, fromUnits),
    ),
  ];
});
