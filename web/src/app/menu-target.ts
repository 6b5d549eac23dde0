/**
 * What a menu row opens and where it lives: its view path names a frame (http), a generic screen
 * (`crud:`), a hand-made console view (`view:`) or a top-level page (`page:`); anything else is
 * missing (000 §2: 404). Shared by the console's navigation and the top-level pages.
 */
import type { MenuRow } from './auth';

export const CONSOLE_BASE = '/admin';

export type ViewTarget =
  { kind: 'frame'; url: string } | { kind: 'crud'; entityKey: string } | { kind: 'view'; name: string } | { kind: 'page'; name: string } | { kind: 'missing' };

export function viewTarget(viewPath: string | null | undefined): ViewTarget {
  const v = (viewPath ?? '').trim();
  if (/^https?:\/\//i.test(v)) return { kind: 'frame', url: v };
  if (v.startsWith('crud:') && v.length > 5) return { kind: 'crud', entityKey: v.slice(5) };
  if (v.startsWith('view:') && v.length > 5) return { kind: 'view', name: v.slice(5) };
  if (v.startsWith('page:') && v.length > 5) return { kind: 'page', name: v.slice(5) };
  return { kind: 'missing' };
}

/** The path of a menu: pages attach at top level, the others under /admin. */
export function menuPath(m: MenuRow): string {
  const router = m.router && m.router.startsWith('/') ? m.router : `/menu-${m.id}`;
  return viewTarget(m.viewPath).kind === 'page' ? router : `${CONSOLE_BASE}${router}`;
}
