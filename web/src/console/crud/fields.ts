/**
 * What the generic screen shows and edits for one entity, read from its /eps entry: the table
 * columns, the inline-editable cells and the form fields with their control kind and rules.
 * Pure: no React, no network, so it is unit-tested directly.
 */
import type { EpsColumn, EpsDictOption, EpsEntry, JsonSchema } from '../eps';
import type { Lang } from '../../i18n/define';

/** The control a value is edited with. */
export type FieldKind = 'text' | 'textarea' | 'integer' | 'number' | 'switch' | 'flag' | 'select' | 'datetime' | 'date' | 'json' | 'password';

export interface FieldSpec {
  name: string;
  label: string;
  /** Labels in every language, for matching import headers. */
  labels: string[];
  kind: FieldKind;
  required: boolean;
  maxLength?: number;
  /** Enum options given inline, or a dictionary type key whose options are loaded. */
  options?: EpsDictOption[];
  dictKey?: string;
  nullable: boolean;
  column?: EpsColumn;
  /** What to write (the declaration's help, in the caller's language), shown under the control. */
  help?: string;
  /** The unit of a number (days), in the caller's language, shown beside the control. */
  unit?: string;
}

const SYSTEM_FIELDS = new Set(['id', 'createTime', 'updateTime']);
const INTEGER_TYPES = new Set(['int', 'bigint', 'integer', 'tinyint', 'smallint']);
const NUMBER_TYPES = new Set(['decimal', 'float', 'double', 'number']);

function schemaTypes(p: JsonSchema | undefined): string[] {
  if (!p?.type) return [];
  return Array.isArray(p.type) ? p.type : [p.type];
}

/** Columns the table may show: not write-only (passwords, secrets), but whether a sealed secret is set (`<name>Set`). */
export function tableColumns(entry: EpsEntry): EpsColumn[] {
  const setFlags = new Set(entry.columns.filter((c) => c.sealed).map((c) => `${c.propertyName}Set`));
  return entry.columns.filter((c) => !c.writeOnly && (setFlags.has(c.propertyName) || !/password|secret/i.test(c.propertyName)));
}

/** A header click may sort the server by this column. */
export function sortable(c: EpsColumn): boolean {
  return !c.virtual && c.type !== 'json';
}

/** A cell the caller may edit in place (with the update action). */
export function inlineEditable(entry: EpsEntry, c: EpsColumn): boolean {
  if (c.readOnly || c.virtual || c.writeOnly || SYSTEM_FIELDS.has(c.propertyName)) return false;
  const props = entry.schema?.update?.properties;
  return !props || c.propertyName in props;
}

/**
 * A yes/no integer: its enum is exactly 0 "No" and 1 "Yes" (English labels). A switch in forms, a
 * select in filters; other two-value enums (Disabled/Enabled) stay selects that name their values.
 */
function isFlag(c: EpsColumn | undefined): boolean {
  if (!c || !INTEGER_TYPES.has(c.type) || !Array.isArray(c.dict) || c.dict.length !== 2) return false;
  const en = (v: number) => (c.dict && Array.isArray(c.dict) ? c.dict.find((o) => Number(o.value) === v)?.labels?.en : undefined);
  return en(0) === 'No' && en(1) === 'Yes';
}

export function kindOf(c: EpsColumn | undefined, p: JsonSchema | undefined, name: string): FieldKind {
  if (c?.writeOnly || p?.writeOnly === true || p?.format === 'password' || /password/i.test(name)) return 'password';
  if (isFlag(c)) return 'flag';
  if ((c && (Array.isArray(c.dict) || typeof c.dict === 'string')) || (p?.enum && p.enum.length)) return 'select';
  const t = c?.type ?? '';
  const st = schemaTypes(p);
  if (t === 'boolean' || st.includes('boolean')) return 'switch';
  if (t === 'json' || st.includes('array') || st.includes('object')) return 'json';
  if (t === 'datetime') return 'datetime';
  if (t === 'date') return 'date';
  if (INTEGER_TYPES.has(t) || st.includes('integer')) return 'integer';
  if (NUMBER_TYPES.has(t) || st.includes('number')) return 'number';
  const max = c?.length ?? p?.maxLength;
  if (t === 'text' || (typeof max === 'number' && max > 255)) return 'textarea';
  return 'text';
}

function labelsOf(c: EpsColumn | undefined, p: JsonSchema | undefined, name: string): string[] {
  const out = new Set<string>();
  if (c) {
    out.add(c.comment);
    for (const l of Object.values(c.label ?? {})) out.add(l);
  }
  const xl = p?.['x-labels'];
  if (xl && typeof xl === 'object') for (const l of Object.values(xl as Record<string, string>)) out.add(l);
  if (typeof p?.title === 'string') out.add(p.title);
  out.delete('');
  return [...out].filter((l) => l !== name);
}

function helpOf(p: JsonSchema | undefined, lang: Lang): string | undefined {
  const xh = p?.['x-help'] as Record<string, string> | undefined;
  const h = xh?.[lang] || (typeof p?.description === 'string' ? p.description : '');
  return h || undefined;
}

function labelOf(c: EpsColumn | undefined, p: JsonSchema | undefined, name: string, lang: Lang): string {
  if (c?.comment) return c.comment;
  const xl = p?.['x-labels'] as Record<string, string> | undefined;
  return xl?.[lang] || (typeof p?.title === 'string' ? p.title : '') || name;
}

/**
 * The fields of the add (`mode` 'add') or edit form: the schema's properties in column order, then
 * properties with no column (a password). Without a schema, the writable columns.
 */
export function formFields(entry: EpsEntry, mode: 'add' | 'update', lang: Lang = 'en'): FieldSpec[] {
  const schema = entry.schema?.[mode];
  const props = schema?.properties;
  const required = new Set(schema?.required ?? []);
  const byName = new Map(entry.columns.map((c) => [c.propertyName, c]));
  const names: string[] = props
    ? [...entry.columns.map((c) => c.propertyName).filter((n) => n in props), ...Object.keys(props).filter((n) => !byName.has(n))]
    : entry.columns.filter((c) => !c.readOnly && !c.virtual).map((c) => c.propertyName);
  return names
    .filter((n) => n !== 'id')
    .map((name) => {
      const c = byName.get(name);
      const p = props?.[name];
      const kind = kindOf(c, p, name);
      const st = schemaTypes(p);
      const spec: FieldSpec = {
        name,
        label: labelOf(c, p, name, lang),
        labels: labelsOf(c, p, name),
        kind,
        required: props ? required.has(name) : Boolean(c?.required),
        nullable: p ? st.includes('null') : Boolean(c?.nullable),
        column: c,
      };
      const help = helpOf(p, lang);
      if (help) spec.help = help;
      const unit = (p?.['x-unit'] as Record<string, string> | undefined)?.[lang];
      if (unit) spec.unit = unit;
      const max = typeof p?.maxLength === 'number' ? p.maxLength : (c?.length ?? undefined);
      if (typeof max === 'number' && (kind === 'text' || kind === 'textarea' || kind === 'password')) spec.maxLength = max;
      if (Array.isArray(c?.dict)) spec.options = c.dict;
      else if (typeof c?.dict === 'string') spec.dictKey = c.dict;
      else if (p?.enum) spec.options = p.enum.filter((v) => v !== null).map((v) => ({ value: v as string | number, label: String(v) }));
      return spec;
    });
}

/** The spec of every shown column: the edit form's rules where it has the field. */
export function columnSpecs(entry: EpsEntry, lang: Lang = 'en'): FieldSpec[] {
  const update = formFields(entry, 'update', lang);
  return tableColumns(entry).map((c) => cellField(entry, c, lang, update));
}

/** The inline editor's spec of one column (update rules). */
export function cellField(entry: EpsEntry, c: EpsColumn, lang: Lang = 'en', update = formFields(entry, 'update', lang)): FieldSpec {
  return (
    update.find((f) => f.name === c.propertyName) ?? {
      name: c.propertyName,
      label: c.comment,
      labels: labelsOf(c, undefined, c.propertyName),
      kind: kindOf(c, undefined, c.propertyName),
      required: Boolean(c.required),
      nullable: Boolean(c.nullable),
      maxLength: c.length ?? undefined,
      options: Array.isArray(c.dict) ? c.dict : undefined,
      dictKey: typeof c.dict === 'string' ? c.dict : undefined,
      column: c,
    }
  );
}

/** The permission key of an action, null when the action needs none. */
export function permissionOf(entry: EpsEntry, action: string): string | null {
  return entry.api.find((a) => a.path === `/${action}`)?.permission ?? null;
}

/**
 * The caller may use an action: /eps lists it for them and they hold its permission key (000 §6).
 * `mayUse(entry, 'add', can)`
 */
export function mayUse(entry: EpsEntry, action: string, can: (perm: string) => boolean): boolean {
  if (!entry.api.some((a) => a.path === `/${action}`)) return false;
  const perm = permissionOf(entry, action);
  return perm ? can(perm) : true;
}
