/**
 * AI usage for administrators (issue 39): succeeded runs started within a range, summed by model,
 * app, member or calendar day (at the caller's UTC offset), and the tokens charged per day. Runs
 * are read in SQL so that a month of runs costs one grouped query, not a page per run.
 */
import { entity } from '../../core/api';
import type { Core } from '../../core/api';
import { dayExpr } from '../commerce/day-key.queries';
import { RUN_STATUS } from './charge';

export const USAGE_BY = ['model', 'app', 'member', 'day'] as const;
export type UsageBy = (typeof USAGE_BY)[number];

export interface UsageRow {
  /** The group's key: the model id, the app or member id, the day (YYYY-MM-DD); '' for runs without one. */
  key: string;
  /** What people read: the app's or member's name; the key itself for models and days. */
  label: string;
  runs: number;
  promptTokens: number;
  completionTokens: number;
  charged: number;
}

type Raw = { k: string | number | null; label: string | null; runs: unknown; p: unknown; c: unknown; charged: unknown };

/** Tokens keep four places; sums come back as text on MariaDB. */
const tokens = (v: unknown) => Math.round(Number(v ?? 0) * 10_000) / 10_000;

/** The usage of succeeded runs started at or after `from` (stored UTC), grouped by `by`, most charged first. */
export async function usageRows(core: Core, by: UsageBy, from: string, tzOffset: number): Promise<UsageRow[]> {
  const q = core.db.q.bind(core.db);
  const runs = q(entity(core.model, 'base/run').table);
  const started = `COALESCE(r.${q('startTime')}, r.${q('createTime')})`;
  // Each grouping: its key expression and, for ids, the joined name.
  const group: Record<UsageBy, { key: string; label: string; join: string }> = {
    model: { key: `r.${q('model')}`, label: `r.${q('model')}`, join: '' },
    app: {
      key: `r.${q('appId')}`,
      label: `a.${q('name')}`,
      join: `LEFT JOIN ${q(entity(core.model, 'base/app').table)} a ON a.${q('id')} = r.${q('appId')}`,
    },
    member: {
      key: `r.${q('userId')}`,
      label: `COALESCE(u.${q('nickName')}, u.${q('username')})`,
      join: `LEFT JOIN ${q(core.model.system('users').table)} u ON u.${q('id')} = r.${q('userId')}`,
    },
    day: { key: dayExpr(core.db, started, tzOffset), label: dayExpr(core.db, started, tzOffset), join: '' },
  };
  const g = group[by];
  const rows = await core.db.query<Raw>(
    `SELECT ${g.key} AS ${q('k')}, MAX(${g.label}) AS ${q('label')}, COUNT(*) AS ${q('runs')}, ` +
      `COALESCE(SUM(r.${q('promptTokens')}), 0) AS ${q('p')}, COALESCE(SUM(r.${q('completionTokens')}), 0) AS ${q('c')}, ` +
      `COALESCE(SUM(r.${q('charged')}), 0) AS ${q('charged')} ` +
      `FROM ${runs} r ${g.join} WHERE r.${q('status')} = ? AND ${started} >= ? GROUP BY ${g.key}`,
    [RUN_STATUS.succeeded, from],
  );
  const out = rows.map((r) => {
    const key = r.k === null || r.k === undefined ? '' : String(r.k).slice(0, by === 'day' ? 10 : undefined);
    return {
      key,
      label: by === 'day' ? key : String(r.label ?? key),
      runs: Number(r.runs),
      promptTokens: Number(r.p),
      completionTokens: Number(r.c),
      charged: tokens(r.charged),
    };
  });
  return by === 'day' ? out.sort((a, b) => a.key.localeCompare(b.key)) : out.sort((a, b) => b.charged - a.charged || b.runs - a.runs);
}
