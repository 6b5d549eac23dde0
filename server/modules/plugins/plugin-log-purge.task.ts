/**
 * System task `pluginLog.purge`: deletes plugin log rows older than `days` (default 30), and the
 * package uploads never installed within 24 hours. A webhook logs every delivery attempt, so the log
 * grows with the traffic; this keeps it bounded.
 */
import { SYSTEM, lt, cutoffStored, defineTask } from '../../core/api';
import { purgeStaleUploads } from './package.service';

export default defineTask<{ days: number }>('pluginLog.purge', {
  schema: {
    properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 30 } },
    additionalProperties: false,
  },
  system: {
    name: 'Plugin log purge',
    cron: '0 45 3 * * *',
    data: { days: 30 },
    remark: 'Deletes plugin log rows older than data.days, and uploads never installed',
  },
  async run(core, { days }) {
    const logs = core.model.system('pluginLogs');
    const removed = await core.ops.transaction(SYSTEM, (t) => t.purge(logs, lt('createTime', cutoffStored(days))));
    const uploads = await purgeStaleUploads(core, SYSTEM);
    return { removed, uploads };
  },
});
