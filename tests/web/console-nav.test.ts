import { describe, expect, it } from 'vitest';
import { buildNav, findMenu, menuPath, viewTarget } from '../../web/src/console/menu-tree';
import { canWith } from '../../web/src/app/can';
import type { MenuRow } from '../../web/src/app/auth';

let nextId = 1;
const menu = (m: Partial<MenuRow>): MenuRow => ({
  id: nextId++,
  parentId: null,
  name: 'm',
  router: null,
  perms: null,
  type: 1,
  icon: null,
  orderNum: 0,
  viewPath: null,
  keepAlive: 1,
  isShow: 1,
  ...m,
});

describe('view paths (000 §2)', () => {
  it('opens http addresses in a frame, crud/view/page keys as views, anything else as missing', () => {
    expect(viewTarget('https://example.com/x')).toEqual({ kind: 'frame', url: 'https://example.com/x' });
    expect(viewTarget('HTTP://a.b')).toEqual({ kind: 'frame', url: 'HTTP://a.b' });
    expect(viewTarget('crud:base/sys/user')).toEqual({ kind: 'crud', entityKey: 'base/sys/user' });
    expect(viewTarget('view:dashboard')).toEqual({ kind: 'view', name: 'dashboard' });
    expect(viewTarget('page:landing')).toEqual({ kind: 'page', name: 'landing' });
    for (const v of [null, undefined, '', 'crud:', 'modules/x.vue', 'ftp://x']) expect(viewTarget(v)).toEqual({ kind: 'missing' });
  });

  it('attaches pages at top level and the others under /admin', () => {
    expect(menuPath(menu({ router: '/base/sys/user', viewPath: 'crud:base/sys/user' }))).toBe('/admin/base/sys/user');
    expect(menuPath(menu({ router: '/landing', viewPath: 'page:landing' }))).toBe('/landing');
    const noRouter = menu({ router: null });
    expect(menuPath(noRouter)).toBe(`/admin/menu-${noRouter.id}`);
  });
});

describe('navigation tree from permmenu', () => {
  const dir = menu({ type: 0, name: 'base', router: '/base', orderNum: 1 });
  const users = menu({ parentId: dir.id, name: 'Users', router: '/base/sys/user', viewPath: 'crud:base/sys/user', orderNum: 2 });
  const roles = menu({ parentId: dir.id, name: 'Roles', router: '/base/sys/role', viewPath: 'crud:base/sys/role', orderNum: 1 });
  const button = menu({ parentId: users.id, type: 2, name: 'Add', perms: 'base:sys:user:add' });
  const hidden = menu({ parentId: dir.id, name: 'Hidden', router: '/base/hidden', isShow: 0 });
  const emptyDir = menu({ type: 0, name: 'empty', router: '/empty' });
  const orphan = menu({ parentId: 9999, name: 'Orphan', router: '/x/y', viewPath: 'crud:x/y' });

  it('nests menus under their directories in order, leaves out buttons, hidden menus and empty directories', () => {
    const nav = buildNav([users, dir, roles, button, hidden, emptyDir, orphan]);
    expect(nav.map((n) => n.menu.name)).toEqual(['Orphan', 'base']);
    const base = nav.find((n) => n.menu.name === 'base')!;
    expect(base.children.map((n) => n.menu.name)).toEqual(['Roles', 'Users']);
    expect(base.children[1].path).toBe('/admin/base/sys/user');
  });

  it('finds the menu of a console path, ignoring a trailing slash, and nothing for a directory or unknown path', () => {
    const all = [dir, users, roles, button];
    expect(findMenu(all, '/admin/base/sys/user/')?.id).toBe(users.id);
    expect(findMenu(all, '/admin/base')).toBeUndefined();
    expect(findMenu(all, '/admin/nope')).toBeUndefined();
  });
});

describe('can() (000 §6)', () => {
  const perms = ['base:sys:user:page', 'base:sys:user:add', 'base:coupon:generate'];
  it('passes when any permission contains the requested string, spaces stripped', () => {
    expect(canWith(perms, 'base:sys:user:add')).toBe(true);
    expect(canWith(perms, ' base:sys:user : add ')).toBe(true);
    expect(canWith(perms, 'base:sys:user')).toBe(true);
    expect(canWith(perms, 'base:sys:user:delete')).toBe(false);
    expect(canWith(perms, '')).toBe(false);
    expect(canWith([], 'base')).toBe(false);
  });
  it('supports or-lists and and-lists', () => {
    expect(canWith(perms, { or: ['base:sys:user:delete', 'base:coupon:generate'] })).toBe(true);
    expect(canWith(perms, { or: ['nope:one', 'nope:two'] })).toBe(false);
    expect(canWith(perms, { and: ['base:sys:user:add', 'base:coupon:generate'] })).toBe(true);
    expect(canWith(perms, { and: ['base:sys:user:add', 'base:sys:user:delete'] })).toBe(false);
  });
});
