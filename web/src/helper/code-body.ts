/**
 * The helper's form, both ways: form values -> the createCode body, an answer's field list -> table
 * rows, a refusal -> what the page shows (1002 problems on the form fields they name, the rest as an
 * alert). The name rules repeat the generator's (codegen/scaffold-entity.ts) so most mistakes are
 * caught before a request; the server stays the judge.
 */
import { ApiError } from '../lib/http';
import { fieldProblems } from '../app/data/field-errors';
import type { Lang } from '../i18n';
import type { CodeBody, CodeField } from './coding-api';
import { FIELD_TYPES, type FieldType, type Labels } from './field-types';

export const MODULE_RE = /^[a-z][a-z0-9]*$/;
export const NAME_RE = /^[a-z][A-Za-z0-9]*(\/[a-z][A-Za-z0-9]*)*$/;
export const FIELD_NAME_RE = /^[A-Za-z][A-Za-z0-9_]*$/;
export const SYSTEM_FIELDS: ReadonlySet<string> = new Set(['id', 'createTime', 'updateTime']);
export const MAX_FIELDS = 60;
export const MAX_LENGTH = 2000;

/** One row of the fields table. */
export interface FieldRow {
  name?: string;
  type?: FieldType;
  length?: number | null;
  required?: boolean;
  label?: string;
  dict?: string | null;
  /** An existing field's name as it is now (the field editor of a helper-made entity): a rename keeps it. */
  from?: string;
  /** An existing field's labels in the three languages, kept when its label is not edited. */
  labels?: Labels;
}

export interface CodeValues {
  module?: string;
  newModule?: boolean;
  name?: string;
  fields?: FieldRow[];
  description?: string;
}

/** Fields from a list, or a description for the model to turn into one. */
export type Mode = 'fields' | 'description';

export const emptyRow = (): FieldRow => ({ name: '', type: 'string', required: false });
export const emptyValues = (): CodeValues => ({ module: undefined, newModule: false, name: '', fields: [emptyRow()], description: '' });

const trimmed = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');

/** A table row as createCode takes it: empty label and dict left out, a length only for strings. */
export function toCodeField(row: FieldRow): CodeField {
  const type = (FIELD_TYPES as readonly string[]).includes(row.type ?? '') ? (row.type as FieldType) : 'string';
  const out: CodeField = { name: trimmed(row.name), type, required: !!row.required };
  if (type === 'string' && typeof row.length === 'number' && Number.isFinite(row.length)) out.length = row.length;
  if (trimmed(row.label)) out.label = trimmed(row.label);
  if (trimmed(row.dict)) out.dict = trimmed(row.dict);
  return out;
}

/** The createCode body of the form: the field list or the description, as the mode says. */
export function codeBody(values: CodeValues, mode: Mode, dryRun: boolean): CodeBody {
  const body: CodeBody = { module: trimmed(values.module), name: trimmed(values.name), dryRun };
  if (values.newModule) body.newModule = true;
  if (mode === 'fields') body.fields = (values.fields ?? []).map(toCodeField);
  else body.description = trimmed(values.description);
  return body;
}

/** The description alone, for the model's proposal ("Preview fields"). */
export function proposalBody(values: CodeValues): CodeBody {
  return codeBody(values, 'description', true);
}

/** A label as the tree (Labels) or an answer (one text) gives it, in `lang`. */
export function labelText(label: Labels | string | null | undefined, lang: Lang): string {
  if (!label) return '';
  if (typeof label === 'string') return label;
  return label[lang] || label.en || '';
}

/** An answer's fields (the model's proposal) as table rows. */
export function rowsOf(fields: readonly CodeField[] | null | undefined, lang: Lang): FieldRow[] {
  return (fields ?? []).map((f) => ({
    name: f.name,
    type: (FIELD_TYPES as readonly string[]).includes(f.type) ? f.type : 'string',
    length: f.type === 'string' && typeof f.length === 'number' ? f.length : null,
    required: !!f.required,
    label: labelText(f.label as Labels | string | undefined, lang),
    dict: typeof f.dict === 'string' && f.dict ? f.dict : null,
  }));
}

/** `name:string(120)!`: the CLI's field spec (npm run codegen:entity), for the text view of a field list. */
export function fieldSpec(f: CodeField): string {
  const length = f.type === 'string' && f.length ? `(${f.length})` : '';
  return `${f.name}:${f.type}${length}${f.required ? '!' : ''}`;
}

const ROW_PROPS: ReadonlySet<string> = new Set(['name', 'type', 'length', 'required', 'label', 'dict']);

/** The form path a 1002 problem names: `fields.2.name` -> ['fields', 2, 'name']; `newModule` lands on `module`; null: no single form field. */
export function formPath(field: string): Array<string | number> | null {
  const parts = field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  const [head, index, prop] = parts;
  if (head === 'module' || head === 'newModule') return parts.length === 1 ? ['module'] : null;
  if (head === 'name' || head === 'description') return parts.length === 1 ? [head] : null;
  if (head !== 'fields') return null;
  if (parts.length === 1) return null; // about the list as a whole: the alert shows it
  if (!/^\d+$/.test(index ?? '')) return null;
  // `fields.2` (the row as a whole) is shown on its name.
  if (parts.length === 2) return ['fields', Number(index), 'name'];
  return parts.length === 3 && prop && ROW_PROPS.has(prop) ? ['fields', Number(index), prop] : null;
}

export type RefusalKind = 'invalid' | 'gateway' | 'unavailable' | 'refused' | 'failed';

/** What the page shows of a refused call: the message, and the problems with their form paths (null: not a form field). */
export interface Refusal {
  kind: RefusalKind;
  message: string;
  problems: Array<{ field: string; path: Array<string | number> | null; message: string }>;
}

export function refusalOf(e: unknown): Refusal {
  const message = e instanceof Error ? e.message : String(e);
  if (!(e instanceof ApiError)) return { kind: 'failed', message, problems: [] };
  if (e.code === 1002) {
    const problems = fieldProblems(e).map((p) => ({ field: p.field, path: formPath(p.field), message: p.message || p.rule || message }));
    return { kind: 'invalid', message, problems };
  }
  if (e.status === 502) return { kind: 'gateway', message, problems: [] };
  if (e.status === 503) return { kind: 'unavailable', message, problems: [] };
  if (e.code === 1001 || e.status === 403 || e.status === 409) return { kind: 'refused', message, problems: [] };
  return { kind: 'failed', message, problems: [] };
}

/** `[{name, errors}]` for form.setFields: each problem on its field, several on one field together. */
export function formErrors(refusal: Refusal | null): Array<{ name: Array<string | number>; errors: string[] }> {
  const by = new Map<string, { name: Array<string | number>; errors: string[] }>();
  for (const p of refusal?.problems ?? []) {
    if (!p.path) continue;
    const k = p.path.join('.');
    const entry = by.get(k) ?? { name: p.path, errors: [] };
    entry.errors.push(p.message);
    by.set(k, entry);
  }
  return [...by.values()];
}
