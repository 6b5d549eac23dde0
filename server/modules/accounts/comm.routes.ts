/**
 * base/comm calls for any signed-in user: who am I, and which permissions and menus I hold (with
 * COOL_COMPAT on, the menus as cool-admin's client opens them: system/cool-views.ts).
 */
import { entity, l, call, defineRoutes, ANY_OBJECT, BOOL, INT, STR, listOf, obj, coolCompat } from '../../core/api';
import type { Core, Route } from '../../core/api';
import { allMenus, menusOfRoles } from '../system/menu.queries';
import { consoleRoleIds } from '../system/param.service';
import { coolMenus } from '../system/cool-views';
import { passwordHash } from './account.queries';

export default defineRoutes((core: Core): Route[] => {
  const users = entity(core.model, 'base/sys/user');
  const compat = coolCompat(core.config.env);
  return [
    // `hasPassword`: whether the account has one (never the hash): one made by e-mail code has none, and sets its first without an original.
    call(core, 'base', 'comm', 'person', {
      method: 'GET',
      access: 'signedIn',
      summary: l('My profile', '个人信息', '個人資訊'),
      input: {},
      // Always the caller's own profile: an id in the query names nobody else.
      ignored: ['id'],
      effect: 'read',
      answer: { ...obj({ id: INT, hasPassword: BOOL }), additionalProperties: true },
      async handler(req) {
        const [me, hash] = await Promise.all([core.ops.info(users, req.user!.id, req.user), passwordHash(core, req.user!.id)]);
        return { ...me, hasPassword: !!hash };
      },
    }),
    call(core, 'base', 'comm', 'permmenu', {
      method: 'GET',
      access: 'signedIn',
      summary: l('My permissions and menus', '权限与菜单', '權限與選單'),
      input: {},
      effect: 'read',
      answer: obj({ perms: listOf(STR), menus: listOf(ANY_OBJECT), consoleRoleIds: listOf(INT) }),
      async handler(req) {
        const c = req.user!;
        // What is shown, not who may call: the administrator holds every key and sees every menu.
        const rows = c.isAdmin ? await allMenus(core) : await menusOfRoles(core, c.roleIds);
        const perms = c.isAdmin ? [...new Set(core.routes.all.map((r) => r.permission).filter((p): p is string => !!p))].sort() : [...c.perms].sort();
        return { perms, menus: compat ? coolMenus(rows, { members: c.isAdmin }) : rows, consoleRoleIds: await consoleRoleIds(core) };
      },
    }),
  ];
});
