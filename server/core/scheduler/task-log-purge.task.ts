/**
 * System task `taskLog.purge`: deletes task log rows older than `days` (default 30), runs still
 * under way excepted. A task every second writes 86,400 rows a day; this keeps the log bounded.
 */
import { SYSTEM } from '../entity/access';
import { and, eq, isIn, lt, or } from '../condition';
import { cutoffStored } from '../log/log-keep';
import { defineTask } from './registry';
import { LOG_STATUS } from './runner';

export default defineTask<{ days: number }>('taskLog.purge', {
  schema: {
    properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 30 } },
    additionalProperties: false,
  },
  system: { name: 'Task log purge', cron: '0 15 3 * * *', data: { days: 30 }, remark: 'Deletes task log rows older than data.days' },
  async run(core, { days }) {
    const logs = core.model.system('taskLogs');
    const done = or(isIn('status', [LOG_STATUS.failed, LOG_STATUS.succeeded]), eq('status', null));
    const removed = await core.ops.transaction(SYSTEM, (t) => t.purge(logs, and(lt('createTime', cutoffStored(days)), done)));
    return { removed };
  },
});
