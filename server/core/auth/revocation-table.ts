/**
 * Revocations kept in the database, for installations without Redis (then one process serves a
 * database). Ended sessions are mirrored in memory, loaded at start, so the check on every request
 * runs no query. A refresh token's first use is the INSERT of its id as a primary key: atomic on
 * SQLite and MySQL alike, so of two concurrent refreshes exactly one wins. Expired rows are purged
 * at start and hourly.
 */
import { UniqueViolation, type Db } from '../db/db';
import { fromStoredDate } from '../crud/values';
import type { Revocations } from './revocations';

const TABLE = 'app_auth_revocation';
const PURGE_EVERY_MS = 3600_000;
const SESSION = 'sid:';
const REFRESH = 'jti:';

function stored(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
}

export class RevocationTable implements Revocations {
  /** Ended sessions of this database and when their rows expire (ms). */
  private readonly sessions = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private purging: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Creates the table when missing (additively), purges expired rows and loads the ended sessions. */
  static async open(db: Db, onError: (err: unknown) => void = () => undefined): Promise<RevocationTable> {
    const q = db.q.bind(db);
    const index = q(`ix_${TABLE}__expireTime`);
    if (db.dialect === 'mysql') {
      // Binary collation: ids are case-sensitive base64url.
      await db.run(
        `CREATE TABLE IF NOT EXISTS ${q(TABLE)} (${q('k')} VARCHAR(191) NOT NULL PRIMARY KEY, ${q('expireTime')} DATETIME(3) NOT NULL, INDEX ${index} (${q('expireTime')})) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
      );
    } else {
      await db.run(`CREATE TABLE IF NOT EXISTS ${q(TABLE)} (${q('k')} VARCHAR(191) NOT NULL PRIMARY KEY, ${q('expireTime')} DATETIME NOT NULL)`);
      await db.run(`CREATE INDEX IF NOT EXISTS ${index} ON ${q(TABLE)} (${q('expireTime')})`);
    }
    const table = new RevocationTable(db, onError);
    await table.purge();
    const rows = await db.query<{ k: string; expireTime: unknown }>(`SELECT ${q('k')}, ${q('expireTime')} FROM ${q(TABLE)} WHERE ${q('k')} LIKE ?`, [
      `${SESSION}%`,
    ]);
    for (const r of rows) table.sessions.set(r.k.slice(SESSION.length), Date.parse(fromStoredDate(r.expireTime)!));
    table.timer = setInterval(() => table.purgeInBackground(), PURGE_EVERY_MS);
    table.timer.unref();
    return table;
  }

  async revoke(sid: string, ttlSeconds: number): Promise<void> {
    const exp = Date.now() + ttlSeconds * 1000;
    // In memory first: this process refuses the session from now on, even while the row is written.
    if ((this.sessions.get(sid) ?? 0) < exp) this.sessions.set(sid, exp);
    const q = this.db.q.bind(this.db);
    const sql =
      this.db.dialect === 'mysql'
        ? `INSERT INTO ${q(TABLE)} (${q('k')}, ${q('expireTime')}) VALUES (?, ?) ON DUPLICATE KEY UPDATE ${q('expireTime')} = GREATEST(${q('expireTime')}, VALUES(${q('expireTime')}))`
        : `INSERT INTO ${q(TABLE)} (${q('k')}, ${q('expireTime')}) VALUES (?, ?) ON CONFLICT(${q('k')}) DO UPDATE SET ${q('expireTime')} = MAX(${q('expireTime')}, excluded.${q('expireTime')})`;
    await this.db.run(sql, [SESSION + sid, stored(exp)]);
  }

  async isRevoked(sid: string): Promise<boolean> {
    return this.revokedNow(sid);
  }

  revokedNow(sid: string): boolean {
    const exp = this.sessions.get(sid);
    return exp !== undefined && exp > Date.now();
  }

  async useRefreshOnce(jti: string, ttlSeconds: number): Promise<boolean> {
    const q = this.db.q.bind(this.db);
    try {
      await this.db.run(`INSERT INTO ${q(TABLE)} (${q('k')}, ${q('expireTime')}) VALUES (?, ?)`, [REFRESH + jti, stored(Date.now() + ttlSeconds * 1000)]);
      return true;
    } catch (e) {
      if (e instanceof UniqueViolation) return false;
      throw e;
    }
  }

  /** Deletes expired rows and forgets expired sessions. */
  async purge(now = Date.now()): Promise<void> {
    for (const [sid, exp] of this.sessions) if (exp <= now) this.sessions.delete(sid);
    const q = this.db.q.bind(this.db);
    await this.db.run(`DELETE FROM ${q(TABLE)} WHERE ${q('expireTime')} <= ?`, [stored(now)]);
  }

  private purgeInBackground(): void {
    if (this.purging || this.closed) return;
    this.purging = this.purge()
      .catch(this.onError)
      .finally(() => {
        this.purging = null;
      });
  }

  /** Stops the purge timer and waits for a purge under way, so the database can close after it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.purging;
  }
}
