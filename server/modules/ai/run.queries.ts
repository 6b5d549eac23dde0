/** Reads of the run path the generic list does not express: by callback id, by request message, overdue runs, time saved. */
import { entity, fromStoredDate, nowStored } from '../../core/api';
import type { Core, EntityKey } from '../../core/api';

const table = (core: Core, key: EntityKey) => entity(core.model, key).table;

/** The run named by a workflow callback id: its id, status and whether it is async; null when unknown. */
export async function runByResultId(core: Core, workflowResultId: string): Promise<{ id: number; status: number; isAsync: number } | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ id: number; status: number; isAsync: number }>(
    `SELECT ${q('id')}, ${q('status')}, ${q('isAsync')} FROM ${q(table(core, 'base/run'))} WHERE ${q('workflowResultId')} = ?`,
    [workflowResultId],
  );
  return row ?? null;
}

/** What a start reads of the member who pays (memberCharge). */
export interface MemberCharge {
  id: number;
  tokens: unknown;
  efficiencyCoefficient: unknown;
  /** Their VIP plan and its end (ISO text), which may set their AI budgets (budgets.ts). */
  vipType: unknown;
  vipEndTime: string | null;
}

/**
 * What a run's cost and the checks before it need of the member: the token balance, the efficiency
 * coefficient and what decides their budgets, as stored (null when the member is gone). One read of
 * a few columns: the member's record as `info` answers it also reads their roles, which a start has
 * no use for.
 */
export async function memberCharge(core: Core, userId: number): Promise<MemberCharge | null> {
  const q = core.db.q.bind(core.db);
  const users = core.model.system('users');
  const columns = ['id', 'tokens', 'efficiencyCoefficient', 'vipType', 'vipEndTime'].map(q).join(', ');
  const [row] = await core.db.query<MemberCharge>(
    `SELECT ${columns} FROM ${q(users.table)} WHERE ${q('id')} = ?${users.softDelete ? ` AND ${q(users.softDelete)} = 0` : ''}`,
    [userId],
  );
  return row ? { ...row, vipEndTime: fromStoredDate(row.vipEndTime) } : null;
}

/**
 * The app run a request message started (a retry of a clientId finds it); null when it started none.
 * AI replies (kind 1) name the chat message that asked them and are not starts of this message.
 */
export async function runIdByMessage(core: Core, messageId: number): Promise<number | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(table(core, 'base/run'))} WHERE ${q('messageId')} = ? AND ${q('kind')} = 0 ORDER BY ${q('id')} LIMIT 1`,
    [messageId],
  );
  return row ? row.id : null;
}

/** Ids of running runs whose deadline has passed, oldest deadline first, at most `limit`. */
export async function overdueRunIds(core: Core, limit: number): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(table(core, 'base/run'))} WHERE ${q('status')} = 0 AND ${q('deadline')} < ? ORDER BY ${q('deadline')} LIMIT ?`,
    [nowStored(), limit],
  );
  return rows.map((r) => r.id);
}

export interface SavedByApp {
  appId: number | null;
  name: string | null;
  runs: number;
  minutes: number;
}

/** The member's succeeded runs by app: how many, and the minutes they saved (each run's savedMinutes). */
export async function savedTimeByApp(core: Core, userId: number): Promise<SavedByApp[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ appId: number | null; name: string | null; runs: number | string; minutes: number | string | null }>(
    `SELECT r.${q('appId')} AS ${q('appId')}, MAX(a.${q('name')}) AS ${q('name')}, COUNT(*) AS ${q('runs')}, SUM(r.${q('savedMinutes')}) AS ${q('minutes')} ` +
      `FROM ${q(table(core, 'base/run'))} r LEFT JOIN ${q(table(core, 'base/app'))} a ON a.${q('id')} = r.${q('appId')} ` +
      `WHERE r.${q('userId')} = ? AND r.${q('status')} = 1 GROUP BY r.${q('appId')} ORDER BY r.${q('appId')}`,
    [userId],
  );
  return rows.map((r) => ({
    appId: r.appId,
    name: r.name ?? null,
    runs: Number(r.runs),
    minutes: Math.round(Number(r.minutes ?? 0) * 100) / 100,
  }));
}

/** `sys/user/savedTimeSummary`: the member's succeeded runs and the minutes they saved, in all and by app. */
export async function savedTimeSummary(core: Core, userId: number): Promise<{ runs: number; minutes: number; byApp: SavedByApp[] }> {
  const byApp = await savedTimeByApp(core, userId);
  const runs = byApp.reduce((n, a) => n + a.runs, 0);
  const minutes = Math.round(byApp.reduce((n, a) => n + a.minutes, 0) * 100) / 100;
  return { runs, minutes, byApp };
}
