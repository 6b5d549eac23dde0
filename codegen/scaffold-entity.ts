/**
 * Creates `entities/<module>/<name>.entity.ts` with a `defineEntity({...})` declaration to fill in.
 *
 * @example
 * ```sh
 * npm run codegen:entity -- demo/note title:string! body:text price:decimal code:string(20)
 * ```
 * A field is `name:type`, with `(length)` for strings and a trailing `!` for required. Labels are
 * made from the names; the zh-cn and zh-tw ones are placeholders marked `[translate]`.
 *
 * The code helper (server/modules/coding) calls `entitySource` with the entity's `label` and
 * fields that carry a `label` (a text used as is in all three languages, or one per language; no
 * placeholder either way) and a `dict` (a dictionary type key). Every text is written as an escaped
 * string literal, so no label can break out of it, whoever wrote it (a caller, a language model).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { IndentationText, Project, QuoteKind } from 'ts-morph';
import type { CodeBlockWriter } from 'ts-morph';
import type { FieldType, Labels } from '../server/core/entity/define';
import { ENTITY_NAME, IDENTIFIER, MODULE_NAME } from '../server/core/entity/names';
import { PROJECT_ROOT } from '../server/core/paths';

export const TRANSLATE_MARK = '[translate]';

const FIELD_TYPES: FieldType[] = ['string', 'text', 'int', 'bigint', 'float', 'decimal', 'boolean', 'datetime', 'json'];
// The same rules as normalize.ts, checked here so a bad name never reaches a file.
const SYSTEM_FIELDS = new Set(['id', 'createTime', 'updateTime']);
const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;
const FIELD_SPEC = /^([^:]+):([a-z]+)(?:\((\d+)\))?(!)?$/;

export interface ScaffoldField {
  name: string;
  type: FieldType;
  length?: number;
  required: boolean;
  /**
   * A text: the label in en, zh-cn and zh-tw alike; or one text per language. Default: made from the
   * name, zh ones marked `[translate]`.
   */
  label?: string | Labels;
  /** Key of a dictionary type whose entries label the values. */
  dict?: string;
}

export interface ScaffoldOptions {
  module: string;
  name: string;
  fields: ScaffoldField[];
  /** The entity's label; default: made from the name, zh ones marked `[translate]`. */
  label?: Labels;
  /** Where entity files live; default the project's `entities/`. */
  entitiesDir?: string;
  /** The `define` module to import, as a path without extension; default the project's. */
  defineModule?: string;
}

/** `title:string!`, `code:string(20)`, `body:text` -> a field. Throws on anything else. */
export function parseFieldSpec(spec: string): ScaffoldField {
  const m = FIELD_SPEC.exec(spec);
  if (!m) throw new Error(`bad field '${spec}': expected name:type, name:type! or name:string(length)`);
  const [, name, type, length, bang] = m;
  const field: ScaffoldField = { name, type: type as FieldType, required: bang === '!', ...(length ? { length: Number(length) } : {}) };
  checkField(field);
  return field;
}

/** Throws when a field could not be written as given: every value that reaches the source is checked here. */
function checkField(f: ScaffoldField): void {
  const { name, type, length } = f;
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) throw new Error(`bad field name '${String(name)}'`);
  if (SYSTEM_FIELDS.has(name)) throw new Error(`field '${name}' is added by the core`);
  if (!FIELD_TYPES.includes(type)) throw new Error(`bad field type '${String(type)}': one of ${FIELD_TYPES.join(', ')}`);
  if (length !== undefined && type !== 'string') throw new Error(`field '${name}': only strings take a length`);
  if (length !== undefined && !(Number.isSafeInteger(length) && length > 0)) throw new Error(`field '${name}': the length must be a positive whole number`);
  if (f.label !== undefined && typeof f.label !== 'string') checkLabels(f.label, `field '${name}'`);
}

function checkLabels(labels: Labels, what: string): void {
  for (const lang of LANGS) {
    if (typeof labels?.[lang] !== 'string') throw new Error(`${what}: the ${lang} label must be a text`);
  }
}

/** `groupMember` -> `group_member`; `sys/user` -> `sys_user`. */
export function snakeName(name: string): string {
  return name
    .replace(/\//g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** `groupMember` -> `Group member`; `sys/user` -> `User`. */
export function humanize(name: string): string {
  const last = name.split('/').pop() ?? name;
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label written for `name`: the given one, or one made from the name with placeholders. */
function labelsOf(name: string, given?: string | Labels): Labels {
  if (typeof given === 'string') return { en: given, 'zh-cn': given, 'zh-tw': given };
  if (given !== undefined) return given;
  const en = humanize(name);
  const placeholder = `${TRANSLATE_MARK} ${en}`;
  return { en, 'zh-cn': placeholder, 'zh-tw': placeholder };
}

function labelCall(w: CodeBlockWriter, labels: Labels): void {
  w.write(`l(${LANGS.map((lang) => quote(labels[lang])).join(', ')})`);
}

/** A single-quoted literal: backslashes, quotes, line breaks and other control characters escaped. */
function quote(s: string): string {
  const escaped = s
    .replace(/[\\']/g, (c) => `\\${c}`)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `'${escaped}'`;
}

function importPath(fromDir: string, target: string): string {
  const rel = relative(fromDir, target).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The source text of a new entity file (ts-morph builds and prints it). */
export function entitySource(opts: ScaffoldOptions, file: string): string {
  const { module, name, fields } = opts;
  if (!MODULE_NAME.test(module)) throw new Error(`bad module name '${module}': lower-case letters and digits`);
  if (!ENTITY_NAME.test(name)) throw new Error(`bad entity name '${name}': camelCase segments separated by /`);
  const seen = new Set<string>();
  for (const f of fields) {
    checkField(f);
    if (seen.has(f.name)) throw new Error(`field '${f.name}' is given twice`);
    seen.add(f.name);
  }
  if (opts.label !== undefined) checkLabels(opts.label, 'the entity');
  const label = labelsOf(name, opts.label);
  const fieldLabels = fields.map((f) => labelsOf(f.name, f.label));
  // Only a file with placeholders is told to translate them.
  const placeholders = opts.label === undefined || fields.some((f) => f.label === undefined);
  const defineModule = opts.defineModule ?? resolve(PROJECT_ROOT, 'server/core/entity/define');
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  });
  const sf = project.createSourceFile('/entity.ts');
  sf.addImportDeclaration({ moduleSpecifier: importPath(dirname(file), defineModule), namedImports: ['defineEntity', 'l'] });
  if (placeholders) sf.addStatements((w) => w.blankLine().write(`// TODO: translate the labels marked ${TRANSLATE_MARK}, then remove this line.`));
  sf.addExportAssignment({
    isExportEquals: false,
    expression: (w) => {
      w.write('defineEntity(').inlineBlock(() => {
        w.writeLine(`module: ${quote(module)},`);
        w.writeLine(`name: ${quote(name)},`);
        w.writeLine(`table: ${quote(`${module}_${snakeName(name)}`)},`);
        w.write('label: ');
        labelCall(w, label);
        w.write(',').newLine();
        w.write('fields: ').inlineBlock(() => {
          fields.forEach((f, i) => {
            w.write(`${f.name}: { type: ${quote(f.type)}, `);
            if (f.length !== undefined) w.write(`length: ${f.length}, `);
            if (f.required) w.write('required: true, ');
            if (f.dict !== undefined) w.write(`dict: ${quote(f.dict)}, `);
            w.write('label: ');
            labelCall(w, fieldLabels[i]);
            w.write(' },').newLine();
          });
        });
        w.write(',');
      });
      w.write(')');
    },
  });
  sf.formatText({ indentSize: 2, convertTabsToSpaces: true });
  return sf.getFullText().replace(/\n{3,}/g, '\n\n');
}

/** Creates the entity file and returns its path; refuses to overwrite an existing one. */
export function scaffoldEntity(opts: ScaffoldOptions): string {
  const dir = opts.entitiesDir ?? resolve(PROJECT_ROOT, 'entities');
  const file = join(dir, opts.module, `${opts.name}.entity.ts`);
  const text = entitySource(opts, file);
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, text, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`${file} exists; not overwriting it`);
    throw err;
  }
  return file;
}

/** `demo/note title:string! body:text` -> options. */
export function parseArgs(args: string[]): ScaffoldOptions {
  const [target, ...specs] = args;
  const slash = target?.indexOf('/') ?? -1;
  if (!target || slash < 1) throw new Error('usage: npm run codegen:entity -- <module>/<name> [field:type[!] ...]');
  return { module: target.slice(0, slash), name: target.slice(slash + 1), fields: specs.map(parseFieldSpec) };
}

// Run as a script (node dist/codegen/scaffold-entity.js), not when imported by tests.
if (resolve(process.argv[1] ?? '') === __filename) {
  try {
    const file = scaffoldEntity(parseArgs(process.argv.slice(2)));
    console.log(`created ${relative(PROJECT_ROOT, file)}`);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
