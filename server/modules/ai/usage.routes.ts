/**
 * `base/run/usage` (issue 39, administrators): tokens and cost of AI runs by model, app, member or
 * day over the last `days` days (default 30, at most 90), and the tokens charged per day for a chart.
 * Only succeeded runs count (a failed one was refunded whole); days are calendar days at `tzOffset`
 * minutes from UTC (default 0, e.g. 480 for UTC+8). GET, parameters in the query.
 */
import { call, defineRoutes, int, l, listOf, obj, oneOf, INT, NUM, STR } from '../../core/api';
import type { Core } from '../../core/api';
import { dayRange } from '../commerce/day-key.queries';
import { USAGE_BY, usageRows } from './usage.queries';

const MAX_DAYS = 90;

const ROW = obj({ key: STR, label: STR, runs: INT, promptTokens: INT, completionTokens: INT, charged: NUM });

export default defineRoutes((core: Core) => [
  call(core, 'base', 'run', 'usage', {
    method: 'GET',
    summary: l('AI usage by model, app, member or day', 'AI 用量（按模型、应用、成员或日期）', 'AI 用量（依模型、應用、成員或日期）'),
    description: l(
      'Succeeded runs started in the last days (1 to 90, default 30), grouped by model, app, member or day: runs, input and output ' +
        'tokens and the tokens charged; and the tokens charged per day (dates oldest first) at tzOffset minutes from UTC.',
      '最近若干天（1 至 90，默认 30）内开始且成功的运行，按模型、应用、成员或日期分组：运行次数、输入与输出 token、扣费代币；以及每日扣费（日期由早到晚，按 tzOffset 分钟的时区）。',
      '最近若干天（1 至 90，預設 30）內開始且成功的執行，依模型、應用、成員或日期分組：執行次數、輸入與輸出 token、扣費代幣；以及每日扣費（日期由早到晚，依 tzOffset 分鐘的時區）。',
    ),
    input: {
      days: int({ min: 1, max: MAX_DAYS }).optional(),
      by: oneOf(USAGE_BY).optional(),
      tzOffset: int({ min: -840, max: 840 }).optional(),
    },
    access: 'admin',
    effect: 'read',
    answer: obj({ days: INT, by: STR, rows: listOf(ROW), dates: listOf(STR), charged: listOf(NUM) }),
    async handler(_req, input) {
      const days = input.days ?? 30;
      const by = input.by ?? 'model';
      const tzOffset = input.tzOffset ?? 0;
      const { dates, from } = dayRange(days, tzOffset);
      const [rows, perDay] = await Promise.all([usageRows(core, by, from, tzOffset), by === 'day' ? null : usageRows(core, 'day', from, tzOffset)]);
      const byDay = new Map((perDay ?? rows).map((r) => [r.key, r.charged]));
      return { days, by, rows, dates, charged: dates.map((d) => byDay.get(d) ?? 0) };
    },
  }),
]);
