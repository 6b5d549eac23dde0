/**
 * The code helper: the module tree of the model, and `createCode`, which turns a field list (given,
 * or proposed by the language model) into an entity file made by the CLI's generator
 * (codegen/scaffold-entity.ts) and registers it live through `core.entities` (entity/live.ts).
 *
 * Decisions:
 * - Switched by CODING_ENABLED (on/off); on by default except when NODE_ENV is production. Off
 *   refuses createCode only: the module tree reads nothing that /eps does not show an administrator.
 * - Every check that needs no generator runs first (names, module, existing key, route group, file,
 *   dictionaries), then the model is asked (when needed), then the generator is loaded and the labels
 *   translated (coding-translate.ts): a refused call costs no model call, and ts-morph is loaded only
 *   when source is really made.
 * - Every label is written in en, zh-cn and zh-tw, never with the CLI's `[translate]` placeholders:
 *   the model's translations, or the English text when there are none.
 * - An existing key, a table, a file or a hand-written route group of that name all count as
 *   "already exists": the new routes would collide with them.
 * - The answer's `path` is relative to the project for the project's entities folder
 *   ('entities/demo/note.entity.ts'), else relative to the folder's parent.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { LiveEntityError, fail, type InvalidField, fieldRule, PROJECT_ROOT } from '../../core/api';
import type { Core, Labels, Entity } from '../../core/api';
import { typesByKey } from '../system/dict/dict-data.queries';
import type { CodingField, CodingRequest } from './coding-input';
import { proposeFields } from './coding-llm';
import { translateLabels } from './coding-translate';
import { CODING, CODING_FIELD } from './coding.messages';

export interface TreeField {
  name: string;
  type: string;
  label: Labels;
  length: number | null;
  required: boolean;
  dict: string | null;
  system: boolean;
}

export interface TreeEntity {
  key: string;
  /** Made with the code helper (in app_live_entity): only these may change through change sets. */
  live: boolean;
  name: string;
  label: Labels;
  table: string;
  prefix: string;
  fields: TreeField[];
}

export interface CodeAnswer {
  path: string;
  source: string;
  fields: CodingField[];
  key?: string;
  prefix?: string;
  router?: string;
}

/** CODING_ENABLED: on/off (true/false, 1/0, yes/no); absent: on unless NODE_ENV=production. */
export function codingEnabled(env: Record<string, string | undefined>): boolean {
  const v = (env.CODING_ENABLED ?? '').trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  return env.NODE_ENV !== 'production';
}

/** Modules, their entities and each entity's fields, by module then name. */
export async function moduleTree(core: Core): Promise<Array<{ module: string; entities: TreeEntity[] }>> {
  const live = await core.entities.keys();
  const byModule = new Map<string, Entity[]>();
  for (const e of core.model.entities) byModule.set(e.module, [...(byModule.get(e.module) ?? []), e]);
  return [...byModule.keys()].sort().map((module) => ({
    module,
    entities: byModule
      .get(module)!
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => ({
        key: e.key,
        live: live.has(e.key),
        name: e.name,
        label: e.label,
        table: e.table,
        prefix: e.prefix,
        fields: e.fields.map((f) => ({ name: f.name, type: f.type, label: f.label, length: f.length, required: f.required, dict: f.dict, system: f.system })),
      })),
  }));
}

/** Modules with an entity or a hand-written call. */
function knownModules(core: Core): Set<string> {
  return new Set([...core.model.entities.map((e) => e.module), ...core.routes.all.map((r) => r.module)]);
}

/** Where the entity's file goes, proven to stay inside the entities folder. */
export function fileOf(core: Core, module: string, name: string): string {
  const root = resolve(core.entities.dir);
  const file = resolve(join(root, module, `${name}.entity.ts`));
  if (!file.startsWith(root + sep)) throw fail.invalid([{ field: 'name', rule: 'invalid', params: {} }]);
  return file;
}

function shownPath(core: Core, file: string): string {
  const root = resolve(core.entities.dir);
  const base = root.startsWith(PROJECT_ROOT + sep) ? PROJECT_ROOT : dirname(root);
  return relative(base, file).split(sep).join('/') || basename(file);
}

/** The checks that need the running system: module known, name free, dictionaries existing. */
export async function checkAgainstSystem(core: Core, req: Pick<CodingRequest, 'module' | 'name' | 'fields' | 'newModule'>, file: string): Promise<void> {
  const errors: InvalidField[] = [];
  if (!req.newModule && !knownModules(core).has(req.module))
    errors.push({ field: 'module', rule: fieldRule(CODING_FIELD.field_coding_module_unknown), params: {} });
  const taken =
    core.model.byKey.has(`${req.module}/${req.name}`) || core.routes.all.some((r) => r.module === req.module && r.group === req.name) || existsSync(file);
  if (taken) errors.push({ field: 'name', rule: fieldRule(CODING_FIELD.field_coding_exists), params: {} });
  const wanted = [...new Set((req.fields ?? []).flatMap((f) => (f.dict ? [f.dict] : [])))];
  if (wanted.length > 0) {
    const found = new Set((await typesByKey(core, wanted)).map((t) => t.key));
    (req.fields ?? []).forEach((f, i) => {
      if (f.dict && !found.has(f.dict)) errors.push({ field: `fields.${i}.dict`, rule: fieldRule(CODING_FIELD.field_coding_dict_unknown), params: {} });
    });
  }
  if (errors.length > 0) throw fail.invalid(errors);
}

/** A refusal of the live registry as a 1002 on the field it names. */
export function liveRefusal(err: LiveEntityError): never {
  if (err.reason === 'invalid') throw fail.invalid([{ field: 'fields', rule: fieldRule(CODING_FIELD.field_coding_invalid), params: { reason: err.message } }]);
  const rule = err.reason === 'exists' ? fieldRule(CODING_FIELD.field_coding_exists) : 'invalid';
  throw fail.invalid([{ field: err.field ?? 'name', rule, params: {} }]);
}

/**
 * The switch CODING_ENABLED, a named check of the operation, not a rule of who may call: off, it
 * refuses everyone, the administrator too (whom every access rule lets through).
 */
export function assertCodingEnabled(core: Core): void {
  if (!codingEnabled(core.config.env)) throw fail.forbidden(CODING.coding_disabled);
}

/** A field as the generator takes it: a label in one text (translated) or one per language (as is). */
export interface SourceField extends Omit<CodingField, 'label'> {
  label?: string | Labels;
}

/**
 * The declaration source of `module/name` with `fields`, made by the CLI's generator. Labels given
 * in one text, or none, are translated (coding-translate.ts); `label` null: the entity's is too.
 */
export async function declarationSource(core: Core, file: string, module: string, name: string, label: Labels | null, fields: SourceField[]): Promise<string> {
  const { entitySource, humanize } = await import('../../../codegen/scaffold-entity');
  const wanted = fields.filter((f) => typeof f.label !== 'object');
  const labels =
    label && wanted.length === 0
      ? { entity: label, fields: new Map<string, Labels>() }
      : await translateLabels(core, label?.en ?? humanize(name), new Map(wanted.map((f) => [f.name, (f.label as string | undefined) ?? humanize(f.name)])));
  try {
    return entitySource(
      {
        module,
        name,
        label: label ?? labels.entity,
        fields: fields.map((f) => ({ ...f, label: typeof f.label === 'object' ? f.label : labels.fields.get(f.name) })),
      },
      file,
    );
  } catch (err) {
    throw fail.invalid([{ field: 'fields', rule: fieldRule(CODING_FIELD.field_coding_invalid), params: { reason: (err as Error).message } }]);
  }
}

/**
 * `createCode`: the dry run's preview, or the entity written and registered, as a change set
 * previewed and applied in one step (so it can be rolled back like any other).
 */
export async function createCode(core: Core, req: CodingRequest, userId: number): Promise<CodeAnswer> {
  assertCodingEnabled(core);
  const file = fileOf(core, req.module, req.name);
  await checkAgainstSystem(core, req, file);
  const fields = req.fields ?? (await proposeFields(core, { module: req.module, name: req.name, description: req.description! }));
  const source = await declarationSource(core, file, req.module, req.name, null, fields);
  const answer: CodeAnswer = { path: shownPath(core, file), source, fields };
  try {
    const checked = await core.entities.check(file, source);
    if (req.dryRun) return answer;
    const { createAndApply } = await import('./changeset.service');
    const e = await createAndApply(core, { entity: checked, file, source, userId });
    return { ...answer, key: e.key, prefix: e.prefix, router: `/${e.module}/${e.name}` };
  } catch (err) {
    if (err instanceof LiveEntityError) liveRefusal(err);
    throw err;
  }
}
