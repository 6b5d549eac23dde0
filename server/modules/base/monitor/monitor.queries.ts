/**
 * The X monitor's stored settings row with its writeOnly credentials, which the generic reads never
 * answer: only the fetch task (to call X) and saveSetting / getSetting (to tell whether they are set)
 * read them, and none of those hands them to a caller.
 */
import { planFor } from '../../../core/api';
import type { Core, Row, Entity } from '../../../core/api';

/** The one settings profile. */
export const PROFILE = 'default';

export const settingsEntity = (core: Core): Entity => core.model.byKey.get('base/monitor')!;
export const postEntity = (core: Core): Entity => core.model.byKey.get('base/monitorPost')!;

/** The settings row, every column decoded (credentials included), or null before the first save. */
export async function storedSettings(core: Core): Promise<Row | null> {
  const plan = planFor(settingsEntity(core));
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query(`SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${q('profile')} = ? ORDER BY ${q('id')} LIMIT 1`, [PROFILE]);
  // The codec decodes the readable columns (JSON, booleans, times) and leaves the credentials' text as stored.
  return row ? plan.codec.decode(row) : null;
}

/** Whether the stored credentials can call X: a bearer token, or both an API key and its secret. */
export function credentialsSet(row: Row | null): boolean {
  const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return !!row && (has(row.bearerToken) || (has(row.apiKey) && has(row.apiSecret)));
}

/** The id of the oldest task row running handler `service`, or null when there is none. */
export async function monitorTaskId(core: Core, service: string): Promise<number | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(core.model.system('tasks').table)} WHERE ${q('service')} = ? ORDER BY ${q('id')} LIMIT 1`,
    [service],
  );
  return row ? Number(row.id) : null;
}
