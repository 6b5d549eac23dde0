/**
 * Task handler `monitor.fetch`: fetches the X monitor's accounts and keywords into base/monitorPost
 * (monitor-fetch.service.ts). Not seeded as a system task on every installation: `saveSetting` makes
 * its row on the first save (type 0, every 15 minutes unless the save gives a schedule) and starts or
 * stops it with `enabled`, so installations that never watch X run nothing. A failed run is logged
 * in the task log with X's reason (never a credential) and the next tick tries again; posts stored
 * before the failure stay.
 */
import { defineTask } from '../../../core/api';
import { FETCH_TASK, fetchMonitored } from './monitor-fetch.service';

export default defineTask<Record<string, never>>(FETCH_TASK, {
  schema: { properties: {}, additionalProperties: false },
  timeoutMs: 120_000,
  run(core, _data, ctx) {
    return fetchMonitored(core, ctx.signal);
  },
});
