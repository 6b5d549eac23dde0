/**
 * The public app catalogue (`app/all`) for the screens: asked once per page load by whichever
 * screen needs it first (the store's apps, the chat's run picker, the names on run messages).
 *
 *   const { groups, byId, failed, retry } = useCatalogue();
 */
import { useEffect, useSyncExternalStore } from 'react';
import { appsById, loadCatalogue } from './app-calls';
import type { AppGroup, PublicApp } from './app-cost';

export interface Catalogue {
  /** null while loading (or after a failure). */
  groups: AppGroup[] | null;
  byId: ReadonlyMap<number, PublicApp>;
  failed: boolean;
}

let state: Catalogue = { groups: null, byId: new Map(), failed: false };
let asking = false;
const listeners = new Set<() => void>();

function set(next: Catalogue): void {
  state = next;
  for (const fn of [...listeners]) fn();
}

function ask(fresh: boolean): void {
  if (asking) return;
  asking = true;
  if (state.failed) set({ ...state, failed: false });
  loadCatalogue(fresh)
    .then(
      (groups) => set({ groups, byId: appsById(groups), failed: false }),
      () => set({ ...state, failed: true }),
    )
    .finally(() => {
      asking = false;
    });
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export function useCatalogue(): Catalogue & { retry: () => void } {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (!state.groups && !state.failed) ask(false);
  }, []);
  return { ...snapshot, retry: () => ask(true) };
}
