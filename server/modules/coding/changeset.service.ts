/**
 * Change sets: every creation or change of a code-helper entity is first a preview (the
 * declaration's diff, the statements it runs here, the routes, menus and keys it adds or removes,
 * its warnings), stored as a draft; the administrator applies it, and may roll back the last one
 * applied to an entity, then purge what it kept aside.
 *
 * Decisions:
 * - Only live entities (a row in app_live_entity: made with the helper) change; any other existing
 *   entity belongs to the product (shipped, or a file of `codegen:entity`) and is refused with 1002
 *   `coding_not_live` on `name`.
 * - The statements are the plan's (core: db/schema-change.ts), computed by the preview and stored with it:
 *   apply and rollback run exactly what the answer shows. SQLite runs them in one transaction; MySQL
 *   commits each DDL statement, so on a failure the steps already run are undone in reverse and the
 *   old declaration keeps working. The set's state is recorded only after success.
 * - The entity is claimed in app_live_entity while the statements run (entity/live.ts), and the
 *   set by a conditional update of its state: of two applies of one draft, or of two drafts of one
 *   entity, one wins and the other gets 409. A draft whose `before` is no longer the entity's
 *   declaration is refused 409 `coding_changed`.
 * - A row's version is 2 x the set's id after apply and 2 x id + 1 after rollback: each event gives
 *   the other instances a new version to re-register.
 * - The SQL lives in the core (schema-change.ts, entity/change-sets.ts, seed-menus.ts unseedEntity):
 *   modules write no SQL; this file orders the steps.
 * - Rolling back a creation removes the entity's routes (on every instance, at their next sync), its
 *   menu entry, its permission keys (with the roles' links to them) and their seeding marks, so the
 *   same name can be made again later.
 */
import { join, resolve } from 'node:path';
import {
  LiveEntityError,
  applySql,
  changePlan,
  createPlan,
  dropAside,
  fail,
  fieldRule,
  insertChangeSet,
  keptNow,
  lastApplied,
  markPurged,
  moveState,
  notNullColumns,
  pageChangeSets,
  readChangeSet,
  rollbackSql,
  runPlan,
  saveDetail,
  t,
  unseedEntity,
} from '../../core/api';
import type { Caller, ChangeSetDetail, ChangeSetRow, Core, Db, Entity, EntityField, Lang } from '../../core/api';
import { typesByKey } from '../system/dict/dict-data.queries';
import { unifiedDiff } from './changeset-diff';
import type { ChangeField, PreviewInput } from './changeset-input';
import { proposeChange, proposeFields } from './coding-llm';
import { assertCodingEnabled, checkAgainstSystem, declarationSource, fileOf, liveRefusal, type SourceField } from './coding.service';
import { CODING, CODING_FIELD } from './coding.messages';

export interface ChangeSetAnswer {
  id: number;
  entityKey: string;
  kind: 'create' | 'change';
  state: 'draft' | 'applied' | 'rolledBack' | 'discarded';
  before: string | null;
  after: string;
  diff: string;
  sql: string[];
  rollbackSql: string[];
  routes: { added: string[]; removed: string[] };
  menus: { added: string[]; removed: string[] };
  perms: { added: string[]; removed: string[] };
  warnings: Array<{ field: string; kind: string; message: string }>;
  keptAside: Array<{ what: 'column' | 'table'; name: string; table: string; purged: boolean }>;
  createdBy: number;
  appliedBy: number | null;
  createTime: string;
  appliedTime: string | null;
  rolledBackTime: string | null;
}

const NONE = { added: [], removed: [] };

/** Apply's copies are gone once every table they went to is purged. */
function applyPurged(row: ChangeSetRow): boolean {
  const kept = row.detail.plan.keptByApply;
  return kept.length > 0 && kept.every((k) => row.purged.includes(k.table));
}

export function answerOf(row: ChangeSetRow, lang: Lang): ChangeSetAnswer {
  const { plan } = row.detail;
  // A set whose statements are running shows the state it leaves on failure.
  const state = row.state === 'applying' ? 'draft' : row.state === 'rollingBack' ? 'applied' : row.state;
  return {
    id: row.id,
    entityKey: row.entityKey,
    kind: row.kind,
    state,
    before: row.before,
    after: row.after,
    diff: row.detail.diff,
    sql: applySql(plan),
    rollbackSql: rollbackSql(plan, applyPurged(row)),
    routes: row.detail.routes,
    menus: row.detail.menus,
    perms: row.detail.perms,
    warnings: plan.warnings.map((w) => ({ field: w.field, kind: w.kind, message: t(lang, `coding_warn_${w.kind}`, { field: w.field, ...w.params }) })),
    keptAside: keptNow(row).map((k) => ({ ...k, purged: row.purged.includes(k.table) })),
    createdBy: row.createdBy,
    appliedBy: row.appliedBy,
    createTime: row.createTime,
    appliedTime: row.appliedTime,
    rolledBackTime: row.rolledBackTime,
  };
}

/** A field of an entity as a change set's list gives it. */
function listed(f: EntityField): SourceField {
  return {
    name: f.name,
    type: f.type,
    ...(f.type === 'string' && f.length !== null && f.length !== 255 ? { length: f.length } : {}),
    required: f.required,
    label: f.label,
    ...(f.dict ? { dict: f.dict } : {}),
  };
}

const userFields = (e: Entity) => e.fields.filter((f) => !f.system && !f.virtual);

/** Whether two declarations have the same fields, in the same order, with the same settings. */
function sameFields(a: Entity, b: Entity): boolean {
  const sig = (e: Entity) =>
    JSON.stringify(userFields(e).map((f) => [f.name, f.type, f.length, f.required, f.nullable, f.dict, f.label.en, f.label['zh-cn'], f.label['zh-tw']]));
  return sig(a) === sig(b);
}

async function checkDicts(core: Core, fields: ChangeField[]): Promise<void> {
  const wanted = [...new Set(fields.flatMap((f) => (f.dict ? [f.dict] : [])))];
  if (wanted.length === 0) return;
  const found = new Set((await typesByKey(core, wanted)).map((x) => x.key));
  const errors = fields.flatMap((f, i) =>
    f.dict && !found.has(f.dict) ? [{ field: `fields.${i}.dict`, rule: fieldRule(CODING_FIELD.field_coding_dict_unknown), params: {} }] : [],
  );
  if (errors.length > 0) throw fail.invalid(errors);
}

/** The routes, menu and keys an entity brings. */
function surface(e: Entity): Pick<ChangeSetDetail, 'routes' | 'menus' | 'perms'> {
  return {
    routes: { added: e.actions.map((a) => `${a.method} ${a.path}`), removed: [] },
    menus: { added: [`/${e.module}/${e.name}`], removed: [] },
    perms: { added: e.actions.filter((a) => !a.public).map((a) => a.permission), removed: [] },
  };
}

async function store(
  core: Core,
  userId: number,
  base: { entityKey: string; kind: 'create' | 'change'; before: string | null; after: string },
  detail: (id: number) => ChangeSetDetail,
): Promise<ChangeSetRow> {
  const empty: ChangeSetDetail = {
    file: '',
    plan: { steps: [], warnings: [], keptByApply: [], keptByRollback: [] },
    routes: NONE,
    menus: NONE,
    perms: NONE,
    diff: '',
  };
  const id = await insertChangeSet(core.db, { ...base, createdBy: userId }, empty);
  await saveDetail(core.db, id, detail(id));
  return (await readChangeSet(core.db, id))!;
}

function relFile(core: Core, file: string): string {
  return resolve(file)
    .slice(resolve(core.entities.dir).length + 1)
    .split('\\')
    .join('/');
}

/** A creation's draft (the checks of createCode already passed: `entity` is the checked declaration). */
async function storeCreate(core: Core, o: { entity: Entity; file: string; source: string; userId: number }): Promise<ChangeSetRow> {
  const rel = relFile(core, o.file);
  return store(core, o.userId, { entityKey: o.entity.key, kind: 'create', before: null, after: o.source }, (id) => ({
    file: rel,
    plan: createPlan(core.db, id, o.entity),
    ...surface(o.entity),
    diff: unifiedDiff(null, o.source, rel),
  }));
}

/** createCode's one step: a creation stored and applied at once. */
export async function createAndApply(core: Core, o: { entity: Entity; file: string; source: string; userId: number }): Promise<Entity> {
  const row = await storeCreate(core, o);
  try {
    await applyChangeSet(core, row.id, o.userId, 'en');
  } catch (err) {
    await moveState(core.db, row.id, 'draft', 'discarded');
    throw err;
  }
  return core.model.byKey.get(o.entity.key)!;
}

/** `preview`: the change set of the wanted fields (or of the model's draft of them), stored as a draft. */
export async function previewChange(core: Core, input: PreviewInput, user: Caller, lang: Lang): Promise<ChangeSetAnswer> {
  assertCodingEnabled(core);
  const { module, name } = input;
  const key = `${module}/${name}`;
  const current = core.model.byKey.get(key);
  if (!current) return answerOf(await previewCreate(core, input, user), lang);
  const row = await core.entities.row(key);
  if (!row) throw fail.invalid([{ field: 'name', rule: fieldRule(CODING_FIELD.field_coding_not_live), params: {} }]);
  const fields =
    input.fields ?? (await proposeChange(core, { module, name, description: input.description!, current: userFields(current).map(listed) as ChangeField[] }));
  await checkDicts(core, fields);
  const byName = new Map(userFields(current).map((f) => [f.name, f]));
  const renames = new Map<string, string>();
  const errors = fields.flatMap((f, i) => {
    if (f.from === undefined || f.from === f.name) return [];
    if (!byName.has(f.from) || fields.some((o, j) => j !== i && (o.from ?? o.name) === f.from)) {
      return [{ field: `fields.${i}.from`, rule: fieldRule(CODING_FIELD.field_coding_from_unknown), params: {} }];
    }
    renames.set(f.name, f.from);
    return [];
  });
  if (errors.length > 0) throw fail.invalid(errors);
  const file = join(core.entities.dir, row.file);
  // A field kept as it was keeps its labels unless new ones are given.
  const wanted: SourceField[] = fields.map(({ from, ...f }) => {
    const old = byName.get(from ?? f.name);
    return f.label === undefined && old ? { ...f, label: old.label } : f;
  });
  const after = await declarationSource(core, file, module, name, current.label, wanted);
  let next: Entity;
  try {
    next = await core.entities.evaluate(file, after);
  } catch (err) {
    if (err instanceof LiveEntityError) liveRefusal(err);
    throw err;
  }
  if (renames.size === 0 && sameFields(current, next))
    throw fail.invalid([{ field: 'fields', rule: fieldRule(CODING_FIELD.field_coding_no_change), params: {} }]);
  const notNull = await notNullColumns(core.db, current.table);
  const stored = await store(core, user.id, { entityKey: key, kind: 'change', before: row.source, after }, (id) => ({
    file: row.file,
    plan: changePlan(core.db, id, current, next, renames, notNull),
    routes: NONE,
    menus: NONE,
    perms: NONE,
    diff: unifiedDiff(row.source, after, row.file),
  }));
  return answerOf(stored, lang);
}

async function previewCreate(core: Core, input: PreviewInput, user: Caller): Promise<ChangeSetRow> {
  const { module, name } = input;
  const file = fileOf(core, module, name);
  const renamed = (input.fields ?? []).flatMap((f, i) =>
    f.from !== undefined ? [{ field: `fields.${i}.from`, rule: fieldRule(CODING_FIELD.field_coding_from_create), params: {} }] : [],
  );
  if (renamed.length > 0) throw fail.invalid(renamed);
  const asCoding = input.fields?.map((f) => ({ ...f, label: typeof f.label === 'string' ? f.label : undefined }));
  await checkAgainstSystem(core, { module, name, fields: asCoding, newModule: input.newModule ?? false }, file);
  const fields: SourceField[] = input.fields ?? (await proposeFields(core, { module, name, description: input.description! }));
  const source = await declarationSource(core, file, module, name, null, fields);
  try {
    const entity = await core.entities.check(file, source);
    return await storeCreate(core, { entity, file, source, userId: user.id });
  } catch (err) {
    if (err instanceof LiveEntityError) liveRefusal(err);
    throw err;
  }
}

function conflictOf(err: unknown): never {
  if (err instanceof LiveEntityError && (err.reason === 'changed' || err.reason === 'exists')) throw fail.conflict(CODING.coding_changed);
  if (err instanceof LiveEntityError) liveRefusal(err);
  throw err;
}

async function found(core: Core, id: number): Promise<ChangeSetRow> {
  const row = await readChangeSet(core.db, id);
  if (!row) throw fail.notFound();
  return row;
}

/** `apply`: the draft's statements run and its declaration registered on every instance. */
export async function applyChangeSet(core: Core, id: number, userId: number, lang: Lang): Promise<ChangeSetAnswer> {
  assertCodingEnabled(core);
  const row = await found(core, id);
  if (row.state !== 'draft' || !(await moveState(core.db, id, 'draft', 'applying'))) throw fail.conflict(CODING.coding_not_draft);
  const run = (db: Db) => runPlan(db, row.detail.plan, 'do');
  try {
    if (row.kind === 'create') {
      await core.entities.apply({
        kind: 'create',
        key: row.entityKey,
        file: join(core.entities.dir, row.detail.file),
        source: row.after,
        version: 2 * id,
        run,
      });
    } else {
      await core.entities.apply({ kind: 'change', key: row.entityKey, source: row.after, before: row.before!, version: 2 * id, run });
    }
  } catch (err) {
    await moveState(core.db, id, 'applying', 'draft');
    conflictOf(err);
  }
  await moveState(core.db, id, 'applying', 'applied', { appliedBy: userId, appliedTime: new Date().toISOString() });
  return answerOf(await found(core, id), lang);
}

/** `rollback`: the last applied set of its entity undone (see the file's comment). */
export async function rollbackChangeSet(core: Core, id: number, lang: Lang): Promise<ChangeSetAnswer> {
  assertCodingEnabled(core);
  const row = await found(core, id);
  if (row.state !== 'applied') throw fail.conflict(CODING.coding_not_applied);
  if ((await lastApplied(core.db, row.entityKey)) !== id) throw fail.conflict(CODING.coding_not_last);
  if (!(await moveState(core.db, id, 'applied', 'rollingBack'))) throw fail.conflict(CODING.coding_not_applied);
  const run = (db: Db) => runPlan(db, row.detail.plan, 'undo', applyPurged(row));
  try {
    if (row.kind === 'create') {
      await core.entities.apply({ kind: 'remove', key: row.entityKey, before: row.after, version: 2 * id + 1, run });
    } else {
      await core.entities.apply({ kind: 'change', key: row.entityKey, source: row.before!, before: row.after, version: 2 * id + 1, run });
    }
  } catch (err) {
    await moveState(core.db, id, 'rollingBack', 'applied');
    conflictOf(err);
  }
  if (row.kind === 'create') {
    await unseedEntity(core.db, core.model, row.entityKey, row.detail.perms.added);
    // Drops the cached menus and permission sets (nothing is seeded again: the entity is gone).
    await core.reseed();
  }
  await moveState(core.db, id, 'rollingBack', 'rolledBack', { rolledBackTime: new Date().toISOString() });
  return answerOf(await found(core, id), lang);
}

/** `discard`: a draft set aside for good. */
export async function discardChangeSet(core: Core, id: number, lang: Lang): Promise<ChangeSetAnswer> {
  assertCodingEnabled(core);
  await found(core, id);
  if (!(await moveState(core.db, id, 'draft', 'discarded'))) throw fail.conflict(CODING.coding_not_draft);
  return answerOf(await found(core, id), lang);
}

/** `purge`: the tables the set keeps aside now are dropped. */
export async function purgeChangeSet(core: Core, id: number, lang: Lang): Promise<ChangeSetAnswer> {
  assertCodingEnabled(core);
  const row = await found(core, id);
  if (row.state !== 'applied' && row.state !== 'rolledBack') throw fail.conflict(CODING.coding_not_applied);
  const tables = [...new Set(keptNow(row).map((k) => k.table))].filter((x) => !row.purged.includes(x));
  await dropAside(core.db, tables);
  await markPurged(core.db, id, [...row.purged, ...tables]);
  return answerOf(await found(core, id), lang);
}

/** `changeSets`: newest first. */
export async function listChangeSets(
  core: Core,
  o: { entityKey?: string; page?: number; size?: number },
  lang: Lang,
): Promise<{ list: ChangeSetAnswer[]; pagination: { page: number; size: number; total: number } }> {
  assertCodingEnabled(core);
  const page = o.page ?? 1;
  const size = o.size ?? 20;
  const { rows, total } = await pageChangeSets(core.db, { entityKey: o.entityKey, page, size });
  return { list: rows.map((r) => answerOf(r, lang)), pagination: { page, size, total } };
}
