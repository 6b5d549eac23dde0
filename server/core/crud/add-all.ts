/**
 * The bulk add: many rows of one entity in a few multi-row INSERT statements, for rows a module
 * derives by the hundred (a search index's terms: one row per word of every message). Each row is
 * checked as the add operation checks it (validation, admin-only fields, the create rule); an
 * entity with change hooks or an owner field refuses it, since those act on each row: its rows go
 * through the add operation. Answers how many rows were added, not their ids (a multi-row INSERT
 * does not tell them on every database).
 *
 * The rows are cut into chunks of a power of two (at most MAX_CHUNK rows), so a database prepares
 * few statement shapes whatever the number of rows (the request log's INSERTs are cut alike).
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { assertMayCreate } from './access-sql';
import { checkAdd } from './add';
import { toColumns, unique, type OpContext, type OpMeta } from './op-context';
import { nowStored, toStored } from './values';

/** Most rows one INSERT statement writes. */
const MAX_CHUNK = 256;

/** Chunk sizes of `n` rows: as many full chunks as fit, then the powers of two of the rest. */
export function chunkSizes(n: number): number[] {
  const out: number[] = [];
  let left = n;
  while (left >= MAX_CHUNK) {
    out.push(MAX_CHUNK);
    left -= MAX_CHUNK;
  }
  for (let size = MAX_CHUNK / 2; size >= 1; size /= 2) {
    if (left >= size) {
      out.push(size);
      left -= size;
    }
  }
  return out;
}

/** Adds `rows` (at most the add operation's batch) in multi-row INSERTs; answers how many were added. */
export async function addAll(c: OpContext, e: Entity, rows: Row[], meta: Pick<OpMeta, 'trusted' | 'known'> = {}): Promise<number> {
  if (e.hooks.beforeChange || e.hooks.afterChange || e.owner) {
    throw new Error(`${e.key}: has change hooks or an owner field, so its rows are added through the add operation`);
  }
  if (!rows.length) return 0;
  const { rows: checked } = checkAdd(c, e, rows, meta);
  const { db } = c;
  const now = nowStored();
  const stored: Row[] = [];
  for (const data of checked) {
    await assertMayCreate(c.model, db, e, c.user, data, meta.known);
    stored.push({ ...(await toColumns(e, data, c.sealer)).cols, createTime: now, updateTime: now });
  }
  // Every row names the same columns: one a row left out takes its declared default.
  const names = [...new Set(stored.flatMap((r) => Object.keys(r)))];
  const valueOf = (r: Row, n: string) => {
    if (n in r) return r[n];
    const f = e.byName.get(n);
    return f && f.default !== undefined ? toStored(f, f.default) : null;
  };
  const head = `INSERT INTO ${db.q(e.table)} (${names.map((n) => db.q(n)).join(', ')}) VALUES `;
  const tuple = `(${names.map(() => '?').join(', ')})`;
  c.writing(e);
  let at = 0;
  for (const size of chunkSizes(stored.length)) {
    const part = stored.slice(at, at + size);
    at += size;
    await db
      .run(
        head + part.map(() => tuple).join(', '),
        part.flatMap((r) => names.map((n) => valueOf(r, n))),
      )
      .catch((err: unknown) => unique(e, err));
  }
  c.wrote(e);
  return stored.length;
}
