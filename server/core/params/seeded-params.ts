/**
 * Params (base/sys/param) that the server reads with a default: declared once in code with
 * `seededParam`, then seeded once each (remembered in app_seed_state as `param:<keyName>`), so the
 * administrator finds them in the console with their default and may change them. A param the
 * administrator changed or deleted is never put back; a deleted or unreadable one reads as its default.
 */
import type { Db } from '../db/db';
import type { HookDb } from '../entity/define';
import type { Model } from '../entity/model';
import { insert, markSeeded, type Done } from '../seed-db';

export interface SeededParam {
  keyName: string;
  name: string;
  /** The default, as the param's data text. */
  data: string;
  remark: string;
}

const declared = new Map<string, SeededParam>();

/** Declares a param to seed; answers it. */
export function seededParam(p: SeededParam): SeededParam {
  declared.set(p.keyName, p);
  return p;
}

/** Adds, in the seed's transaction, the declared params never seeded before (unless a row has the key already). */
export async function seedParams(tx: Db, model: Model, done: Done): Promise<void> {
  const table = model.system('params').table;
  const q = tx.q.bind(tx);
  for (const p of declared.values()) {
    const key = `param:${p.keyName}`;
    if (done.has(key)) continue;
    const [found] = await tx.query(`SELECT ${q('id')} FROM ${q(table)} WHERE ${q('keyName')} = ?`, [p.keyName]);
    if (!found) await insert(tx, table, { keyName: p.keyName, name: p.name, data: p.data, dataType: 0, remark: p.remark, secret: 0 });
    await markSeeded(tx, done, key);
  }
}

export interface NumberParam {
  param: SeededParam;
  min: number;
  max: number;
}

/**
 * The numbers of `specs`, read in one query through any query function (a hook's, the core's):
 * each param's data when it is a number within its range, else its default.
 */
export async function readNumberParams<K extends string>(db: Pick<HookDb, 'query' | 'q'>, table: string, specs: Record<K, NumberParam>): Promise<Record<K, number>> {
  const entries = Object.entries(specs) as Array<[K, NumberParam]>;
  const rows = await db.query<{ keyName: string; data: string | null }>(
    `SELECT ${db.q('keyName')}, ${db.q('data')} FROM ${db.q(table)} WHERE ${db.q('keyName')} IN (${entries.map(() => '?').join(', ')})`,
    entries.map(([, s]) => s.param.keyName),
  );
  const byKey = new Map(rows.map((r) => [r.keyName, r.data]));
  const out = {} as Record<K, number>;
  for (const [k, s] of entries) {
    const raw = byKey.get(s.param.keyName)?.trim();
    const n = raw ? Number(raw) : NaN;
    out[k] = Number.isFinite(n) && n >= s.min && n <= s.max ? n : Number(s.param.data);
  }
  return out;
}
