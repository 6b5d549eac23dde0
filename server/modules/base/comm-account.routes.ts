/**
 * base/comm calls about the caller's own account: profile update (a new `password` needs the
 * `originalPassword`, unless the account has none yet), sign-out, and the program's identity.
 * A new nickname or picture is told to every group the caller is in (`members` notice), so an open
 * chat or team page shows them anew without a reload.
 */
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';
import { fail } from '../../core/http/errors';
import { verifyPassword } from '../../core/auth/password';
import { SYSTEM } from '../../core/entity/access';
import { coolCompat } from '../../core/cool-compat';
import { passwordHash } from './account.queries';
import { groupsOf } from './group/group.queries';
import { membersChanged } from './group/membership.service';

/** What a member may change of their own profile through personUpdate. */
const OWN_FIELDS = ['nickName', 'headImg', 'avatar', 'cover', 'phone', 'remark', 'language', 'tags', 'shareLink', 'config'];
/** The fields others see the member by in a group. */
const SHOWN_FIELDS = ['nickName', 'headImg', 'avatar'];

export default defineRoutes((core) => {
  const users = core.model.byKey.get('base/sys/user')!;
  const compat = coolCompat(core.config.env);
  return [
    call(core, 'base', 'comm', 'personUpdate', {
      method: 'POST',
      guard: 'signedIn',
      summary: l('Update my profile', '修改个人信息', '修改個人資訊'),
      async handler(req) {
        const b = req.body;
        if (typeof b !== 'object' || b === null || Array.isArray(b)) throw fail.bad('body_not_object');
        const body = b as Record<string, unknown>;
        const unknown = Object.keys(body).filter((k) => !OWN_FIELDS.includes(k) && k !== 'password' && k !== 'originalPassword' && k !== 'id');
        if (unknown.length) throw fail.invalid(unknown.map((field) => ({ field, rule: 'unknown', params: {} })));
        const change: Record<string, unknown> = { id: req.user!.id };
        for (const k of OWN_FIELDS) if (k in body) change[k] = body[k];
        const changingPassword = typeof body.password === 'string' && body.password !== '';
        if (changingPassword) {
          const pw = body.password as string;
          if (pw.length < 6 || pw.length > 16) throw fail.invalid([{ field: 'password', rule: 'length', params: { min: 6, max: 16 } }]);
          const stored = await passwordHash(core, req.user!.id);
          // An account made by e-mail code has no password: its first one is set without an original.
          if (stored && (typeof body.originalPassword !== 'string' || !(await verifyPassword(body.originalPassword, stored)))) {
            throw fail.bad('original_password_wrong');
          }
          change.password = pw;
        }
        const before = await core.ops.info(users, req.user!.id, SYSTEM);
        // The caller changes their own row: a system write limited to OWN_FIELDS, whatever their roles.
        await core.ops.update(users, change, SYSTEM);
        if (SHOWN_FIELDS.some((k) => k in change && String(change[k] ?? '') !== String(before[k] ?? ''))) {
          for (const g of await groupsOf(core, req.user!.id)) membersChanged(core, Number(g.id));
        }
        if (!changingPassword) return null;
        // The password bump ended this session's tokens: hand out a fresh pair.
        await core.auth.revoke(req.user!.sid, 'password');
        const me = await core.auth.state(req.user!.id);
        return core.auth.issue({ id: req.user!.id, passwordV: me!.passwordV });
      },
    }),
    call(core, 'base', 'comm', 'logout', {
      method: 'POST',
      guard: 'signedIn',
      summary: l('Sign out', '退出登录', '登出'),
      async handler(req) {
        await core.auth.revoke(req.user!.sid);
        return null;
      },
    }),
    call(core, 'base', 'comm', 'program', {
      method: 'GET',
      guard: 'public',
      summary: l('Program information', '程序信息', '程式資訊'),
      // Our own version only: runtime versions (Node, koa, Midway) tell an attacker which holes to try.
      // cool-admin's build plugin keeps this answer as the server's language, which its AI-coding
      // page lowercases, so under COOL_COMPAT it is the name of the language its code templates know.
      handler: async () => (compat ? 'Node' : { name: 'COSMAC AI', version: core.version, time: new Date().toISOString() }),
    }),
  ];
});
