/**
 * The statements of a code helper change set on this database (server/modules/coding/changeset.service.ts):
 * what apply runs, what rollback runs, and what each keeps aside. A pure function of the declarations before and after (and of which columns
 * refuse NULL today), so the preview shows exactly what apply and rollback then run.
 *
 * Decisions:
 * - Nothing is lost by a change set or its rollback. A removed column is first copied (id and
 *   value) into `app_aside_<id>_<table>`, then dropped; rolling back adds it again and copies the
 *   values back. A rolled-back added column goes the same way into `app_aside_<id>r_<table>`; a
 *   rolled-back creation renames the whole table to `app_aside_<id>_<table>`. Only `purge` drops
 *   what is kept aside. The schema sync never reads these tables (schema.ts).
 * - Apply order: indexes that go, the aside copy, dropped columns, renames, added columns, changed
 *   columns, new indexes. Rollback runs each step's undo in the reverse order.
 * - A changed type or length is `MODIFY COLUMN` on MySQL; SQLite stores any length in any column,
 *   so it runs nothing there. A column made optional that refuses NULL is relaxed: `MODIFY` on
 *   MySQL; on SQLite (which cannot change a column's NULL rule) it is renamed, added again
 *   nullable, copied and the old one dropped. Rollback leaves it nullable (the rule is then the
 *   declaration's, on every write). Added and modified columns are nullable unless they have a
 *   default, as the schema sync adds them (rows that exist have no value).
 * - A change of label, dictionary or required alone runs no statement.
 */
import type { Entity, Field } from '../entity/model';
import type { Db } from './db';
import { columnDef, createIndexSql, createStatements, dropIndexSql, indexSpecs } from './schema';

export interface Step {
  do: string[];
  undo: string[];
  /** Undo statements that need the kept-aside copy (left out once it is purged). */
  undoKept?: string[];
}

export type WarningKind = 'drop' | 'shorten' | 'rename' | 'dict' | 'type';

export interface PlanWarning {
  field: string;
  kind: WarningKind;
  params: Record<string, string | number>;
}

export interface KeptAside {
  what: 'column' | 'table';
  /** The column's name, or the table's (its name before it went aside). */
  name: string;
  /** The table that holds it now. */
  table: string;
}

export interface Plan {
  steps: Step[];
  warnings: PlanWarning[];
  /** Kept aside by apply (removed columns). */
  keptByApply: KeptAside[];
  /** Kept aside by rollback (added columns, or the created table). */
  keptByRollback: KeptAside[];
}

const MAX_NAME = 64;

/** `app_aside_<id><suffix>_<table>`, cut to MySQL's 64 characters. */
export function asideName(id: number, table: string, suffix = ''): string {
  return `app_aside_${id}${suffix}_${table}`.slice(0, MAX_NAME);
}

export function applySql(plan: Plan): string[] {
  return plan.steps.flatMap((s) => s.do);
}

/** `purged`: the aside copies of apply are gone, so rollback adds their columns back empty. */
export function rollbackSql(plan: Plan, purged: boolean): string[] {
  return [...plan.steps].reverse().flatMap((s) => [...s.undo, ...(purged ? [] : (s.undoKept ?? []))]);
}

/** A creation: the table and its indexes; rolled back, the indexes go and the table is renamed aside. */
export function createPlan(db: Db, id: number, e: Entity): Plan {
  const aside = asideName(id, e.table);
  return {
    steps: [
      {
        do: createStatements(db, e),
        // SQLite names indexes per database: they go, so a new entity of this name can have its own.
        undo: [...indexSpecs(e).map((ix) => dropIndexSql(db, e.table, ix.name)), `ALTER TABLE ${db.q(e.table)} RENAME TO ${db.q(aside)}`],
      },
    ],
    warnings: [],
    keptByApply: [],
    keptByRollback: [{ what: 'table', name: e.table, table: aside }],
  };
}

function sameColumn(a: Field, b: Field): boolean {
  return a.type === b.type && (a.length ?? null) === (b.length ?? null) && a.precision === b.precision && a.scale === b.scale;
}

/**
 * A change of `before` into `after`; `renames` maps a field's new name to its old one, `notNull`
 * lists today's columns that refuse NULL.
 */
export function changePlan(db: Db, id: number, before: Entity, after: Entity, renames: Map<string, string>, notNull: Set<string>): Plan {
  const q = db.q.bind(db);
  const t = q(before.table);
  const oldCols = new Map(before.columns.filter((f) => !f.system).map((f) => [f.name, f]));
  const newCols = after.columns.filter((f) => !f.system);
  const oldOf = (f: Field) => oldCols.get(renames.get(f.name) ?? f.name);
  const kept = new Set(newCols.map((f) => renames.get(f.name) ?? f.name));
  const dropped = [...oldCols.values()].filter((f) => !kept.has(f.name));
  const added = newCols.filter((f) => !oldOf(f));
  const steps: Step[] = [];
  const warnings: PlanWarning[] = [];

  const oldIx = new Map(indexSpecs(before).map((ix) => [ix.name, ix]));
  const newIx = new Map(indexSpecs(after).map((ix) => [ix.name, ix]));
  for (const ix of oldIx.values()) {
    if (!newIx.has(ix.name)) steps.push({ do: [dropIndexSql(db, before.table, ix.name)], undo: [createIndexSql(db, before.table, ix)] });
  }

  const aside = asideName(id, before.table);
  if (dropped.length > 0) {
    const cols = ['id', ...dropped.map((f) => f.name)].map(q).join(', ');
    steps.push({ do: [`CREATE TABLE ${q(aside)} AS SELECT ${cols} FROM ${t}`], undo: [], undoKept: [`DROP TABLE ${q(aside)}`] });
    for (const f of dropped) {
      steps.push({
        do: [`ALTER TABLE ${t} DROP COLUMN ${q(f.name)}`],
        undo: [`ALTER TABLE ${t} ADD COLUMN ${columnDef(db, f, true)}`],
        undoKept: [`UPDATE ${t} SET ${q(f.name)} = (SELECT a.${q(f.name)} FROM ${q(aside)} a WHERE a.${q('id')} = ${t}.${q('id')})`],
      });
      warnings.push({ field: f.name, kind: 'drop', params: { table: aside } });
    }
  }

  for (const [to, from] of renames) {
    steps.push({ do: [`ALTER TABLE ${t} RENAME COLUMN ${q(from)} TO ${q(to)}`], undo: [`ALTER TABLE ${t} RENAME COLUMN ${q(to)} TO ${q(from)}`] });
    warnings.push({ field: to, kind: 'rename', params: { from } });
  }

  for (const f of added) steps.push({ do: [`ALTER TABLE ${t} ADD COLUMN ${columnDef(db, f, true)}`], undo: [`ALTER TABLE ${t} DROP COLUMN ${q(f.name)}`] });
  const back = asideName(id, before.table, 'r');
  if (added.length > 0) {
    // Undone before the steps above (in reverse): the values are copied before their columns go.
    const cols = ['id', ...added.map((f) => f.name)].map(q).join(', ');
    steps.push({ do: [], undo: [`CREATE TABLE ${q(back)} AS SELECT ${cols} FROM ${t}`] });
  }

  for (const f of newCols) {
    const old = oldOf(f);
    if (!old) continue;
    const col = renames.has(f.name) ? f.name : old.name;
    const retyped = !sameColumn(old, f);
    if (old.type !== f.type) warnings.push({ field: f.name, kind: 'type', params: { from: old.type, to: f.type } });
    else if (f.type === 'string' && (f.length ?? 255) < (old.length ?? 255)) {
      warnings.push({ field: f.name, kind: 'shorten', params: { from: old.length ?? 255, to: f.length ?? 255 } });
    }
    if ((old.dict ?? null) !== (f.dict ?? null)) warnings.push({ field: f.name, kind: 'dict', params: { from: old.dict ?? '-', to: f.dict ?? '-' } });
    const relax = notNull.has(renames.get(f.name) ?? f.name) && f.nullable && !old.nullable;
    if (db.dialect === 'mysql' && (retyped || relax)) {
      steps.push({
        do: [`ALTER TABLE ${t} MODIFY COLUMN ${columnDef(db, { ...f, name: col }, true)}`],
        undo: retyped ? [`ALTER TABLE ${t} MODIFY COLUMN ${columnDef(db, { ...old, name: col }, true)}`] : [],
      });
    } else if (db.dialect === 'sqlite' && relax) {
      const tmp = `${col}__cs${id}`.slice(0, MAX_NAME);
      steps.push({
        do: [
          `ALTER TABLE ${t} RENAME COLUMN ${q(col)} TO ${q(tmp)}`,
          `ALTER TABLE ${t} ADD COLUMN ${columnDef(db, { ...f, name: col }, true)}`,
          `UPDATE ${t} SET ${q(col)} = ${q(tmp)}`,
          `ALTER TABLE ${t} DROP COLUMN ${q(tmp)}`,
        ],
        undo: [],
      });
    }
  }

  for (const ix of newIx.values()) {
    if (!oldIx.has(ix.name)) steps.push({ do: [createIndexSql(db, before.table, ix)], undo: [dropIndexSql(db, before.table, ix.name)] });
  }

  return {
    steps,
    warnings,
    keptByApply: dropped.map((f) => ({ what: 'column', name: f.name, table: aside })),
    keptByRollback: added.map((f) => ({ what: 'column', name: f.name, table: back })),
  };
}

/**
 * Runs a plan's statements (`undo`: its rollback). SQLite runs them in one transaction; MySQL commits
 * each DDL statement itself, so when one of apply's fails, the steps already run are undone in
 * reverse (best effort) and the first failure is thrown.
 */
export async function runPlan(db: Db, plan: Plan, direction: 'do' | 'undo', purged = false): Promise<void> {
  if (db.dialect === 'sqlite') {
    const sql = direction === 'do' ? applySql(plan) : rollbackSql(plan, purged);
    await db.transaction(async (tx) => {
      for (const s of sql) await tx.run(s);
    });
    return;
  }
  if (direction === 'undo') {
    for (const s of rollbackSql(plan, purged)) await db.run(s);
    return;
  }
  const done: Step[] = [];
  try {
    for (const step of plan.steps) {
      for (const s of step.do) await db.run(s);
      done.push(step);
    }
  } catch (err) {
    for (const s of rollbackSql({ ...plan, steps: done }, false)) {
      try {
        await db.run(s);
      } catch {
        // Best effort: the first failure is the one reported.
      }
    }
    throw err;
  }
}
