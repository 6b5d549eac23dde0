/**
 * How long request log rows are kept (the param `logKeep`, in days) and the purge of older rows,
 * `purgeOldLogs`, which the system task `requestLog.purge` runs (log-purge.task.ts).
 */
import type { Core } from '../core';
import type { Db } from '../db/db';
import type { Model } from '../entity/model';
import { loadedModel } from '../entity/load';
import { SYSTEM } from '../entity/access';
import { lt, lte } from '../condition';

export const LOG_KEEP_KEY = 'logKeep';
export const DEFAULT_LOG_KEEP_DAYS = 30;
export const MAX_LOG_KEEP_DAYS = 3650;
/** Rows deleted per statement, so a big purge never holds long locks on the log table. */
const PURGE_CHUNK = 5000;

/** The kept days from the params (default 30 when unset or not a positive whole number). */
export async function readKeepDays(db: Db, model: Model = loadedModel()): Promise<number> {
  const [row] = await db.query<{ data: unknown }>(`SELECT ${db.q('data')} FROM ${db.q(model.system('params').table)} WHERE ${db.q('keyName')} = ?`, [
    LOG_KEEP_KEY,
  ]);
  const n = Number(row?.data);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_LOG_KEEP_DAYS ? n : DEFAULT_LOG_KEEP_DAYS;
}

/** The stored form (`YYYY-MM-DD HH:MM:SS.mmm`, UTC) of the moment `days` ago. */
export function cutoffStored(days: number, now = Date.now()): string {
  return new Date(now - days * 86400_000).toISOString().slice(0, 23).replace('T', ' ');
}

/** Deletes request log rows older than the kept days, by the purge operation; returns how many went. */
export async function purgeOldLogs(core: Pick<Core, 'db' | 'ops'> & Partial<Pick<Core, 'model'>>, now = Date.now()): Promise<number> {
  const { db } = core;
  const model = core.model ?? loadedModel();
  const log = model.system('requestLog');
  const q = db.q.bind(db);
  const cutoff = cutoffStored(await readKeepDays(db, model), now);
  let total = 0;
  // Each round reads the createTime of the chunk's last row over the createTime index, then purges up to it.
  for (;;) {
    const [edge] = await db.query<{ t: string }>(
      `SELECT ${q('createTime')} AS ${q('t')} FROM ${q(log.table)} WHERE ${q('createTime')} < ? ORDER BY ${q('createTime')} ASC LIMIT 1 OFFSET ${PURGE_CHUNK - 1}`,
      [cutoff],
    );
    // edge.t is older than the cutoff, so `<= edge.t` stays inside what is to go.
    total += await core.ops.transaction(SYSTEM, (t) => t.purge(log, edge ? lte('createTime', edge.t) : lt('createTime', cutoff)));
    if (!edge) return total;
  }
}
