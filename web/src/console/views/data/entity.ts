/**
 * What the data screens share: the entity's labels and enum options from /eps, saving through the
 * data layer with the server's field errors put on the form, and delete.
 */
import { useMemo } from 'react';
import type { FormInstance } from 'antd';
import { showFieldErrors } from '../../../app/data';
import { epsData, useEps, type EpsDictOption, type EpsEntry } from '../../eps';

export interface EntityMeta {
  entry: EpsEntry;
  /** The field's label in the current language (the field name when /eps has none). */
  label: (field: string) => string;
  /** The field's enum options (empty when it has none). */
  options: (field: string) => EpsDictOption[];
}

function metaOf(entry: EpsEntry): EntityMeta {
  const col = (f: string) => entry.columns.find((c) => c.propertyName === f);
  return {
    entry,
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

/** Saves a row (add without id, update with it); the server's field errors land on the form. */
export async function saveRow(
  meta: EntityMeta,
  values: Record<string, unknown>,
  id: number | undefined,
  form: FormInstance | undefined,
  successMessage: string,
): Promise<boolean> {
  try {
    if (id === undefined) await epsData(meta.entry).add(values, { successMessage });
    else await epsData(meta.entry).update({ ...values, id }, { successMessage });
    return true;
  } catch (e) {
    if (form) showFieldErrors(form, e);
    return false;
  }
}

/** Removes rows by id. */
export function deleteRows(meta: EntityMeta, ids: number[], successMessage: string): Promise<unknown> {
  return epsData(meta.entry).delete(ids, { successMessage });
}

/** A date-time from the server shown in local time, `YYYY-MM-DD HH:mm:ss`. */
export function formatTime(v: unknown): string {
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return String(v);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
