/**
 * Seeds the system tasks (type 0) the registered handlers ask for: once each (remembered in
 * app_seed_state as `task:<handler>`), so a task an administrator changed or deleted is never put
 * back, and a handler added by an upgrade gets its task on the next start.
 */
import type { Db } from '../db/db';
import type { Model } from '../entity/model';
import { insert, markSeeded, type Done } from '../seed-db';
import { systemTasks } from './registry';

/** Adds, in the seed's transaction, the system tasks never seeded before; answers how many. */
export async function seedSystemTasks(tx: Db, model: Model, done: Done): Promise<number> {
  const table = model.system('tasks').table;
  let added = 0;
  for (const { service, seed } of systemTasks()) {
    const key = `task:${service}`;
    if (done.has(key)) continue;
    await insert(tx, table, {
      name: seed.name,
      service,
      data: JSON.stringify(seed.data ?? {}),
      cron: seed.cron ?? null,
      every: seed.cron ? null : (seed.every ?? null),
      taskType: seed.cron ? 0 : 1,
      type: 0,
      status: 1,
      runCount: 0,
      remark: seed.remark ?? null,
    });
    await markSeeded(tx, done, key);
    added++;
  }
  return added;
}
