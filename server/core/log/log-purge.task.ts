/**
 * System task `requestLog.purge`: deletes request log rows older than the days kept (the param
 * `logKeep`, set from the console's log screen), hourly by default. It replaces the purge timer
 * every instance used to run.
 */
import { defineTask } from '../scheduler/registry';
import { purgeOldLogs } from './log-keep';

export default defineTask('requestLog.purge', {
  schema: { properties: {}, additionalProperties: false },
  system: { name: 'Request log purge', cron: '0 0 * * * *', remark: 'Deletes request log rows older than the param logKeep (days)' },
  async run(core) {
    return { removed: await purgeOldLogs(core) };
  },
});
