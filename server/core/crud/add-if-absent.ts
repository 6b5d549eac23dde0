/**
 * Insert-if-absent on a unique key: adds the row unless a row with the same key exists, and says
 * which happened. For claims and idempotency keys (a provider's event id, a one-time code): of any
 * number of concurrent calls with one key, exactly one adds the row. The attempt runs under a
 * savepoint, so a lost race undoes what the add's hooks wrote and the transaction goes on.
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { UniqueViolation } from '../db/db';
import { checkAdd, insertRow } from './add';
import { and, eq } from '../condition';
import { whereClause } from './access-sql';
import { unique, type OpContext, type OpMeta } from './op-context';

let savepoints = 0;

function isUniqueKey(e: Entity, key: string[]): boolean {
  const same = (fields: string[]) => fields.length === key.length && fields.every((f) => key.includes(f));
  return (key.length === 1 && !!e.byName.get(key[0])?.unique) || e.indexes.some((ix) => ix.unique && same(ix.fields));
}

export async function addIfAbsent(c: OpContext, e: Entity, body: Row, key: string[], meta: OpMeta = {}): Promise<{ id: number; created: boolean }> {
  if (!isUniqueKey(e, key)) throw new Error(`${e.key}: [${key.join(', ')}] is not a unique key`);
  const [data] = checkAdd(c, e, body, meta).rows;
  // The owner field is the caller's (filled on insert, never taken from the row): a key that holds
  // it, such as a sender's idempotency key (fromId, clientId), takes it from the caller.
  if (e.owner && key.includes(e.owner) && c.user && !c.user.system) data[e.owner] = c.user.id;
  if (key.some((k) => data[k] === undefined || data[k] === null)) throw new Error(`${e.key}: addIfAbsent needs every key field`);
  const { db: tx } = c;
  const sp = tx.q(`sp_${++savepoints}`);
  const undone = c.savepoint();
  await tx.run(`SAVEPOINT ${sp}`);
  try {
    const id = await insertRow(c, e, data, true);
    await tx.run(`RELEASE SAVEPOINT ${sp}`);
    return { id, created: true };
  } catch (err) {
    await tx.run(`ROLLBACK TO SAVEPOINT ${sp}`);
    // The insert may have landed before a hook failed: its answered row is gone with the rollback.
    undone();
    await tx.run(`RELEASE SAVEPOINT ${sp}`);
    if (!(err instanceof UniqueViolation && (key.includes(err.field) || err.field === key.join('_')))) return unique(e, err);
  }
  // A shared lock (MySQL) reads the committed row and lets every loser of the race read it at once.
  const w = whereClause(c.model, e, and(...key.map((k) => eq(k, data[k] as string | number))));
  const share = tx.dialect === 'mysql' ? ' LOCK IN SHARE MODE' : '';
  const [row] = await tx.query<{ id: number }>(`SELECT ${tx.q('id')} FROM ${tx.q(e.table)} WHERE ${w.sql}${share}`, w.params);
  return { id: Number(row.id), created: false };
}
