/** What the seeding steps share: plain inserts and reads, the keys seeded by earlier starts, and their result. */
import type { Db } from './db/db';
import { nowStored } from './crud/values';

export const SEED_TABLE = 'app_seed_state';

/** Keys seeded by earlier starts, read once per start. */
export type Done = Set<string>;

/** What a seeding did. */
export interface SeedResult {
  /** Set when this start created the administrator with a generated password. */
  generatedAdminPassword: string | null;
  createdAdmin: boolean;
  addedMenus: number;
}

export async function insert(db: Db, table: string, row: Record<string, unknown>): Promise<number> {
  const now = nowStored();
  const full = { ...row, createTime: now, updateTime: now };
  const names = Object.keys(full);
  const r = await db.run(
    `INSERT INTO ${db.q(table)} (${names.map((n) => db.q(n)).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    Object.values(full),
  );
  return Number(r.insertId);
}

export async function one(db: Db, sql: string, params: unknown[] = []): Promise<Record<string, unknown> | undefined> {
  return (await db.query(sql, params))[0];
}

export async function markSeeded(tx: Db, done: Done, key: string): Promise<void> {
  await tx.run(`INSERT INTO ${tx.q(SEED_TABLE)} (${tx.q('k')}) VALUES (?)`, [key]);
  done.add(key);
}
