/**
 * Which instances use this database (issue 24 item 1): each running instance keeps a row in the
 * core table `app_instance` (its name, whether it has Redis, when it was last seen), written every
 * 10 s and removed when it stops. An instance without REDIS_URL that sees another one seen within
 * the last 30 s logs a loud warning naming what the two do not share, once per other instance:
 * without Redis those live in each process.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

export const INSTANCE_TABLE = 'app_instance';
const BEAT_MS = 10_000;
/** Another instance counts as running when seen within this. */
export const SEEN_MS = 30_000;
/** Rows of instances gone this long (killed, never stopped) are removed. */
const FORGET_MS = 24 * 3600_000;

/** What is per process without Redis (docs/operations/production.md). */
export const UNSHARED_WITHOUT_REDIS =
  'sign-outs (token revocations), captcha answers, rate limits, cached permissions and page totals, socket.io rooms and messages, and task scheduling';

export interface InstanceInfo {
  /** The instance's name (INSTANCE_ID, or host:pid). */
  name: string;
  redis: boolean;
}

export class InstanceBeat {
  /** This row's key: the name, and a suffix so two cores of one process are two rows. */
  readonly key: string;
  private timer: NodeJS.Timeout | null = null;
  private readonly warned = new Set<string>();
  private beating: Promise<void> | null = null;

  private constructor(
    private readonly db: Db,
    private readonly info: InstanceInfo,
    private readonly warn: (line: string) => void,
  ) {
    this.key = `${info.name.slice(0, 160)}#${randomBytes(4).toString('hex')}`;
  }

  /** Creates the table when missing, writes this instance's row, checks the others, and keeps beating. */
  static async start(db: Db, info: InstanceInfo, warn: (line: string) => void, onError: (err: unknown) => void): Promise<InstanceBeat> {
    const q = db.q.bind(db);
    const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
    await db.run(
      `CREATE TABLE IF NOT EXISTS ${q(INSTANCE_TABLE)} (${q('k')} VARCHAR(191) NOT NULL PRIMARY KEY, ${q('name')} VARCHAR(191) NOT NULL, ${q('redis')} INT NOT NULL, ${q('startTime')} VARCHAR(32) NOT NULL, ${q('seen')} BIGINT NOT NULL)${engine}`,
    );
    const beat = new InstanceBeat(db, info, warn);
    await db.run(`DELETE FROM ${q(INSTANCE_TABLE)} WHERE ${q('seen')} < ?`, [Date.now() - FORGET_MS]);
    await beat.beat();
    beat.timer = setInterval(() => {
      beat.beating ??= beat
        .beat()
        .catch(onError)
        .finally(() => (beat.beating = null));
    }, BEAT_MS);
    beat.timer.unref();
    return beat;
  }

  /** Writes this instance's row, then looks at the others. */
  private async beat(now = Date.now()): Promise<void> {
    const q = this.db.q.bind(this.db);
    const t = q(INSTANCE_TABLE);
    const r = await this.db.run(`UPDATE ${t} SET ${q('seen')} = ? WHERE ${q('k')} = ?`, [now, this.key]);
    if (r.affected === 0) {
      await this.db.run(`INSERT INTO ${t} (${q('k')}, ${q('name')}, ${q('redis')}, ${q('startTime')}, ${q('seen')}) VALUES (?, ?, ?, ?, ?)`, [
        this.key,
        this.info.name.slice(0, 191),
        this.info.redis ? 1 : 0,
        new Date(now).toISOString(),
        now,
      ]);
    }
    if (this.info.redis) return;
    const others = await this.db.query<{ k: string; name: string }>(`SELECT ${q('k')}, ${q('name')} FROM ${t} WHERE ${q('k')} <> ? AND ${q('seen')} >= ?`, [
      this.key,
      now - SEEN_MS,
    ]);
    for (const o of others) {
      if (this.warned.has(o.k)) continue;
      this.warned.add(o.k);
      this.warn(
        `!!! Another instance ("${o.name}") is running on this database, but REDIS_URL is not set on this one ("${this.info.name}"): ` +
          `${UNSHARED_WITHOUT_REDIS} are kept in each process and NOT shared between them. Set the same REDIS_URL on every instance. !!!`,
      );
    }
  }

  /** The other instances seen within the last 30 s. */
  async others(now = Date.now()): Promise<Array<{ name: string; redis: boolean }>> {
    const q = this.db.q.bind(this.db);
    const rows = await this.db.query<{ name: string; redis: number }>(
      `SELECT ${q('name')}, ${q('redis')} FROM ${q(INSTANCE_TABLE)} WHERE ${q('k')} <> ? AND ${q('seen')} >= ?`,
      [this.key, now - SEEN_MS],
    );
    return rows.map((r) => ({ name: String(r.name), redis: Number(r.redis) === 1 }));
  }

  /** Stops beating and removes this instance's row (a killed instance's row ages out instead). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating?.catch(() => undefined);
    const q = this.db.q.bind(this.db);
    await this.db.run(`DELETE FROM ${q(INSTANCE_TABLE)} WHERE ${q('k')} = ?`, [this.key]).catch(() => undefined);
  }
}
