/**
 * base/sys/log calls beyond the generic page: how many days the request log keeps (param `logKeep`),
 * and clearing it. Rows older than the kept days are purged by server/core/log/log-keep.ts.
 */
import { entity, l, defineRoutes, call, BAD, field, type Reading, INT, LOG_KEEP_KEY, MAX_LOG_KEEP_DAYS, readKeepDays } from '../../core/api';
import type { Core } from '../../core/api';

/** The days kept: a whole number 1..MAX_LOG_KEEP_DAYS, or its digits as text (the console's number box). */
const keepDays = () =>
  field<number>(
    {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: MAX_LOG_KEEP_DAYS },
        { type: 'string', pattern: '^\\s*\\d+\\s*$' },
      ],
    },
    (v, r) => {
      if (v === null || v === '') return bad(r, 'required');
      const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_LOG_KEEP_DAYS) return bad(r, 'range');
      return n;
    },
  );

function bad(r: Reading, rule: string): typeof BAD {
  r.errors.push({ field: r.at, rule, params: {} });
  return BAD;
}

export default defineRoutes((core: Core) => {
  const params = entity(core.model, 'base/sys/param');
  const log = entity(core.model, 'base/sys/log');
  return [
    call(core, 'base', 'sys/log', 'setKeep', {
      method: 'POST',
      summary: l('Set how many days the request log keeps', '设置日志保留天数', '設定日誌保留天數'),
      input: { value: keepDays() },
      effect: 'write',
      answer: { type: 'null' },
      async handler(req, { value: days }) {
        await core.ops.transaction(req.user, async (t) => {
          const kept = await t.addIfAbsent(params, { keyName: LOG_KEEP_KEY, name: 'Request log: days kept', data: String(days), dataType: 0 }, ['keyName']);
          if (!kept.created) await t.update(params, { id: kept.id, data: String(days) });
        });
        return null;
      },
    }),
    call(core, 'base', 'sys/log', 'getKeep', {
      method: 'GET',
      summary: l('How many days the request log keeps', '获取日志保留天数', '取得日誌保留天數'),
      input: {},
      effect: 'read',
      answer: INT,
      handler: async () => readKeepDays(core.db),
    }),
    call(core, 'base', 'sys/log', 'clear', {
      method: 'POST',
      summary: l('Clear the request log', '清空日志', '清空日誌'),
      input: {},
      effect: 'write',
      answer: { type: 'null' },
      async handler(req) {
        // A purge of every row also brings the statistics that the unfiltered total reads up to date.
        await core.ops.transaction(req.user, (t) => t.purge(log));
        return null;
      },
    }),
  ];
});
