/** Loads an entity's `list` once and on `reload()`; nothing is called while `enabled` is false. */
import { useCallback, useEffect, useState } from 'react';
import { data, type KeyWith, type Row } from '../../../app/data';

export function useList<K extends KeyWith<'list'>>(
  key: K,
  enabled = true,
  silent = false,
): { rows: Array<Row<K>>; loading: boolean; reload: () => Promise<void> } {
  const [rows, setRows] = useState<Array<Row<K>>>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    if (!enabled) return;
    setLoading(true);
    try {
      const calls = data(key) as unknown as { list: (q: object, o: object) => Promise<Array<Row<K>>> };
      setRows(await calls.list({}, { silent }));
    } catch {
      /* the client already showed the server's message */
    } finally {
      setLoading(false);
    }
  }, [key, enabled, silent]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, loading, reload };
}
