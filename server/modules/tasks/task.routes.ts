/**
 * task/info calls beyond the generic ones (001 §7: start, stop, once POST; log GET), permission keys
 * task:info:*. Bodies `{id}`; `log` takes `?id=&page=&size=&status=` and pages that task's runs,
 * newest first (status 0 failed, 1 succeeded, 2 running).
 * - preview (ours, for the console's schedule form) `{cron?, every?, startDate?, endDate?, limit?, count? (1..20,
 *   default 5)}` -> `{times}`: the next run times (ISO, UTC) the schedule would make from now; a bad cron, an
 *   interval under 1000 ms or neither -> 1002, as add and update refuse them.
 */
import {
  l,
  call,
  defineRoutes,
  id,
  int,
  nullableText,
  ANY_OBJECT,
  INT,
  STR,
  listOf,
  obj,
  pageOf,
  MIN_EVERY_MS,
  cronProblem,
  nextRunTimes,
  scheduleOf,
  fieldRule,
  TASK,
} from '../../core/api';
import type { Core, Row, InvalidField } from '../../core/api';
import { runTaskOnce, startTask, stopTask } from './task.service';

export default defineRoutes((core: Core) => {
  const logs = core.model.system('taskLogs');
  return [
    call(core, 'task', 'info', 'start', {
      method: 'POST',
      summary: l('Start a scheduled task', '启动定时任务', '啟動排程任務'),
      input: { id: id() },
      effect: 'write',
      answer: ANY_OBJECT,
      handler: (req, input) => startTask(core, req.user!, input.id),
    }),
    call(core, 'task', 'info', 'stop', {
      method: 'POST',
      summary: l('Stop a scheduled task', '停止定时任务', '停止排程任務'),
      input: { id: id() },
      effect: 'write',
      answer: ANY_OBJECT,
      handler: (req, input) => stopTask(core, req.user!, input.id),
    }),
    call(core, 'task', 'info', 'once', {
      method: 'POST',
      summary: l('Run a task once now', '立即执行一次', '立即執行一次'),
      input: { id: id() },
      effect: 'write',
      answer: obj({ logId: INT }),
      handler: (req, input) => runTaskOnce(core, req.user!, input.id),
    }),
    call(core, 'task', 'info', 'preview', {
      method: 'POST',
      summary: l('Next run times of a schedule', '预览下次执行时间', '預覽下次執行時間'),
      input: {
        cron: nullableText(),
        every: int({ min: MIN_EVERY_MS }).optional(),
        startDate: nullableText({ max: 40 }),
        endDate: nullableText({ max: 40 }),
        limit: int({ min: 1 }).optional(),
        count: int({ min: 1, max: 20 }).optional(),
      },
      // A cron the scheduler reads, or an interval: as add and update refuse them.
      refine(input, req) {
        const errors: InvalidField[] = [];
        const cron = input.cron || null;
        if (cron !== null && cronProblem(cron) !== null) errors.push({ field: 'cron', rule: fieldRule(TASK.field_task_cron), params: {} });
        if (cron === null && (req.body as Row).every === undefined) errors.push({ field: 'cron', rule: fieldRule(TASK.field_task_schedule), params: {} });
        return errors;
      },
      effect: 'read',
      answer: obj({ times: listOf(STR) }),
      async handler(_req, input) {
        const cron = input.cron || null;
        const { every, startDate, endDate, limit } = input;
        const count = input.count ?? 5;
        const schedule = scheduleOf({ cron, every: every ?? null, startDate: startDate ?? null, endDate: endDate ?? null, limit: limit ?? null });
        return { times: nextRunTimes(schedule, Date.now(), count).map((ms) => new Date(ms).toISOString()) };
      },
    }),
    call(core, 'task', 'info', 'log', {
      method: 'GET',
      summary: l('Runs of a task', '任务执行日志', '任務執行日誌'),
      input: {
        id: id(),
        page: int({ min: 1, max: 10_000_000 }).optional(),
        size: int({ min: 1, max: 1000 }).optional(),
        status: int({ min: 0, max: 2 }).optional(),
      },
      effect: 'read',
      answer: pageOf(ANY_OBJECT),
      async handler(req, input) {
        const { id, status } = input;
        const page = input.page ?? 1;
        const size = input.size ?? 20;
        const filter: Row = { taskId: id, page, size, order: 'id', sort: 'desc' };
        if (status !== undefined) filter.status = status;
        return core.ops.page(logs, filter, req.user);
      },
    }),
  ];
});
