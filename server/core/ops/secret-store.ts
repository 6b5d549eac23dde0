/**
 * The core table `app_secret` (name -> value), where the installation's generated secrets live so
 * every instance on the database uses the same ones (issue 24 item 1; auth/signing-keys.ts decides
 * what is kept). Created like app_seed_state, outside the entity model: no API ever reads it.
 *
 * A value is created with insert-if-absent, so two instances starting at once agree on the first
 * one written, and changed with compare-and-set, so two rotations at once cannot lose one another.
 */
import type { Db } from '../db/db';

export const SECRET_TABLE = 'app_secret';

export class SecretStore {
  private constructor(private readonly db: Db) {}

  static async open(db: Db): Promise<SecretStore> {
    const q = db.q.bind(db);
    const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
    await db.run(
      `CREATE TABLE IF NOT EXISTS ${q(SECRET_TABLE)} (${q('k')} VARCHAR(191) NOT NULL PRIMARY KEY, ${q('v')} TEXT NOT NULL, ${q('updateTime')} VARCHAR(32) NOT NULL)${engine}`,
    );
    return new SecretStore(db);
  }

  async get(name: string): Promise<string | null> {
    const q = this.db.q.bind(this.db);
    const [row] = await this.db.query<{ v: string }>(`SELECT ${q('v')} FROM ${q(SECRET_TABLE)} WHERE ${q('k')} = ?`, [name]);
    return row ? String(row.v) : null;
  }

  /** Writes `value` unless `name` has one; answers whether this call wrote it. */
  async insertIfAbsent(name: string, value: string): Promise<boolean> {
    const q = this.db.q.bind(this.db);
    const verb = this.db.dialect === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
    const r = await this.db.run(`${verb} INTO ${q(SECRET_TABLE)} (${q('k')}, ${q('v')}, ${q('updateTime')}) VALUES (?, ?, ?)`, [
      name,
      value,
      new Date().toISOString(),
    ]);
    return r.affected > 0;
  }

  /** The value of `name`, created from `make()` when it has none (the first writer wins). */
  async ensure(name: string, make: () => string): Promise<string> {
    const had = await this.get(name);
    if (had !== null) return had;
    await this.insertIfAbsent(name, make());
    const v = await this.get(name);
    if (v === null) throw new Error(`the secret ${name} could not be stored`);
    return v;
  }

  /** Replaces `name`'s value when it still is `expected`; answers whether it did. */
  async replace(name: string, expected: string, value: string): Promise<boolean> {
    const q = this.db.q.bind(this.db);
    const r = await this.db.run(`UPDATE ${q(SECRET_TABLE)} SET ${q('v')} = ?, ${q('updateTime')} = ? WHERE ${q('k')} = ? AND ${q('v')} = ?`, [
      value,
      new Date().toISOString(),
      name,
      expected,
    ]);
    return r.affected > 0;
  }

  /**
   * Applies `change` to the value of `name` (null when it has none; answering null leaves it) until
   * the write is not raced by another one; answers the value stored.
   */
  async update(name: string, change: (old: string | null) => string | null): Promise<string | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const old = await this.get(name);
      const next = change(old);
      if (next === null || next === old) return old;
      if (old === null ? await this.insertIfAbsent(name, next) : await this.replace(name, old, next)) return next;
    }
    throw new Error(`the secret ${name} kept changing while it was updated`);
  }
}
