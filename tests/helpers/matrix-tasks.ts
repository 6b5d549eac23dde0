/**
 * Permission-matrix fixtures of the scheduled-task calls (task/info start, stop, once, log), aimed at
 * a seeded system task (the first seeded row, id 1): they are the administrator's calls, so member B
 * (holding none of the task:info keys) and anonymous callers must be refused, and the task must
 * neither start, stop nor run, nor its runs be shown.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';

const SEEDED_TASK = 1;

export const TASK_FIXTURES: Record<string, (w: World) => Fixture> = {
  'POST /admin/task/info/start': () => write({ body: { id: SEEDED_TASK } }),
  'POST /admin/task/info/stop': () => write({ body: { id: SEEDED_TASK } }),
  'POST /admin/task/info/once': () => write({ body: { id: SEEDED_TASK } }),
  'POST /admin/task/info/preview': () => read({ body: { cron: '0 30 3 * * *' } }),
  'GET /admin/task/info/log': () => read({ query: { id: SEEDED_TASK } }, { query: { id: SEEDED_TASK, status: 1, page: 1, size: 10 } }),
};
