/**
 * permmenu as cool-admin's own client reads it (COOL_COMPAT on, see core/cool-compat.ts): that
 * client loads a menu's screen from its `viewPath` as a file of its own source tree, so the system
 * screens it ships get their files (the user list, whose left panel is also its department tree,
 * roles, menus, parameters, the request log), and their folders and menus icons from its icon set.
 * The mapping is made when answering: the stored menus never change, and a menu an administrator
 * pointed elsewhere (another view path or icon) keeps what they chose. Every other menu keeps its
 * `crud:` view path, which that client has no screen for.
 *
 * A mapped menu carries its stored view path in `storedViewPath`, which our console reads instead.
 */
import type { Row } from '../../../core/entity/define';

/** Our seeded view path -> the cool-admin-vue 7.x view file that shows it, and its icon there. */
const SCREENS: Record<string, { viewPath: string; icon: string }> = {
  'crud:base/sys/user': { viewPath: 'modules/base/views/user/index.vue', icon: 'icon-user' },
  'crud:base/sys/department': { viewPath: 'modules/base/views/user/index.vue', icon: 'icon-dept' },
  'crud:base/sys/role': { viewPath: 'modules/base/views/role.vue', icon: 'icon-auth' },
  'crud:base/sys/menu': { viewPath: 'modules/base/views/menu/index.vue', icon: 'icon-menu' },
  'crud:base/sys/param': { viewPath: 'modules/base/views/param.vue', icon: 'icon-params' },
  'crud:base/sys/log': { viewPath: 'modules/base/views/log.vue', icon: 'icon-log' },
};

/** The folders the system screens are seeded in (seed-menus.ts), by router. */
const FOLDERS: Record<string, string> = { '/system': 'icon-system', '/base/sys': 'icon-auth' };

/** The icons our seeding gives menus and folders; only these are replaced. */
const SEEDED_ICONS = new Set(['icon-list', 'icon-folder']);

export function coolMenus(rows: Row[]): Row[] {
  return rows.map((m) => {
    const keepIcon = !SEEDED_ICONS.has(String(m.icon ?? ''));
    if (m.type === 0 && typeof m.router === 'string' && FOLDERS[m.router]) {
      return keepIcon ? m : { ...m, icon: FOLDERS[m.router] };
    }
    const screen = m.type === 1 && typeof m.viewPath === 'string' ? SCREENS[m.viewPath] : undefined;
    if (!screen) return m;
    return { ...m, viewPath: screen.viewPath, storedViewPath: m.viewPath, icon: keepIcon ? m.icon : screen.icon };
  });
}
