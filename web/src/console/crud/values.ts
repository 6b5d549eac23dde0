/**
 * How a row's values read as text (table cells, export files) and how form values become the
 * values the server takes. Pure.
 */
import type { EpsDictOption } from '../eps';
import type { FieldKind } from './fields';

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-22 17:58:07` in local time; the text itself when it is no date. */
export function formatDateTime(v: unknown, withTime = true): string {
  if (v === null || v === undefined || v === '') return '';
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return String(v);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : day;
}

/** Every option of a (possibly nested) dictionary, flattened. */
export function flattenOptions(list: Array<EpsDictOption & { children?: unknown }>): EpsDictOption[] {
  const out: EpsDictOption[] = [];
  const walk = (items: Array<EpsDictOption & { children?: unknown }>) => {
    for (const o of items) {
      out.push({ value: o.value, label: o.label, labels: o.labels });
      if (Array.isArray(o.children)) walk(o.children as Array<EpsDictOption & { children?: unknown }>);
    }
  };
  walk(list);
  return out;
}

export function optionLabel(options: EpsDictOption[] | undefined, v: unknown): string | undefined {
  // Loose match: a dictionary value '3' labels the int 3.
  return options?.find((o) => String(o.value) === String(v))?.label;
}

export interface TextOptions {
  yes: string;
  no: string;
  /** Shorten JSON and long text (table cells); exports keep it whole. */
  maxLength?: number;
}

/** A value as text: enum label, yes/no, local date-time, JSON. */
export function valueText(kind: FieldKind, v: unknown, options: EpsDictOption[] | undefined, o: TextOptions): string {
  if (v === null || v === undefined) return '';
  let s: string;
  if (options) s = optionLabel(options, v) ?? String(v);
  else if (kind === 'switch' || kind === 'flag') s = v === true || v === 1 || v === '1' || v === 'true' ? o.yes : o.no;
  else if (kind === 'datetime') s = formatDateTime(v);
  else if (kind === 'date') s = formatDateTime(v, false);
  else if (typeof v === 'object') s = JSON.stringify(v);
  else s = String(v);
  if (o.maxLength && s.length > o.maxLength) return `${s.slice(0, o.maxLength - 1)}…`;
  return s;
}

/** The JSON text indented by two spaces, or null when it does not parse (empty stays empty). */
export function formatJsonText(text: string): string | null {
  if (text.trim() === '') return text;
  const r = parseJsonText(text);
  return r.ok ? JSON.stringify(r.value, null, 2) : null;
}

/** True for a JSON text that parses (empty counts as no value). */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
