/** A parameter row by keyName, for code that reads a setting (see param.service.ts). */
import type { Core } from '../../core/api';

export interface Param {
  keyName: string;
  name: string | null;
  data: string | null;
  dataType: number;
  /** Readable only here, by the server's own code; the API answers its data as [redacted]. */
  secret: boolean;
}

export async function paramByKey(core: Core, keyName: string): Promise<Param | null> {
  const q = core.db.q.bind(core.db);
  // A boolean column is stored as 0 or 1.
  const [row] = await core.db.query<Omit<Param, 'secret'> & { secret: number }>(
    `SELECT ${['keyName', 'name', 'data', 'dataType', 'secret'].map(q).join(', ')} FROM ${q(core.model.system('params').table)} WHERE ${q('keyName')} = ?`,
    [keyName],
  );
  return row ? { ...row, secret: row.secret === 1 } : null;
}
