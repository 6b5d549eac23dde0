/**
 * The stored change sets of the code helper (server/modules/coding/changeset.service.ts), in
 * `app_change_set`, made by the first preview (reads before it find none): one row per preview, its
 * state moved by conditional updates so two callers never both apply, roll back or discard one set.
 *
 * States: draft -> applied -> rolledBack, or draft -> discarded. `applying` and `rollingBack` hold
 * the set while its statements run (a second caller finds it taken); a failure puts the state back.
 */
import type { Db } from '../db/db';
import { existingColumns } from '../db/schema';
import type { KeptAside, Plan } from '../db/schema-change';

export const CHANGE_SET_TABLE = 'app_change_set';

export type ChangeSetState = 'draft' | 'applying' | 'applied' | 'rollingBack' | 'rolledBack' | 'discarded';

/** What a preview computed, stored with the set and answered as it is. */
export interface ChangeSetDetail {
  file: string;
  plan: Plan;
  routes: { added: string[]; removed: string[] };
  menus: { added: string[]; removed: string[] };
  perms: { added: string[]; removed: string[] };
  diff: string;
}

export interface ChangeSetRow {
  id: number;
  entityKey: string;
  kind: 'create' | 'change';
  state: ChangeSetState;
  before: string | null;
  after: string;
  detail: ChangeSetDetail;
  /** Aside tables dropped by purge. */
  purged: string[];
  createdBy: number;
  appliedBy: number | null;
  createTime: string;
  appliedTime: string | null;
  rolledBackTime: string | null;
}

const ready = new WeakMap<Db, Promise<void>>();

/** Whether the table exists: a read never makes it (a read changes no table). */
async function exists(db: Db): Promise<boolean> {
  return ready.has(db) || (await existingColumns(db, CHANGE_SET_TABLE)) !== null;
}

function ensureTable(db: Db): Promise<void> {
  let p = ready.get(db);
  if (!p) {
    const q = db.q.bind(db);
    const text = db.dialect === 'mysql' ? 'MEDIUMTEXT' : 'TEXT';
    const id = db.dialect === 'mysql' ? `${q('id')} INT NOT NULL AUTO_INCREMENT PRIMARY KEY` : `${q('id')} INTEGER PRIMARY KEY AUTOINCREMENT`;
    const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
    p = db
      .run(
        `CREATE TABLE IF NOT EXISTS ${q(CHANGE_SET_TABLE)} (${id}, ${q('entityKey')} VARCHAR(191) NOT NULL, ${q('kind')} VARCHAR(16) NOT NULL, ${q('state')} VARCHAR(16) NOT NULL, ${q('before')} ${text} NULL, ${q('after')} ${text} NOT NULL, ${q('detail')} ${text} NOT NULL, ${q('purged')} ${text} NOT NULL, ${q('createdBy')} INTEGER NOT NULL, ${q('appliedBy')} INTEGER NULL, ${q('createTime')} VARCHAR(32) NOT NULL, ${q('appliedTime')} VARCHAR(32) NULL, ${q('rolledBackTime')} VARCHAR(32) NULL)${engine}`,
      )
      .then(() => undefined);
    p.catch(() => ready.delete(db));
    ready.set(db, p);
  }
  return p;
}

type Stored = Omit<ChangeSetRow, 'detail' | 'purged'> & { detail: string; purged: string };

function fromStored(r: Stored): ChangeSetRow {
  return {
    ...r,
    id: Number(r.id),
    createdBy: Number(r.createdBy),
    appliedBy: r.appliedBy == null ? null : Number(r.appliedBy),
    detail: JSON.parse(r.detail) as ChangeSetDetail,
    purged: JSON.parse(r.purged) as string[],
  };
}

export async function insertChangeSet(
  db: Db,
  row: Pick<ChangeSetRow, 'entityKey' | 'kind' | 'before' | 'after' | 'createdBy'>,
  detail: ChangeSetDetail,
): Promise<number> {
  await ensureTable(db);
  const q = db.q.bind(db);
  const cols = ['entityKey', 'kind', 'state', 'before', 'after', 'detail', 'purged', 'createdBy', 'createTime'];
  const r = await db.run(`INSERT INTO ${q(CHANGE_SET_TABLE)} (${cols.map(q).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, [
    row.entityKey,
    row.kind,
    'draft',
    row.before,
    row.after,
    JSON.stringify(detail),
    '[]',
    row.createdBy,
    new Date().toISOString(),
  ]);
  return Number(r.insertId);
}

/** A draft's detail, written once its id is known (the plan names aside tables after it). */
export async function saveDetail(db: Db, id: number, detail: ChangeSetDetail): Promise<void> {
  await db.run(`UPDATE ${db.q(CHANGE_SET_TABLE)} SET ${db.q('detail')} = ? WHERE ${db.q('id')} = ?`, [JSON.stringify(detail), id]);
}

export async function readChangeSet(db: Db, id: number): Promise<ChangeSetRow | null> {
  if (!(await exists(db))) return null;
  const [r] = await db.query<Stored>(`SELECT * FROM ${db.q(CHANGE_SET_TABLE)} WHERE ${db.q('id')} = ?`, [id]);
  return r ? fromStored(r) : null;
}

/** Moves the set from `from` to `to` (with the given columns) when it is still in `from`; answers whether it did. */
export async function moveState(db: Db, id: number, from: ChangeSetState, to: ChangeSetState, set: Record<string, unknown> = {}): Promise<boolean> {
  const q = db.q.bind(db);
  const names = Object.keys(set);
  const r = await db.run(
    `UPDATE ${q(CHANGE_SET_TABLE)} SET ${[q('state') + ' = ?', ...names.map((n) => `${q(n)} = ?`)].join(', ')} WHERE ${q('id')} = ? AND ${q('state')} = ?`,
    [to, ...Object.values(set), id, from],
  );
  return r.affected === 1;
}

export async function markPurged(db: Db, id: number, purged: string[]): Promise<void> {
  await db.run(`UPDATE ${db.q(CHANGE_SET_TABLE)} SET ${db.q('purged')} = ? WHERE ${db.q('id')} = ?`, [JSON.stringify(purged), id]);
}

/** The id of the entity's last applied set (the only one that may be rolled back), or null. */
export async function lastApplied(db: Db, entityKey: string): Promise<number | null> {
  const q = db.q.bind(db);
  const [r] = await db.query<{ id: number | null }>(
    `SELECT MAX(${q('id')}) AS ${q('id')} FROM ${q(CHANGE_SET_TABLE)} WHERE ${q('entityKey')} = ? AND ${q('state')} IN ('applied', 'applying', 'rollingBack')`,
    [entityKey],
  );
  return r?.id == null ? null : Number(r.id);
}

export async function pageChangeSets(db: Db, o: { entityKey?: string; page: number; size: number }): Promise<{ rows: ChangeSetRow[]; total: number }> {
  if (!(await exists(db))) return { rows: [], total: 0 };
  const q = db.q.bind(db);
  const where = o.entityKey ? `WHERE ${q('entityKey')} = ?` : '';
  const params = o.entityKey ? [o.entityKey] : [];
  const [count] = await db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q(CHANGE_SET_TABLE)} ${where}`, params);
  const rows = await db.query<Stored>(
    `SELECT * FROM ${q(CHANGE_SET_TABLE)} ${where} ORDER BY ${q('id')} DESC LIMIT ${Math.trunc(o.size)} OFFSET ${Math.trunc((o.page - 1) * o.size)}`,
    params,
  );
  return { rows: rows.map(fromStored), total: Number(count?.n ?? 0) };
}

/** What the set keeps aside now: apply's copies once applied, rollback's once rolled back. */
export function keptNow(row: ChangeSetRow): KeptAside[] {
  if (row.state === 'rolledBack') return row.detail.plan.keptByRollback;
  if (row.state === 'applied' || row.state === 'draft' || row.state === 'applying') return row.detail.plan.keptByApply;
  return [];
}

/** Drops tables a change set kept aside (its purge). */
export async function dropAside(db: Db, tables: string[]): Promise<void> {
  for (const table of tables) {
    if (!table.startsWith('app_aside_')) throw new Error(`${table} is not a kept-aside table`);
    await db.run(`DROP TABLE IF EXISTS ${db.q(table)}`);
  }
}
