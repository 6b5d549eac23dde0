/**
 * permmenu as cool-admin's own client reads it (COOL_COMPAT on, see core/cool-compat.ts): that
 * client loads a menu's screen from its `viewPath` as a file of its own source tree, so the screens
 * it ships get their files (the user list, whose left panel is also its department tree, roles,
 * menus, parameters, the request log, the members' shipping addresses), and their folders and menus
 * icons from its icon set. The mapping is made when answering: the stored menus never change, and a
 * menu an administrator pointed elsewhere (another view path or icon) keeps what they chose. Every
 * other menu keeps its `crud:` view path, which that client has no screen for.
 *
 * Two more changes of the answer, for that client only:
 * - Its home page is the first screen of the menu tree (folders and screens by orderNum). Ours is a
 *   workspace entity it has no screen for, so the first of its screens the caller has (the user list
 *   when they have it) is answered first in its folder, and so are that folder and each folder above.
 * - For the administrator, the members list its user module shows (`/admin/user/info`, which exists
 *   only with COOL_COMPAT on) gets a menu beside the shipping addresses: MEMBER_MENU_ID, never stored.
 *
 * A mapped menu carries its stored view path in `storedViewPath`, which our console reads instead
 * (the members menu: our users screen).
 */
import type { Row } from '../../core/api';
import type { MenuRow } from './menu.queries';

/** Our seeded view path -> the cool-admin-vue 7.x view file that shows it, and its icon there; first the home's choice. */
const SCREENS: Record<string, { viewPath: string; icon: string }> = {
  'crud:base/sys/user': { viewPath: 'modules/base/views/user/index.vue', icon: 'icon-user' },
  'crud:base/sys/department': { viewPath: 'modules/base/views/user/index.vue', icon: 'icon-dept' },
  'crud:base/sys/role': { viewPath: 'modules/base/views/role.vue', icon: 'icon-auth' },
  'crud:base/sys/menu': { viewPath: 'modules/base/views/menu/index.vue', icon: 'icon-menu' },
  'crud:base/sys/param': { viewPath: 'modules/base/views/param.vue', icon: 'icon-params' },
  'crud:base/sys/log': { viewPath: 'modules/base/views/log.vue', icon: 'icon-log' },
  'crud:user/address': { viewPath: 'modules/user/views/address.vue', icon: 'icon-map' },
};

/** The folders the system screens are seeded in (seed-menus.ts), by router. */
const FOLDERS: Record<string, string> = { '/system': 'icon-system', '/base/sys': 'icon-auth', '/user': 'icon-user' };

/** The icons our seeding gives menus and folders; only these are replaced. */
const SEEDED_ICONS = new Set(['icon-list', 'icon-folder']);

/** The id of the members menu, which is never a row (ids of rows are positive). */
export const MEMBER_MENU_ID = -1;

export interface CoolMenuOptions {
  /** Add the members menu (the caller may use `/admin/user/info`). */
  members: boolean;
}

/**
 * A menu as that client gets it: a stored menu (with its stored view path when mapped), or the
 * members menu, which carries the fields a stored one has.
 */
type CoolMenu = Pick<MenuRow, 'id' | 'parentId' | 'name' | 'router' | 'type' | 'icon' | 'orderNum' | 'viewPath'> & Row & { storedViewPath?: string | null };

function mapped(m: MenuRow): CoolMenu {
  const keepIcon = !SEEDED_ICONS.has(m.icon ?? '');
  if (m.type === 0 && typeof m.router === 'string' && FOLDERS[m.router]) {
    return keepIcon ? m : { ...m, icon: FOLDERS[m.router] };
  }
  const screen = m.type === 1 && typeof m.viewPath === 'string' ? SCREENS[m.viewPath] : undefined;
  if (!screen) return m;
  return { ...m, viewPath: screen.viewPath, storedViewPath: m.viewPath, icon: keepIcon ? m.icon : screen.icon };
}

/** Beside the shipping addresses (else the user list, else at the top): cool-admin's members list. */
function withMembers(rows: CoolMenu[]): CoolMenu[] {
  const at = ['crud:user/address', 'crud:base/sys/user'].map((v) => rows.findIndex((m) => m.storedViewPath === v)).find((i) => i >= 0) ?? -1;
  const anchor = at >= 0 ? rows[at] : null;
  const menu: CoolMenu = {
    id: MEMBER_MENU_ID,
    parentId: anchor ? (anchor.parentId ?? null) : null,
    name: 'Members',
    router: '/user/list',
    type: 1,
    icon: 'icon-user',
    orderNum: anchor?.orderNum ?? 0,
    viewPath: 'modules/user/views/list.vue',
    storedViewPath: 'crud:base/sys/user',
    keepAlive: 1,
    isShow: 1,
  };
  return at >= 0 ? [...rows.slice(0, at), menu, ...rows.slice(at)] : [...rows, menu];
}

/**
 * The rows with the home screen and each folder above it ordered first among their siblings (the
 * client builds its tree by parentId, a row whose parent it lacks being a root, and sorts by orderNum).
 */
function homeFirst(rows: CoolMenu[]): CoolMenu[] {
  const home = Object.keys(SCREENS)
    .map((stored) => rows.find((m) => m.type === 1 && m.storedViewPath === stored && m.id !== MEMBER_MENU_ID))
    .find((m) => m !== undefined);
  if (!home) return rows;
  const byId = new Map(rows.filter((m) => m.type !== 2).map((m) => [m.id, m]));
  const parentOf = (m: CoolMenu) => (m.parentId === null ? undefined : byId.get(m.parentId));
  const lifted = new Map<CoolMenu, number>();
  const seen = new Set<CoolMenu>();
  for (let node: CoolMenu | undefined = home; node && !seen.has(node); node = parentOf(node)) {
    seen.add(node);
    const parent = parentOf(node);
    const siblings = [...byId.values()].filter((m) => m !== node && parentOf(m) === parent).map((m) => m.orderNum);
    const first = Math.min(...siblings);
    if (siblings.length && node.orderNum >= first) lifted.set(node, first - 1);
  }
  return rows.map((m) => {
    const orderNum = lifted.get(m);
    return orderNum === undefined ? m : { ...m, orderNum };
  });
}

export function coolMenus(rows: MenuRow[], options: CoolMenuOptions = { members: false }): Row[] {
  const out = rows.map(mapped);
  return homeFirst(options.members ? withMembers(out) : out);
}
