/**
 * Handler names to suggest in the task form. The API has no call listing the registered handlers, but
 * every handler that asks for a system task has one seeded, so the handlers the existing tasks name are
 * a good list; the field stays free text (the server refuses an unknown name with a 1002).
 */
import { useEffect, useState } from 'react';
import { epsData } from '../../eps';
import type { EntityMeta } from '../data/entity';

/** At most this many tasks are read for their handler names. */
const SAMPLE = 500;

/** Distinct, sorted handler names of the tasks (loaded once `active` is true; empty until then or on failure). */
export function useServiceNames(meta: EntityMeta, active: boolean): string[] {
  const [names, setNames] = useState<string[] | null>(null);
  useEffect(() => {
    if (!active || names !== null) return;
    let live = true;
    epsData(meta.entry)
      .page({ page: 1, size: SAMPLE }, { silent: true })
      .then(
        (r) => {
          const found = new Set((r.list ?? []).map((row) => row.service).filter((s): s is string => typeof s === 'string' && s.trim() !== ''));
          if (live) setNames([...found].sort());
        },
        () => live && setNames([]),
      );
    return () => {
      live = false;
    };
  }, [active, meta.entry, names]);
  return names ?? [];
}
