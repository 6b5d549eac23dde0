/**
 * Params (base/sys/param) that the server reads with a default: declared once in code with
 * `seededParam`, then seeded once each (remembered in app_seed_state as `param:<keyName>`), so the
 * administrator finds them in the console with their default and may change them. A param the
 * administrator changed or deleted is never put back; a deleted or unreadable one reads as its default.
 */
import type { Db } from '../db/db';
import type { Model } from '../entity/model';
import type { HookTransaction } from '../entity/define';
import { isIn } from '../condition';
import { dynamicKey } from '../entity/row-types';
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
 * The numbers of `specs`, read in one query through the database:
 * each param's data when it is a number within its range, else its default.
 */
export async function readNumberParams<K extends string>(
  db: Pick<Db, 'query' | 'q'>,
  table: string,
  specs: Record<K, NumberParam>,
): Promise<Record<K, number>> {
  const keys = paramKeys(specs);
  const rows = await db.query<{ keyName: string; data: string | null }>(
    `SELECT ${db.q('keyName')}, ${db.q('data')} FROM ${db.q(table)} WHERE ${db.q('keyName')} IN (${keys.map(() => '?').join(', ')})`,
    keys,
  );
  return numberParams(rows, specs);
}

/** The same, read by an entity hook through its transaction (`paramsEntity`: the params entity's key). */
export async function readNumberParamsIn<K extends string>(
  t: HookTransaction,
  paramsEntity: string,
  specs: Record<K, NumberParam>,
): Promise<Record<K, number>> {
  const rows = await t.system.find(dynamicKey(paramsEntity), isIn('keyName', paramKeys(specs)), { fields: ['keyName', 'data'] });
  return numberParams(rows, specs);
}

function paramKeys<K extends string>(specs: Record<K, NumberParam>): string[] {
  return (Object.values(specs) as NumberParam[]).map((s) => s.param.keyName);
}

function numberParams<K extends string>(rows: Array<{ keyName?: unknown; data?: unknown }>, specs: Record<K, NumberParam>): Record<K, number> {
  const byKey = new Map(rows.map((r) => [r.keyName, typeof r.data === 'string' ? r.data : null]));
  const out = {} as Record<K, number>;
  for (const [k, s] of Object.entries(specs) as Array<[K, NumberParam]>) {
    const raw = byKey.get(s.param.keyName)?.trim();
    const n = raw ? Number(raw) : NaN;
    out[k] = Number.isFinite(n) && n >= s.min && n <= s.max ? n : Number(s.param.data);
  }
  return out;
}
