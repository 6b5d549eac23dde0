/**
 * task/info calls beyond the generic ones (001 §7: start, stop, once POST; log GET), permission keys
 * task:info:*. Bodies `{id}`; `log` takes `?id=&page=&size=&status=` and pages that task's runs,
 * newest first (status 0 failed, 1 succeeded, 2 running).
 */
import type { Core } from '../../core/core';
import type { Row } from '../../core/entity/define';
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';
import { Fields, paging } from '../../core/http/fields';
import type { ApiRequest } from '../../core/http/route';
import { runTaskOnce, startTask, stopTask } from './task.service';

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
