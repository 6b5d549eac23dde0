/**
 * start, stop and once of scheduled tasks (task/info). The rows are written through the operations;
 * the scheduler reschedules from them after the commit (server/core/scheduler/scheduler.ts).
 * - start: status 1 and the run count back to 0 (a limit counts runs since the last start); the
 *   row must pass the task checks (a handler removed by an upgrade, data its schema now refuses: 1002).
 * - stop: status 0, no next run.
 * - once: a run now, whatever the schedule and status; it does not count against the limit.
 */
import { fail, taskRowErrors } from '../../core/api';
import type { Core, AuthUser, Row } from '../../core/api';

const tasks = (core: Core) => core.model.system('tasks');

/** Starts task `id`; answers the task with its next run. */
export async function startTask(core: Core, caller: AuthUser, id: number): Promise<Row> {
  await core.ops.transaction(caller, async (t) => {
    const [task] = await t.lock(tasks(core), id);
    if (!task) throw fail.notFound('record_not_found');
    const errors = taskRowErrors(task);
    if (errors.length) throw fail.invalid(errors);
    await t.updateWhere(tasks(core), id, { status: 1, runCount: 0 });
  });
  // Already running, its schedule did not change: it is made again all the same (a lost schedule comes back).
  await core.scheduler.refresh(id);
  return core.ops.info(tasks(core), id, caller);
}

/** Stops task `id`; answers the task. */
export async function stopTask(core: Core, caller: AuthUser, id: number): Promise<Row> {
  await core.ops.transaction(caller, async (t) => {
    const [task] = await t.lock(tasks(core), id);
    if (!task) throw fail.notFound('record_not_found');
    await t.updateWhere(tasks(core), id, { status: 0, nextRunTime: null });
  });
  return core.ops.info(tasks(core), id, caller);
}

/** Runs task `id` once now, in the background; answers the log row that records the run. */
export async function runTaskOnce(core: Core, caller: AuthUser, id: number): Promise<{ logId: number }> {
  const task = await core.ops.info(tasks(core), id, caller);
  const errors = taskRowErrors(task);
  if (errors.length) throw fail.invalid(errors);
  const claim = await core.scheduler.runNow(id);
  if (claim.kind !== 'claimed') throw fail.notFound('record_not_found');
  return { logId: claim.run.logId };
}
