/** Loads a list call (`POST {prefix}/list`) once and on `reload()`; nothing is called while `enabled` is false. */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../app/api';

export function useList<T>(prefix: string, enabled = true, silent = false): { rows: T[]; loading: boolean; reload: () => Promise<void> } {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    if (!enabled) return;
    setLoading(true);
    try {
      setRows(await api.post<T[]>(`${prefix}/list`, {}, { silent }));
    } catch {
      /* the client already showed the server's message */
    } finally {
      setLoading(false);
    }
  }, [prefix, enabled, silent]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, loading, reload };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored time in the browser's time zone, `YYYY-MM-DD HH:mm:ss`. */
export function formatTime(v: unknown): string {
  if (typeof v !== 'string' || v === '') return '';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return v;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
