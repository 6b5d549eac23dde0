/**
 * base/tokenLog/earnings (GET, a member's own): what the caller earned as a creator, by listing and by
 * day — the runs of their bought AI members and the tokens those runs earned them (their share of the
 * run fees), and their sales and the tokens sales earned them (net of refunds) — from their ledger
 * entries (earnings.queries.ts), so the figures are the ledger's. Optional range `startTime`
 * (inclusive) .. `endTime` (exclusive) on the entries' time (ISO-8601; no zone means UTC); days at
 * `tzOffset` minutes from UTC (default 0). A listing or a day without earnings is left out.
 */
import { l, toStoredDate, call, defineRoutes, ABSENT, BAD, field, int, INT, NUM, STR, listOf, nullable, obj } from '../../../core/api';
import type { Core } from '../../../core/api';
import { fromUnits } from '../pay/money';
import { earningsCells, goodsTitles, type EarningsCell } from './earnings.queries';

/** An optional ISO-8601 time, read as the stored form; '' is absent. */
function storedTime() {
  return field<string>({ type: ['string', 'null'], maxLength: 40, format: 'date-time' }, (v, r) => {
    if (v === null || v === '') return ABSENT;
    const stored = typeof v === 'string' && v.length <= 40 ? toStoredDate(v) : null;
    if (stored) return stored;
    r.errors.push({ field: r.at, rule: 'type', params: { type: 'datetime' } });
    return BAD;
  }).optional();
}

const FIGURES = { runs: INT, runTokens: NUM, sales: INT, saleTokens: NUM };
const LISTING = obj({ goodsId: INT, title: nullable(STR), ...FIGURES });
const DAY = obj({ day: STR, ...FIGURES });

interface Figures {
  runs: number;
  runUnits: number;
  sales: number;
  saleUnits: number;
}

/** The cells summed by `key`. */
function sumBy<K>(cells: EarningsCell[], key: (c: EarningsCell) => K): Map<K, Figures> {
  const out = new Map<K, Figures>();
  for (const c of cells) {
    const f = out.get(key(c)) ?? { runs: 0, runUnits: 0, sales: 0, saleUnits: 0 };
    out.set(key(c), { runs: f.runs + c.runs, runUnits: f.runUnits + c.runUnits, sales: f.sales + c.sales, saleUnits: f.saleUnits + c.saleUnits });
  }
  return out;
}

const shown = (f: Figures) => ({ runs: f.runs, runTokens: fromUnits(f.runUnits), sales: f.sales, saleTokens: fromUnits(f.saleUnits) });

export default defineRoutes((core: Core) => [
  call(core, 'base', 'tokenLog', 'earnings', {
    method: 'GET',
    member: true,
    summary: l('My earnings as a creator, by listing and day', '我的创作收益（按商品和日期）', '我的創作收益（按商品和日期）'),
    input: { startTime: storedTime(), endTime: storedTime(), tzOffset: int({ min: -840, max: 840 }).optional() },
    refine: (input) => (input.startTime && input.endTime && input.endTime <= input.startTime ? [{ field: 'endTime', rule: 'range', params: {} }] : []),
    effect: 'read',
    answer: obj({ total: obj(FIGURES), byListing: listOf(LISTING), byDay: listOf(DAY) }),
    async handler(req, input) {
      const cells = await earningsCells(core, req.user!.id, { start: input.startTime, end: input.endTime, tzOffset: input.tzOffset ?? 0 });
      const listings = sumBy(cells, (c) => c.goodsId);
      const days = sumBy(cells, (c) => c.day);
      const titles = await goodsTitles(core, [...listings.keys()]);
      const total = sumBy(cells, () => 0).get(0) ?? { runs: 0, runUnits: 0, sales: 0, saleUnits: 0 };
      return {
        total: shown(total),
        byListing: [...listings].sort((a, b) => a[0] - b[0]).map(([goodsId, f]) => ({ goodsId, title: titles.get(goodsId) ?? null, ...shown(f) })),
        byDay: [...days].sort((a, b) => a[0].localeCompare(b[0])).map(([day, f]) => ({ day, ...shown(f) })),
      };
    },
  }),
]);
