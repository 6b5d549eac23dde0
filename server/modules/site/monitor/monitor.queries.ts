/**
 * The X monitor's stored settings row with its writeOnly credentials, which the generic reads never
 * answer: only the fetch task (to call X) and saveSetting / getSetting (to tell whether they are set)
 * read them, and none of those hands them to a caller.
 */
import { entity, planFor } from '../../../core/api';
import type { Core, EntityColumns, TypedEntity } from '../../../core/api';

/** The one settings profile. */
export const PROFILE = 'default';

/** The settings row with its credentials. */
export type MonitorSettings = EntityColumns<'base/monitor'>;

/** The credentials of the settings row (each null when not set). */
export type MonitorCredentials = Pick<MonitorSettings, 'bearerToken' | 'apiKey' | 'apiSecret'>;

export const settingsEntity = (core: Core): TypedEntity<'base/monitor'> => entity(core.model, 'base/monitor');
export const postEntity = (core: Core): TypedEntity<'base/monitorPost'> => entity(core.model, 'base/monitorPost');

/** The settings row, every column decoded (credentials included), or null before the first save. */
export async function storedSettings(core: Core): Promise<MonitorSettings | null> {
  const plan = planFor(settingsEntity(core));
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query(`SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${q('profile')} = ? ORDER BY ${q('id')} LIMIT 1`, [PROFILE]);
  // The codec decodes the readable columns (JSON, booleans, times) and leaves the credentials' text as stored.
  return row ? (plan.codec.decode(row) as MonitorSettings) : null;
}

/** Whether the stored credentials can call X: a bearer token, or both an API key and its secret. */
export function credentialsSet(row: Partial<MonitorCredentials> | null): boolean {
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
  return row ? row.id : null;
}
