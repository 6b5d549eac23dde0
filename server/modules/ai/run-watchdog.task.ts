/**
 * System task `ai.runWatchdog`: every 30 seconds, fails and refunds the runs still running after
 * their deadline (a process that crashed between reserve and settle, an engine that never called
 * back). Safe to run again and on several instances at once: each run is failed by a conditional
 * update from `running`, so a run another instance (or a late answer) ended meanwhile is left alone.
 */
import { defineTask } from '../../core/api';
import { failRun } from './charge';
import { overdueRunIds } from './run.queries';

export default defineTask<{ limit: number }>('ai.runWatchdog', {
  schema: {
    properties: { limit: { type: 'integer', minimum: 1, maximum: 10_000, default: 500 } },
    additionalProperties: false,
  },
  system: {
    name: 'AI run watchdog',
    cron: '*/30 * * * * *',
    data: { limit: 500 },
    remark: 'Fails and refunds AI runs past their deadline (at most data.limit a run)',
  },
  async run(core, { limit }, ctx) {
    let failed = 0;
    for (const id of await overdueRunIds(core, limit)) {
      if (ctx.signal.aborted) break;
      if ((await failRun(core, id, { code: 'deadline', detail: 'no answer before the deadline' })).failed) failed++;
    }
    return { failed };
  },
});
