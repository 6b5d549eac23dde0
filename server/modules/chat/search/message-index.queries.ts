/**
 * Reads of the background indexing of messages (message-index.ts): the newest message id, and the
 * messages of an id window that have no term in the index yet. A window is a bounded id range, so
 * no statement scans more than WINDOW ids (on SQLite every other statement waits for it).
 */
import { entity, planFor } from '../../../core/api';
import type { Core } from '../../../core/api';
import type { StoredMessage } from '../send-store';

const messages = (core: Core) => entity(core.model, 'base/message');

/** The highest message id (0: no message). */
export async function newestMessageId(core: Core): Promise<number> {
  const { db } = core;
  const [row] = await db.query<{ top: number | string | null }>(`SELECT MAX(${db.q('id')}) AS ${db.q('top')} FROM ${db.q(messages(core).table)}`);
  return Number(row?.top ?? 0);
}

/** The messages with `afterId` < id <= `upTo` that the index holds no term of, by id. */
export async function unindexedMessages(core: Core, afterId: number, upTo: number): Promise<StoredMessage[]> {
  const { db } = core;
  const q = db.q.bind(db);
  const plan = planFor(messages(core));
  const index = q(entity(core.model, 'base/searchTerm').table);
  const rows = await db.query(
    `SELECT ${plan.select} FROM ${plan.table} WHERE ${q('id')} > ? AND ${q('id')} <= ? ` +
      `AND NOT EXISTS (SELECT 1 FROM ${index} s WHERE s.${q('source')} = ? AND s.${q('sourceId')} = ${plan.table}.${q('id')}) ORDER BY ${q('id')}`,
    [afterId, upTo, 'message'],
  );
  return rows.map((r) => plan.codec.decode(r) as StoredMessage);
}
