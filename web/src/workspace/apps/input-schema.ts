/**
 * The run dialog's input, from the app's `config.inputSchema` (pure): which form to show, its
 * starting values, and the `input` a run sends. A small form of our own, not @rjsf, so the
 * workspace's chunks stay small; the server checks the input against the whole schema anyway
 * (a 1002 naming `input.<field>`), so this only has to be helpful, not complete.
 *
 *   const plan = planInput(app.config?.inputSchema);
 *   // { mode: 'text' }: one text area, the input is its text
 *   // { mode: 'form', fields }: one control per property (string, number, integer, boolean, enum)
 *   // { mode: 'json' }: a JSON text area (a schema this form cannot draw)
 *   const r = toInput(plan, values);   // { ok: true, input } | { ok: false, problems }
 *
 * Decisions the spec leaves open:
 * - No schema, an empty one or a string schema: a text area; the input is the text, trimmed.
 * - An object schema with properties: a field per property, in the schema's order. A string with
 *   `maxLength` up to SHORT_TEXT is one line, any other string a text area; `enum` is a select;
 *   a property of another type (object, array) is a JSON text area of its own.
 * - An empty optional field is left out of the input rather than sent empty; a boolean is always
 *   sent (a switch has no "unset").
 * - A type list such as ['string', 'null'] is read as its first type other than null.
 */

export type FieldKind = 'text' | 'longText' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface SchemaField {
  key: string;
  kind: FieldKind;
  title: string;
  description?: string;
  required: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  options?: Array<string | number>;
  default?: unknown;
}

export type InputPlan = { mode: 'text'; minLength?: number; maxLength?: number } | { mode: 'form'; fields: SchemaField[] } | { mode: 'json' };

export type ProblemRule = 'required' | 'number' | 'integer' | 'range' | 'length' | 'json' | 'enum';
/** A value the form refuses; `key` is the field's key ('' for the single text or JSON box). */
export interface InputProblem {
  key: string;
  rule: ProblemRule;
  params?: Record<string, number>;
}

export type InputValues = Record<string, unknown>;
export type BuiltInput = { ok: true; input: string | Record<string, unknown> } | { ok: false; problems: InputProblem[] };

/** Strings up to this many characters get a one-line box. */
export const SHORT_TEXT = 120;
/** The single text box's own limit (the server takes 10,000 characters of the input's JSON). */
export const INPUT_MAX_CHARS = 4000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined);

function typeOf(s: Obj): string | undefined {
  const t = s.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  return undefined;
}

function fieldOf(key: string, raw: unknown, required: boolean): SchemaField {
  const s = isObj(raw) ? raw : {};
  const base: SchemaField = {
    key,
    kind: 'json',
    title: typeof s.title === 'string' && s.title.trim() ? s.title.trim() : key,
    description: typeof s.description === 'string' && s.description.trim() ? s.description.trim() : undefined,
    required,
  };
  const options = Array.isArray(s.enum)
    ? s.enum.filter((v): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
    : [];
  const type = typeOf(s);
  let f: SchemaField;
  if (options.length) f = { ...base, kind: 'enum', options };
  else if (type === 'boolean') f = { ...base, kind: 'boolean' };
  else if (type === 'integer' || type === 'number') f = { ...base, kind: type, minimum: num(s.minimum), maximum: num(s.maximum) };
  else if (type === 'string') {
    const maxLength = count(s.maxLength);
    f = { ...base, kind: maxLength !== undefined && maxLength <= SHORT_TEXT ? 'text' : 'longText', minLength: count(s.minLength), maxLength };
  } else f = base;
  if (s.default !== undefined && fits(f, s.default)) f.default = s.default;
  return f;
}

function fits(f: SchemaField, v: unknown): boolean {
  switch (f.kind) {
    case 'text':
    case 'longText':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'enum':
      return f.options!.includes(v as string | number);
    case 'json':
      return true;
  }
}

/** Which input form an app's `config.inputSchema` asks for. */
export function planInput(schema: unknown): InputPlan {
  if (schema === undefined || schema === null || schema === true) return { mode: 'text' };
  if (!isObj(schema)) return { mode: 'json' };
  const type = typeOf(schema);
  if (!Object.keys(schema).length) return { mode: 'text' };
  if (type === 'string' && !Array.isArray(schema.enum)) return { mode: 'text', minLength: count(schema.minLength), maxLength: count(schema.maxLength) };
  const props = schema.properties;
  if ((type === 'object' || type === undefined) && isObj(props) && Object.keys(props).length) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []);
    return { mode: 'form', fields: Object.entries(props).map(([k, v]) => fieldOf(k, v, required.has(k))) };
  }
  return { mode: 'json' };
}

/** The form's starting values: each field's default; a switch starts off; JSON fields show their default as text. */
export function initialValues(plan: InputPlan): InputValues {
  if (plan.mode !== 'form') return { '': '' };
  const out: InputValues = {};
  for (const f of plan.fields) {
    if (f.kind === 'boolean') out[f.key] = f.default ?? false;
    else if (f.kind === 'json') out[f.key] = f.default === undefined ? '' : JSON.stringify(f.default, null, 2);
    else if (f.default !== undefined) out[f.key] = f.default;
  }
  return out;
}

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

function lengthProblem(key: string, text: string, min?: number, max?: number): InputProblem | null {
  const n = [...text].length;
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) return { key, rule: 'length', params: { min: min ?? 0, max: max ?? INPUT_MAX_CHARS } };
  return null;
}

function parseJson(key: string, text: string, problems: InputProblem[]): unknown {
  try {
    return JSON.parse(text);
  } catch {
    problems.push({ key, rule: 'json' });
    return undefined;
  }
}

/** One field's value for the input, or undefined to leave it out; problems are pushed. */
function valueOf(f: SchemaField, v: unknown, problems: InputProblem[]): unknown {
  if (f.kind === 'boolean') return v === true;
  if (empty(v)) {
    if (f.required) problems.push({ key: f.key, rule: 'required' });
    return undefined;
  }
  switch (f.kind) {
    case 'text':
    case 'longText': {
      const text = String(v).trim();
      const p = lengthProblem(f.key, text, f.minLength, f.maxLength);
      if (p) problems.push(p);
      return text;
    }
    case 'number':
    case 'integer': {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) problems.push({ key: f.key, rule: 'number' });
      else if (f.kind === 'integer' && !Number.isInteger(n)) problems.push({ key: f.key, rule: 'integer' });
      else if ((f.minimum !== undefined && n < f.minimum) || (f.maximum !== undefined && n > f.maximum)) {
        problems.push({ key: f.key, rule: 'range', params: { min: f.minimum ?? -Infinity, max: f.maximum ?? Infinity } });
      }
      return n;
    }
    case 'enum':
      if (!f.options!.includes(v as string | number)) problems.push({ key: f.key, rule: 'enum' });
      return v;
    case 'json':
      return parseJson(f.key, String(v), problems);
  }
}

/** The `input` of a run from the form's values, or what is wrong with them. */
export function toInput(plan: InputPlan, values: InputValues): BuiltInput {
  const problems: InputProblem[] = [];
  if (plan.mode === 'text' || plan.mode === 'json') {
    const raw = values[''];
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (!text) return { ok: false, problems: [{ key: '', rule: 'required' }] };
    if (plan.mode === 'json') {
      // The server takes an object or a text as a run's input.
      const parsed = parseJson('', text, problems);
      if (!problems.length && (typeof parsed === 'string' || isObj(parsed))) return { ok: true, input: parsed };
      return { ok: false, problems: problems.length ? problems : [{ key: '', rule: 'json' }] };
    }
    const p = lengthProblem('', text, plan.minLength, Math.min(plan.maxLength ?? INPUT_MAX_CHARS, INPUT_MAX_CHARS));
    return p ? { ok: false, problems: [p] } : { ok: true, input: text };
  }
  const input: Record<string, unknown> = {};
  for (const f of plan.fields) {
    const v = valueOf(f, values[f.key], problems);
    if (v !== undefined) input[f.key] = v;
  }
  return problems.length ? { ok: false, problems } : { ok: true, input };
}

/** The form field a server 1002 entry (`input`, `input.topic`, `input.a.b`) belongs to: '' for the single box, else the top property. */
export function fieldOfServerError(plan: InputPlan, field: string): string | null {
  if (field !== 'input' && !field.startsWith('input.')) return null;
  if (plan.mode !== 'form') return '';
  const key = field.slice('input.'.length).split('.')[0];
  return plan.fields.some((f) => f.key === key) ? key : null;
}
