/** The site info rows of a host: those a request may be answered from, and the one `save` writes to. */
import { entity, planFor } from '../../core/api';
import type { Core, Row } from '../../core/api';

const siteEntity = (core: Core) => entity(core.model, 'base/site');

/** The rows of `host` (with its port), of `hostname`, and the default rows (host NULL), oldest first, decoded. */
export async function sitesForHost(core: Core, host: string, hostname: string): Promise<Row[]> {
  const q = core.db.q.bind(core.db);
  const plan = planFor(siteEntity(core));
  const rows = await core.db.query(`SELECT ${plan.select} FROM ${plan.table} WHERE ${q('host')} IN (?, ?) OR ${q('host')} IS NULL ORDER BY ${q('id')} ASC`, [
    host,
    hostname,
  ]);
  for (const r of rows) plan.codec.decode(r);
  return rows;
}

/** The id of the row of `host` (null: the oldest default row), or null when there is none. */
export async function siteIdOfHost(core: Core, host: string | null): Promise<number | null> {
  const q = core.db.q.bind(core.db);
  const table = q(siteEntity(core).table);
  const [found] = await core.db.query<{ id: number }>(
    host === null
      ? `SELECT ${q('id')} FROM ${table} WHERE ${q('host')} IS NULL ORDER BY ${q('id')} ASC LIMIT 1`
      : `SELECT ${q('id')} FROM ${table} WHERE ${q('host')} = ?`,
    host === null ? [] : [host],
  );
  return found?.id ?? null;
}
