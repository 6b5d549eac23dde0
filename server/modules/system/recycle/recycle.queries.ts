/**
 * Reads of the recycle purge the generic query cannot express: old records with their hidden part
 * (where a deleted file row's storage key may sit), and which storage keys anything still names.
 */
import { entity } from '../../../core/api';
import type { Core, Row } from '../../../core/api';

/** A recycle record due for the purge. */
export interface OldRecord {
  id: number;
  /** Storage keys of the file rows the record holds (none for other entities). */
  keys: string[];
}

function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

function keysOf(data: unknown, hidden: unknown): string[] {
  const rows = [...(Array.isArray(data) ? data : []), ...Object.values(hidden && typeof hidden === 'object' ? (hidden as Record<string, unknown>) : {})];
  return rows.flatMap((r) => (r && typeof r === 'object' && typeof (r as Row).key === 'string' && (r as Row).key ? [String((r as Row).key)] : []));
}

/** Up to `limit` recycle records made before `cutoff` (stored UTC text), oldest first. */
export async function oldRecycleRecords(core: Core, cutoff: string, limit: number): Promise<OldRecord[]> {
  const { db } = core;
  const q = db.q.bind(db);
  const files = entity(core.model, 'space/info');
  // The JSON columns as stored: text.
  const rows = await db.query<{ id: number; entityInfo: string | null; data: string | null; hiddenData: string | null }>(
    `SELECT ${q('id')}, ${q('entityInfo')}, ${q('data')}, ${q('hiddenData')} FROM ${q(core.model.system('recycle').table)} WHERE ${q('createTime')} < ? ORDER BY ${q('id')} LIMIT ?`,
    [cutoff, limit],
  );
  return rows.map((r) => {
    const info = parsed(r.entityInfo) as Row | null;
    const isFile = !!info && info.module === files.module && info.entity === files.name;
    return { id: r.id, keys: isFile ? keysOf(parsed(r.data), parsed(r.hiddenData)) : [] };
  });
}

/** Of `keys`, those no file row and no recycle record names any more. */
export async function unreferencedKeys(core: Core, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const { db } = core;
  const q = db.q.bind(db);
  const files = entity(core.model, 'space/info');
  const live = new Set(
    (await db.query<{ key: string }>(`SELECT ${q('key')} FROM ${q(files.table)} WHERE ${q('key')} IN (${keys.map(() => '?').join(', ')})`, keys)).map(
      (r) => r.key,
    ),
  );
  const out: string[] = [];
  const recycle = q(core.model.system('recycle').table);
  // A key the uploader made is `app/base/<day>/<hex>.<ext>`; one holding a LIKE wildcard (or a
  // quote, which JSON would escape) cannot be matched safely on both databases, so its file stays.
  for (const key of keys.filter((k) => !live.has(k) && !/[%_\\"]/.test(k))) {
    const pattern = `%${key}%`;
    const [held] = await db.query(`SELECT ${q('id')} FROM ${recycle} WHERE ${q('data')} LIKE ? OR ${q('hiddenData')} LIKE ? LIMIT 1`, [pattern, pattern]);
    if (!held) out.push(key);
  }
  return out;
}
