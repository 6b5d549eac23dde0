/** A short link by its key, as `delete` checks it (the delete key's hash) and `s/{shortKey}` follows it. */
import { entity } from '../../core/api';
import type { Core } from '../../core/api';

const linksTable = (core: Core) => core.db.q(entity(core.model, 'base/shortLink').table);

export async function linkDeleteKey(core: Core, shortKey: string): Promise<{ id: number; deleteKey: string | null } | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ id: number; deleteKey: string | null }>(
    `SELECT ${q('id')}, ${q('deleteKey')} FROM ${linksTable(core)} WHERE ${q('shortKey')} = ?`,
    [shortKey],
  );
  return row ?? null;
}

export async function linkTarget(core: Core, shortKey: string): Promise<{ id: number; url: string; expireTime: string | null } | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ id: number; url: string; expireTime: string | null }>(
    `SELECT ${q('id')}, ${q('url')}, ${q('expireTime')} FROM ${linksTable(core)} WHERE ${q('shortKey')} = ?`,
    [shortKey],
  );
  return row ?? null;
}
