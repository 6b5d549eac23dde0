/** Puts a 1002 answer's field problems ([{field, message}]) on the fields of an antd form. */
import type { FormInstance } from 'antd';
import { ApiError } from '../../../app/api';

interface FieldProblem {
  field: string;
  message?: string;
  rule?: string;
}

export function fieldProblems(e: unknown): FieldProblem[] {
  if (!(e instanceof ApiError) || !Array.isArray(e.data)) return [];
  return (e.data as unknown[]).filter((p): p is FieldProblem => typeof p === 'object' && p !== null && typeof (p as FieldProblem).field === 'string');
}

/** True when some problem named a field of the form. */
export function showFieldErrors(form: FormInstance, e: unknown): boolean {
  const problems = fieldProblems(e);
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = problems
    .filter((p) => known.has(p.field))
    .map((p) => ({ name: p.field, errors: [p.message ?? p.rule ?? ''] }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
