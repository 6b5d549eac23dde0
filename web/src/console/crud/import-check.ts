/**
 * Import rows checked in the browser before anything is sent: the header row picks the fields (by
 * property name or by a label in any language), then every row is checked against the add rules
 * (required, type, length, enum) and turned into the object the server takes. Every bad cell is
 * reported, so the whole file can be fixed at once. Pure.
 */
import type { EpsDictOption } from '../eps';
import type { FieldSpec } from './fields';

export type CellValue = string | number | boolean | Date | null;

/** One record of the file with its row number in the file (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: CellValue[];
}

export type ImportProblem = 'required' | 'integer' | 'number' | 'maxLength' | 'enum' | 'boolean' | 'datetime' | 'json' | 'server';

export interface ImportError {
  row: number;
  field: string;
  label: string;
  problem: ImportProblem;
  params?: Record<string, string | number>;
  /** The server's text, for problem 'server'. */
  message?: string;
}

export const MAX_IMPORT_ROWS = 1000;

const norm = (s: string) => s.trim().toLowerCase();

/** For each header cell, the field it fills (undefined: ignored column). */
export function mapHeaders(header: CellValue[], fields: FieldSpec[]): Array<FieldSpec | undefined> {
  const byKey = new Map<string, FieldSpec>();
  for (const f of fields) for (const l of f.labels) if (!byKey.has(norm(l))) byKey.set(norm(l), f);
  // A property name wins over a label that happens to be spelt the same.
  for (const f of fields) byKey.set(norm(f.name), f);
  const used = new Set<string>();
  return header.map((h) => {
    const f = h === null ? undefined : byKey.get(norm(String(h)));
    if (!f || used.has(f.name)) return undefined;
    used.add(f.name);
    return f;
  });
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', '是', '啟用', '启用', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', '否', '停用', '禁用', 'off']);
const DATE_TEXT = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function isEmpty(v: CellValue): boolean {
  return v === null || (typeof v === 'string' && v.trim() === '');
}

function matchOption(options: EpsDictOption[], v: CellValue): EpsDictOption | undefined {
  const s = norm(String(v));
  return (
    options.find((o) => norm(String(o.value)) === s) ?? options.find((o) => norm(o.label) === s || Object.values(o.labels ?? {}).some((l) => norm(l) === s))
  );
}

function toDate(v: CellValue): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  const s = String(v).trim();
  const m = DATE_TEXT.exec(s);
  if (m) {
    const [, y, mo, d, h, mi, sec] = m;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(sec ?? 0));
    return date.getMonth() === Number(mo) - 1 ? date : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) {
    const date = new Date(s);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

type Converted = { ok: true; value: unknown } | { ok: false; problem: ImportProblem; params?: Record<string, string | number> };

/** One non-empty cell as the field's value. */
export function convertCell(f: FieldSpec, v: CellValue, options?: EpsDictOption[]): Converted {
  const opts = options ?? f.options;
  if ((f.kind === 'select' || f.kind === 'flag') && opts) {
    const o = matchOption(opts, v);
    return o ? { ok: true, value: o.value } : { ok: false, problem: 'enum', params: { values: opts.map((x) => x.label).join(', ') } };
  }
  switch (f.kind) {
    case 'integer':
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n)) return { ok: false, problem: 'number' };
      if (f.kind === 'integer' && !Number.isInteger(n)) return { ok: false, problem: 'integer' };
      return { ok: true, value: n };
    }
    case 'switch': {
      if (typeof v === 'boolean') return { ok: true, value: v };
      const s = norm(String(v));
      if (TRUE_WORDS.has(s)) return { ok: true, value: true };
      if (FALSE_WORDS.has(s)) return { ok: true, value: false };
      return { ok: false, problem: 'boolean' };
    }
    case 'datetime':
    case 'date': {
      const d = toDate(v);
      return d ? { ok: true, value: d.toISOString() } : { ok: false, problem: 'datetime' };
    }
    case 'json': {
      if (typeof v !== 'string') return { ok: true, value: v };
      try {
        return { ok: true, value: JSON.parse(v) };
      } catch {
        return { ok: false, problem: 'json' };
      }
    }
    default: {
      const s = v instanceof Date ? v.toISOString() : String(v);
      if (f.maxLength !== undefined && s.length > f.maxLength) return { ok: false, problem: 'maxLength', params: { max: f.maxLength } };
      return { ok: true, value: s };
    }
  }
}

export interface CheckResult {
  records: Array<Record<string, unknown>>;
  /** The file row of each record, to place server errors. */
  rowNumbers: number[];
  errors: ImportError[];
}

/**
 * Checks data rows (header removed) against the fields the header mapped. Rows with every cell
 * empty are skipped. `dictOptions` gives the loaded options of dictionary fields.
 */
export function checkRows(
  rows: SheetRow[],
  columns: Array<FieldSpec | undefined>,
  allFields: FieldSpec[],
  dictOptions: Record<string, EpsDictOption[]> = {},
): CheckResult {
  const out: CheckResult = { records: [], rowNumbers: [], errors: [] };
  const present = new Set(columns.filter(Boolean).map((f) => f!.name));
  const missingRequired = allFields.filter((f) => f.required && !present.has(f.name));
  for (const { row, cells } of rows) {
    if (cells.every(isEmpty)) continue;
    const record: Record<string, unknown> = {};
    const rowErrors: ImportError[] = [];
    columns.forEach((f, i) => {
      if (!f) return;
      const v = cells[i] ?? null;
      if (isEmpty(v)) {
        if (f.required) rowErrors.push({ row, field: f.name, label: f.label, problem: 'required' });
        return;
      }
      const r = convertCell(f, v, f.dictKey ? dictOptions[f.dictKey] : undefined);
      if (r.ok) record[f.name] = r.value;
      else rowErrors.push({ row, field: f.name, label: f.label, problem: r.problem, params: r.params });
    });
    for (const f of missingRequired) rowErrors.push({ row, field: f.name, label: f.label, problem: 'required' });
    out.errors.push(...rowErrors);
    out.records.push(record);
    out.rowNumbers.push(row);
  }
  return out;
}

/** The server's batch refusal (`[i].field`) placed on file rows. */
export function serverErrors(data: unknown, rowNumbers: number[], fields: FieldSpec[]): ImportError[] {
  if (!Array.isArray(data)) return [];
  const out: ImportError[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const { field, message } = item as { field?: unknown; message?: unknown };
    const m = /^\[(\d+)\]\.?(.*)$/.exec(String(field ?? ''));
    const index = m ? Number(m[1]) : -1;
    const name = m ? m[2] : String(field ?? '');
    const spec = fields.find((f) => f.name === name);
    out.push({
      row: rowNumbers[index] ?? 0,
      field: name,
      label: spec?.label ?? name,
      problem: 'server',
      message: typeof message === 'string' ? message : undefined,
    });
  }
  return out;
}
