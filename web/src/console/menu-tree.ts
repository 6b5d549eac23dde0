/**
 * Menu rows of permmenu -> the console's navigation: the visible tree for ProLayout and, for every
 * menu (type 1), the view its viewPath names (000 §2: http -> frame, missing -> 404).
 */
import type { MenuRow } from '../app/auth';

export const CONSOLE_BASE = '/admin';

export type ViewTarget =
  | { kind: 'frame'; url: string }
  | { kind: 'crud'; entityKey: string }
  | { kind: 'view'; name: string }
  | { kind: 'page'; name: string }
  | { kind: 'missing' };

export interface NavNode {
  key: string;
  path: string;
  menu: MenuRow;
  children: NavNode[];
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1';

export function viewTarget(viewPath: string | null | undefined): ViewTarget {
  const v = (viewPath ?? '').trim();
  if (/^https?:\/\//i.test(v)) return { kind: 'frame', url: v };
  if (v.startsWith('crud:') && v.length > 5) return { kind: 'crud', entityKey: v.slice(5) };
  if (v.startsWith('view:') && v.length > 5) return { kind: 'view', name: v.slice(5) };
  if (v.startsWith('page:') && v.length > 5) return { kind: 'page', name: v.slice(5) };
  return { kind: 'missing' };
}

/** The console path of a menu: pages attach at top level, the others under /admin. */
export function menuPath(m: MenuRow): string {
  const router = m.router && m.router.startsWith('/') ? m.router : `/menu-${m.id}`;
  return viewTarget(m.viewPath).kind === 'page' ? router : `${CONSOLE_BASE}${router}`;
}

/** Directories and menus that are shown, as a tree; a row whose parent is absent becomes a root. */
export function buildNav(menus: readonly MenuRow[]): NavNode[] {
  const shown = menus.filter((m) => m.type !== 2 && truthy(m.isShow));
  const byId = new Map<number, NavNode>();
  for (const m of shown) byId.set(Number(m.id), { key: String(m.id), path: menuPath(m), menu: m, children: [] });
  const roots: NavNode[] = [];
  for (const m of shown) {
    const node = byId.get(Number(m.id))!;
    const parent = m.parentId != null ? byId.get(Number(m.parentId)) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: NavNode[]) => {
    list.sort((a, b) => Number(a.menu.orderNum) - Number(b.menu.orderNum) || Number(a.menu.id) - Number(b.menu.id));
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  // A directory with nothing to open inside is not shown.
  const prune = (list: NavNode[]): NavNode[] =>
    list.filter((n) => {
      n.children = prune(n.children);
      return n.menu.type !== 0 || n.children.length > 0;
    });
  return prune(roots);
}

/** The menu (type 1) whose path is `pathname`. */
export function findMenu(menus: readonly MenuRow[], pathname: string): MenuRow | undefined {
  const p = pathname.replace(/\/+$/, '');
  return menus.find((m) => m.type === 1 && menuPath(m) === p);
}

export function isKeepAlive(m: MenuRow): boolean {
  return truthy(m.keepAlive);
}
