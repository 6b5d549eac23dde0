/**
 * The full app's code (full-app.tsx), with the antd texts of the saved language: the entry loads it
 * for the first page that needs it, and the sign-in page asks for it ahead while the visitor types.
 */
import type { ComponentType } from 'react';

let loading: Promise<{ default: ComponentType }> | null = null;

export function loadFullApp(): Promise<{ default: ComponentType }> {
  loading ??= import('./full-app').then(async (m) => {
    await m.ready();
    return m;
  });
  // A failed load (offline, a stale deployment) is tried again by the next caller.
  loading.catch(() => (loading = null));
  return loading;
}
