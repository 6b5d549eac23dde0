/** Reads of the NFT staking module: its settings params (chain-settings.ts), all in one query. */
import type { Core } from '../../../core/api';

/** The non-empty, trimmed data of these params by keyName (secret ones too: the server reads them itself). */
export async function paramValues(core: Core, keyNames: readonly string[]): Promise<Map<string, string>> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ keyName: string; data: string | null }>(
    `SELECT ${q('keyName')}, ${q('data')} FROM ${q(core.model.system('params').table)} WHERE ${q('keyName')} IN (${keyNames.map(() => '?').join(', ')})`,
    [...keyNames],
  );
  const out = new Map<string, string>();
  for (const r of rows) {
    const v = typeof r.data === 'string' ? r.data.trim() : '';
    if (v) out.set(r.keyName, v);
  }
  return out;
}
