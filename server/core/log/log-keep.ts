/**
 * How long request log rows are kept (the param `logKeep`, in days) and the purge of older rows:
 * `purgeOldLogs` once, `startLogPurge` hourly from start-up.
 */
import type { Core } from '../core';
import type { Db } from '../db/db';

export const LOG_KEEP_KEY = 'logKeep';
export const DEFAULT_LOG_KEEP_DAYS = 30;
export const MAX_LOG_KEEP_DAYS = 3650;
const PURGE_EVERY_MS = 3600_000;
/** Rows deleted per statement, so a big purge never holds long locks on the log table. */
const PURGE_CHUNK = 5000;

/** The kept days from base_sys_param (default 30 when unset or not a positive whole number). */
export async function readKeepDays(db: Db): Promise<number> {
  const [row] = await db.query<{ data: unknown }>(
    `SELECT ${db.q('data')} FROM ${db.q('base_sys_param')} WHERE ${db.q('keyName')} = ?`,
    [LOG_KEEP_KEY],
  );
  const n = Number(row?.data);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_LOG_KEEP_DAYS ? n : DEFAULT_LOG_KEEP_DAYS;
}

/** The stored form (`YYYY-MM-DD HH:MM:SS.mmm`, UTC) of the moment `days` ago. */
export function cutoffStored(days: number, now = Date.now()): string {
  return new Date(now - days * 86400_000).toISOString().slice(0, 23).replace('T', ' ');
}

/** Deletes request log rows older than the kept days; returns how many went. */
export async function purgeOldLogs(core: Pick<Core, 'db'> & Partial<Pick<Core, 'ops' | 'model'>>, now = Date.now()): Promise<number> {
  const { db } = core;
  const purged = await deleteOld(db, now);
  // Cached page totals of the log are dropped (the rows went by raw SQL, not through the operations).
  const log = core.model?.byKey.get('base/sys/log');
  if (purged > 0 && core.ops && log) await core.ops.written(log);
  return purged;
}

async function deleteOld(db: Core['db'], now: number): Promise<number> {
  const q = db.q.bind(db);
  const cutoff = cutoffStored(await readKeepDays(db), now);
  const t = q('base_sys_log');
  let total = 0;
  // Each round reads the createTime of the chunk's last row over the createTime index, then deletes up to it.
  for (;;) {
    const [edge] = await db.query<{ t: string }>(
      `SELECT ${q('createTime')} AS ${q('t')} FROM ${t} WHERE ${q('createTime')} < ? ORDER BY ${q('createTime')} ASC LIMIT 1 OFFSET ${PURGE_CHUNK - 1}`,
      [cutoff],
    );
    // edge.t is older than the cutoff, so `<= edge.t` stays inside what is to go.
    const r = edge
      ? await db.run(`DELETE FROM ${t} WHERE ${q('createTime')} <= ?`, [edge.t])
      : await db.run(`DELETE FROM ${t} WHERE ${q('createTime')} < ?`, [cutoff]);
    total += r.affected;
    if (!edge) return total;
  }
}

/**
 * Purges once now and then every hour. Failures are reported to `onError` and retried at the next
 * tick; the timer does not keep the process alive.
 */
export function startLogPurge(core: Pick<Core, 'db'> & Partial<Pick<Core, 'ops' | 'model'>>, onError: (err: unknown) => void = () => undefined): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = purgeOldLogs(core)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, PURGE_EVERY_MS);
  timer.unref();
  const first = setTimeout(tick, 0);
  first.unref();
  return {
    /** Stops the timer and waits for a purge under way, so the database can close after it. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
