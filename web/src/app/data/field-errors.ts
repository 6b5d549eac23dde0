/**
 * The one mapper from a 1002 answer (`data: [{field, rule, message}]`) to form field errors, for
 * every form of the web: antd's `setFields` shape, grouped by field, limited to the form's fields.
 */
import type { FormInstance } from 'antd';
import { ApiError } from '../../lib/http';

export interface FieldProblem {
  field: string;
  rule?: string;
  message?: string;
}

/** The field problems of a refusal (none when it is not a 1002 answer). */
export function fieldProblems(e: unknown): FieldProblem[] {
  if (!(e instanceof ApiError) || !Array.isArray(e.data)) return [];
  return (e.data as unknown[]).filter((p): p is FieldProblem => typeof p === 'object' && p !== null && typeof (p as FieldProblem).field === 'string');
}

/** `[{name, errors}]` for `form.setFields`; `known` keeps only the fields a form has. */
export function fieldErrors(e: unknown, known: (field: string) => boolean = () => true): Array<{ name: string; errors: string[] }> {
  const by = new Map<string, string[]>();
  for (const p of fieldProblems(e)) {
    if (!known(p.field)) continue;
    const text = p.message || p.rule || (e as Error).message;
    by.set(p.field, [...(by.get(p.field) ?? []), text]);
  }
  return [...by].map(([name, errors]) => ({ name, errors }));
}

/** Puts the problems on the fields of `form`; true when some problem named one of them. */
export function showFieldErrors(form: FormInstance, e: unknown): boolean {
  // Registered fields (even empty ones) and the store's values (fields set by initial values).
  const names = new Set([...Object.keys(form.getFieldsValue() as object), ...Object.keys(form.getFieldsValue(true) as object)]);
  const fields = fieldErrors(e, (f) => names.has(f));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
