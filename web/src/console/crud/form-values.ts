/**
 * Values between the server's row and the form controls: JSON edits as text, date-times as dayjs
 * (the picker's value), everything else as it is.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldSpec } from './fields';
import { parseJsonText } from './values';

export function toFormValue(f: FieldSpec, v: unknown): unknown {
  if (v === null || v === undefined) return f.kind === 'switch' ? false : undefined;
  if (f.kind === 'json') return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
  if (f.kind === 'datetime' || f.kind === 'date') {
    const d = dayjs(String(v));
    return d.isValid() ? d : undefined;
  }
  if (f.kind === 'switch') return v === true || v === 1 || v === '1';
  if (f.kind === 'flag') return Number(v) === 1 ? 1 : 0;
  return v;
}

export function fromFormValue(f: FieldSpec, v: unknown): unknown {
  if (v === '' && !f.nullable && (f.kind === 'text' || f.kind === 'textarea')) return '';
  if (v === undefined || v === '') return f.nullable && f.kind !== 'password' ? null : undefined;
  if (f.kind === 'json') {
    const r = parseJsonText(String(v));
    return r.ok ? r.value : v;
  }
  if (f.kind === 'flag') return v === true || v === 1 || v === '1' ? 1 : 0;
  if (f.kind === 'datetime') return dayjs.isDayjs(v) ? (v as Dayjs).toISOString() : v;
  if (f.kind === 'date') return dayjs.isDayjs(v) ? (v as Dayjs).format('YYYY-MM-DD') : v;
  return v;
}

/** The form's values for the server: empty optional fields are dropped (add) or nulled (edit). */
export function formPayload(
  fields: FieldSpec[],
  values: Record<string, unknown>,
  mode: 'add' | 'update',
  own: Record<string, { fromForm?: (v: unknown) => unknown }> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.name in values)) continue;
    const fromForm = own[f.name]?.fromForm;
    const v = fromForm ? fromForm(values[f.name]) : fromFormValue(f, values[f.name]);
    if (v === undefined || (v === null && mode === 'add')) continue;
    out[f.name] = v;
  }
  return out;
}
