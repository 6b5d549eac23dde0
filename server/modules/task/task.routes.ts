/**
 * task/info calls beyond the generic ones (001 §7: start, stop, once POST; log GET), permission keys
 * task:info:*. Bodies `{id}`; `log` takes `?id=&page=&size=&status=` and pages that task's runs,
 * newest first (status 0 failed, 1 succeeded, 2 running).
 * - preview (ours, for the console's schedule form) `{cron?, every?, startDate?, endDate?, limit?, count? (1..20,
 *   default 5)}` -> `{times}`: the next run times (ISO, UTC) the schedule would make from now; a bad cron, an
 *   interval under 1000 ms or neither -> 1002, as add and update refuse them.
 */
import type { Core } from '../../core/core';
import type { Row } from '../../core/entity/define';
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';
import { Fields, paging } from '../../core/http/fields';
import type { ApiRequest } from '../../core/http/route';
import { runTaskOnce, startTask, stopTask } from './task.service';
import { MIN_EVERY_MS, cronProblem, nextRunTimes, scheduleOf } from '../../core/scheduler/schedule';
import { fieldRule } from '../../core/i18n/messages';
import { TASK } from '../../core/scheduler/scheduler.messages';

function idOf(req: ApiRequest): number {
  const f = Fields.of(req.body, ['id']);
  const id = f.id('id');
  f.done();
  return id!;
}

/** A GET query with whole numbers as numbers, as Fields reads them. */
function numericQuery(query: Record<string, string>): Row {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, /^\d{1,15}$/.test(v) ? Number(v) : v]));
}

export default defineRoutes((core: Core) => {
  const logs = core.model.system('taskLogs');
  return [
    call(core, 'task', 'info', 'start', {
      method: 'POST',
      summary: l('Start a scheduled task', '启动定时任务', '啟動排程任務'),
      handler: (req) => startTask(core, req.user!, idOf(req)),
    }),
    call(core, 'task', 'info', 'stop', {
      method: 'POST',
      summary: l('Stop a scheduled task', '停止定时任务', '停止排程任務'),
      handler: (req) => stopTask(core, req.user!, idOf(req)),
    }),
    call(core, 'task', 'info', 'once', {
      method: 'POST',
      summary: l('Run a task once now', '立即执行一次', '立即執行一次'),
      handler: (req) => runTaskOnce(core, req.user!, idOf(req)),
    }),
    call(core, 'task', 'info', 'preview', {
      method: 'POST',
      summary: l('Next run times of a schedule', '预览下次执行时间', '預覽下次執行時間'),
      async handler(req) {
        const f = Fields.of(req.body, ['cron', 'every', 'startDate', 'endDate', 'limit', 'count']);
        const cron = f.str('cron', 255) || null;
        const every = f.int('every', { min: MIN_EVERY_MS });
        const startDate = f.str('startDate', 40);
        const endDate = f.str('endDate', 40);
        const limit = f.int('limit', { min: 1 });
        const count = f.int('count', { min: 1, max: 20 }) ?? 5;
        if (cron !== null && cronProblem(cron) !== null) f.bad('cron', fieldRule(TASK.field_task_cron));
        if (cron === null && every === undefined && !f.errors.some((e) => e.field === 'every')) f.bad('cron', fieldRule(TASK.field_task_schedule));
        f.done();
        const schedule = scheduleOf({ cron, every: every ?? null, startDate: startDate ?? null, endDate: endDate ?? null, limit: limit ?? null });
        return { times: nextRunTimes(schedule, Date.now(), count).map((ms) => new Date(ms).toISOString()) };
      },
    }),
    call(core, 'task', 'info', 'log', {
      method: 'GET',
      summary: l('Runs of a task', '任务执行日志', '任務執行日誌'),
      async handler(req) {
        const f = new Fields(numericQuery(req.query), ['id', 'page', 'size', 'status']);
        const id = f.id('id');
        const { page, size } = paging(f, 20);
        const status = f.int('status', { min: 0, max: 2 });
        f.done();
        const filter: Row = { taskId: id, page, size, order: 'id', sort: 'desc' };
        if (status !== undefined) filter.status = status;
        return core.ops.page(logs, filter, req.user);
      },
    }),
  ];
});
