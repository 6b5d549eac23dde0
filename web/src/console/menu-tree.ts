/**
 * Menu rows of permmenu -> the console's navigation: the visible tree for ProLayout and the menu of
 * a path. What a view path opens is app/menu-target.ts (top-level pages read it too).
 */
import type { MenuRow } from '../app/auth';
import { menuPath } from '../app/menu-target';

export { CONSOLE_BASE, menuPath, viewTarget, type ViewTarget } from '../app/menu-target';

export interface NavNode {
  key: string;
  path: string;
  menu: MenuRow;
  children: NavNode[];
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1';

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
