/**
 * base/comm calls about the caller's own account: profile update (a new `password` needs the
 * `originalPassword`, unless the account has none yet), sign-out, and the program's identity.
 * A new nickname or picture is told to every group the caller is in (`members` notice), so an open
 * chat or team page shows them anew without a reload.
 */
import { entity, l, call, defineRoutes, fail, verifyPassword, SYSTEM, coolCompat, nullableText, STR, nullable, obj } from '../../core/api';
import { password, userField } from '../system/account.input';
import { TOKEN_PAIR } from './account.answers';
import { passwordHash } from './account.queries';
import { groupsOf } from '../workspace/groups/group.queries';
import { membersChanged } from '../workspace/groups/membership.service';

/** What a member may change of their own profile through personUpdate. */
const OWN_FIELDS = ['nickName', 'headImg', 'avatar', 'cover', 'phone', 'remark', 'language', 'tags', 'shareLink', 'config'];
/** The fields others see the member by in a group. */
const SHOWN_FIELDS = ['nickName', 'headImg', 'avatar'];

export default defineRoutes((core) => {
  const users = entity(core.model, 'base/sys/user');
  const compat = coolCompat(core.config.env);
  return [
    call(core, 'base', 'comm', 'personUpdate', {
      method: 'POST',
      access: 'signedIn',
      summary: l('Update my profile', '修改个人信息', '修改個人資訊'),
      // The profile fields are checked by the user entity's update (types, lengths, languages).
      input: {
        ...Object.fromEntries(OWN_FIELDS.map((k) => [k, userField(users, k)])),
        password: password().optional(),
        originalPassword: nullableText(),
      },
      // Always the caller's own row: an id in the body names nobody else.
      ignored: ['id'],
      effect: 'write',
      // A new password ends this session's tokens: the answer is then a fresh pair, else null.
      answer: nullable(TOKEN_PAIR),
      async handler(req, input) {
        const me = req.user!;
        const change: Record<string, unknown> = { id: me.id };
        for (const k of OWN_FIELDS) if (k in input) change[k] = (input as Record<string, unknown>)[k];
        const pw = input.password;
        if (pw !== undefined) {
          const stored = await passwordHash(core, me.id);
          // An account made by e-mail code has no password: its first one is set without an original.
          if (stored && (typeof input.originalPassword !== 'string' || !(await verifyPassword(input.originalPassword, stored)))) {
            throw fail.bad('original_password_wrong');
          }
          change.password = pw;
        }
        const before = await core.ops.info(users, me.id, SYSTEM);
        // The caller changes their own row: a system write limited to OWN_FIELDS, whatever their roles.
        await core.ops.update(users, change, SYSTEM);
        if (SHOWN_FIELDS.some((k) => k in change && String(change[k] ?? '') !== String(before[k] ?? ''))) {
          for (const g of await groupsOf(core, me.id)) membersChanged(core, g.id);
        }
        if (pw === undefined) return null;
        // The password bump ended this session's tokens: hand out a fresh pair.
        await core.auth.revoke(me.sid, 'password');
        const state = await core.auth.state(me.id);
        return core.auth.issue({ id: me.id, passwordV: state!.passwordV });
      },
    }),
    call(core, 'base', 'comm', 'logout', {
      method: 'POST',
      access: 'signedIn',
      summary: l('Sign out', '退出登录', '登出'),
      input: {},
      effect: 'write',
      answer: { type: 'null' },
      async handler(req) {
        await core.auth.revoke(req.user!.sid);
        return null;
      },
    }),
    call(core, 'base', 'comm', 'program', {
      method: 'GET',
      access: 'public',
      summary: l('Program information', '程序信息', '程式資訊'),
      input: {},
      effect: 'read',
      answer: { anyOf: [obj({ name: STR, version: STR, time: STR }), STR] },
      // Our own version only: runtime versions (Node, koa, Midway) tell an attacker which holes to try.
      // cool-admin's build plugin keeps this answer as the server's language, which its AI-coding
      // page lowercases, so under COOL_COMPAT it is the name of the language its code templates know.
      handler: async () => (compat ? 'Node' : { name: 'COSMAC AI', version: core.version, time: new Date().toISOString() }),
    }),
  ];
});
