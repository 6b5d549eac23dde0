/**
 * The whole database in two figures per table: its row count and a checksum of every row's values
 * (sorted by id where it has one), so a test can say "this call wrote nothing". Tables a request
 * writes by design whatever it does (the request log) are left out by name, with the reason.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../server/core/db/db';

/** Written by every request, or by the server in the background while a test runs: what a call itself wrote is what matters. */
export const REQUEST_SIDE_TABLES: Record<string, string> = {
  base_sys_log: 'the request log: one row per request',
  app_instance: "each instance's heartbeat (cluster view)",
  task_info: 'the scheduler records each run of a system task (time, status)',
  task_log: "the scheduler's log of those runs",
};

export type TableSums = Map<string, string>;

async function tableNames(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      : await db.query<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
  return rows
    .map((r) => r.name)
    .filter((n) => !(n in REQUEST_SIDE_TABLES))
    .sort();
}

function stable(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString('hex');
  if (typeof v === 'bigint') return String(v);
  return v;
}

/** Count and checksum of every table. */
export async function tableSums(db: Db): Promise<TableSums> {
  const out: TableSums = new Map();
  for (const name of await tableNames(db)) {
    const rows = await db.query(`SELECT * FROM ${db.q(name)}`);
    const lines = rows
      .map((r) =>
        JSON.stringify(
          Object.keys(r)
            .sort()
            .map((k) => [k, stable(r[k])]),
        ),
      )
      .sort();
    out.set(name, `${rows.length}:${createHash('sha1').update(lines.join('\n')).digest('hex').slice(0, 12)}`);
  }
  return out;
}

/** The tables whose figures differ, as `table: before -> after`. */
export function changedTables(before: TableSums, after: TableSums): string[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names.filter((n) => before.get(n) !== after.get(n)).map((n) => `${n}: ${before.get(n) ?? 'absent'} -> ${after.get(n) ?? 'absent'}`);
}
