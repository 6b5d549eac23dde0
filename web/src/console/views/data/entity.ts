/**
 * What the data screens share: the entity's labels and enum options from /eps, page requests in the
 * shape ProTable wants, saving with the server's field errors put on the form, and delete with the
 * confirmation of 000 §8.
 */
import { useMemo } from 'react';
import type { FormInstance } from 'antd';
import { api, ApiError } from '../../../app/api';
import { useEps, type EpsDictOption, type EpsEntry } from '../../eps';

export interface Row {
  id: number;
  createTime?: string;
  updateTime?: string;
  [field: string]: unknown;
}

export interface PageAnswer<T> {
  list: T[];
  pagination: { page: number; size: number; total: number };
}

export interface EntityMeta {
  entry: EpsEntry;
  prefix: string;
  /** The field's label in the current language (the field name when /eps has none). */
  label: (field: string) => string;
  /** The field's enum options (empty when it has none). */
  options: (field: string) => EpsDictOption[];
}

function metaOf(entry: EpsEntry): EntityMeta {
  const col = (f: string) => entry.columns.find((c) => c.propertyName === f);
  return {
    entry,
    prefix: entry.prefix,
    label: (f) => col(f)?.comment || f,
    options: (f) => {
      const d = col(f)?.dict;
      return Array.isArray(d) ? d : [];
    },
  };
}

/** The entities a screen shows, once /eps is loaded: `null` while loading, `false` when one is missing. */
export function useEntities(keys: readonly string[]): EntityMeta[] | null | false {
  const { eps, error } = useEps();
  const joined = keys.join('|');
  return useMemo(() => {
    if (error) return false;
    if (!eps) return null;
    const entries = joined.split('|').map((k) => eps[k]);
    return entries.every(Boolean) ? entries.map(metaOf) : false;
  }, [eps, error, joined]);
}

/** ProTable's `request` for `{prefix}/page`: its paging plus equality filters and a keyword. */
export async function fetchPage<T extends Row>(
  prefix: string,
  params: { current?: number; pageSize?: number; keyword?: string; [k: string]: unknown },
  filters: Record<string, unknown> = {},
): Promise<{ data: T[]; total: number; success: boolean }> {
  const { current = 1, pageSize = 20, keyword } = params;
  const body: Record<string, unknown> = { page: current, size: pageSize, ...filters };
  if (keyword) body.keyWord = keyword;
  const r = await api.post<PageAnswer<T>>(`${prefix}/page`, body);
  return { data: r.list, total: r.pagination.total, success: true };
}

/** Saves a row (add without id, update with it); the server's field errors land on the form. */
export async function saveRow(
  prefix: string,
  values: Record<string, unknown>,
  id: number | undefined,
  form: FormInstance | undefined,
  successMessage: string,
): Promise<boolean> {
  try {
    if (id === undefined) await api.post(`${prefix}/add`, values, { successMessage });
    else await api.post(`${prefix}/update`, { ...values, id }, { successMessage });
    return true;
  } catch (e) {
    if (form && e instanceof ApiError && Array.isArray(e.data)) {
      const fields = (e.data as Array<{ field?: string; message?: string }>).filter((x) => x.field && x.message);
      form.setFields(fields.map((x) => ({ name: x.field!, errors: [x.message!] })));
    }
    return false;
  }
}

/** Removes rows by id. */
export function deleteRows(prefix: string, ids: number[], successMessage: string): Promise<unknown> {
  return api.post(`${prefix}/delete`, { ids }, { successMessage });
}

/** A date-time from the server shown in local time, `YYYY-MM-DD HH:mm:ss`. */
export function formatTime(v: unknown): string {
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return String(v);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
