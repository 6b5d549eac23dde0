/**
 * Account calls of base/sys/user around e-mail: isExist (public), additionalInfo (completes a new
 * account: nickName, the inviter's code, the member's own code), and password reset by e-mail
 * code (sendResetPasswordCode, resetPassword; public).
 */
import type { Core } from '../../core/core';
import { l, type Row } from '../../core/entity/define';
import { fail } from '../../core/http/errors';
import type { Route } from '../../core/http/route';
import { call, defineRoutes } from '../../core/modules';
import { freeInviteCode } from './member.service';
import { bodyOf, emailCodes, invalidField, readEmail } from './email-code.service';
import { accountExists, inviteRequired } from './registration.service';
import { findByEmail, inviteState } from './account.queries';
import { inviterId } from './registration.queries';
import { MAIL } from './email.messages';
import { memberLang } from './member-language';
import { SYSTEM } from '../../core/entity/access';

/** Password length of spec 000 §5. */
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 16;

/** What additionalInfo accepts besides nickName and inviteCode: the caller's own profile fields. */
const PROFILE_FIELDS = ['headImg', 'avatar', 'language'] as const;

function text(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw invalidField(field, 'type', { type: 'string' });
  return v.trim();
}

export default defineRoutes((core: Core): Route[] => {
  const users = core.model.byKey.get('base/sys/user')!;
  const codes = emailCodes(core);
  return [
    call(core, 'base', 'sys/user', 'isExist', {
      method: 'POST',
      guard: 'public',
      summary: l('Whether an e-mail or username is taken', '邮箱或用户名是否已存在', '電子郵件或使用者名稱是否已存在'),
      handler: async (req) => accountExists(core, req.body, req.ctx.ip),
    }),
    call(core, 'base', 'sys/user', 'additionalInfo', {
      member: true,
      method: 'POST',
      summary: l('Complete my registration', '完善注册信息', '完善註冊資訊'),
      handler: async (req) => {
        const me = req.user!;
        const body = bodyOf(req.body);
        const allowed = new Set<string>(['id', 'nickName', 'inviteCode', ...PROFILE_FIELDS]);
        const unknown = Object.keys(body).filter((k) => !allowed.has(k));
        if (unknown.length) throw fail.invalid(unknown.map((field) => ({ field, rule: 'unknown', params: {} })));
        // The register page passes the user id along; it can only name the caller.
        if (body.id !== undefined && Number(body.id) !== me.id) throw fail.forbidden();
        const nickName = text(body, 'nickName');
        if (!nickName) throw invalidField('nickName', 'required');
        const change: Row = { id: me.id, nickName };
        for (const f of PROFILE_FIELDS) if (body[f] !== undefined) change[f] = body[f];
        let { inviteCode: own, inviteId } = await inviteState(core, me.id);
        // The inviter is named once, when the member gets a code of their own; later calls only edit the profile.
        if (!own) {
          const given = text(body, 'inviteCode');
          if (given) {
            inviteId = await inviterId(core, given, me.id);
            if (inviteId === null) throw fail.bad(MAIL.mail_invite_unknown);
            change.inviteId = inviteId;
          } else if (await inviteRequired(core)) {
            throw fail.bad(MAIL.mail_invite_required);
          }
          own = await freeInviteCode(core);
          change.inviteCode = own;
        }
        // As the system: the handler has limited the write to the caller's own row and profile fields.
        await core.ops.update(users, change, SYSTEM);
        return { nickName, inviteCode: own, inviteId };
      },
    }),
    call(core, 'base', 'sys/user', 'sendResetPasswordCode', {
      method: 'POST',
      guard: 'public',
      summary: l('Send a password reset code by e-mail', '发送重置密码验证码', '寄送重設密碼驗證碼'),
      handler: async (req) => {
        const body = bodyOf(req.body);
        const email = readEmail(body);
        // Same answer whether or not the address has an account; only an account's address gets mail.
        const account = await findByEmail(core, email, String(body.email));
        await codes.send(email, 'reset', memberLang(account, req.lang), req.ctx.ip, account !== null);
        return null;
      },
    }),
    call(core, 'base', 'sys/user', 'resetPassword', {
      method: 'POST',
      guard: 'public',
      summary: l('Reset my password with an e-mail code', '通过邮箱验证码重置密码', '以電子郵件驗證碼重設密碼'),
      handler: async (req) => {
        const body = bodyOf(req.body);
        const email = readEmail(body);
        const password = body.password;
        if (typeof password !== 'string' || !password) throw invalidField('password', 'required');
        if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
          throw invalidField('password', 'length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
        }
        await codes.countCheck(req.ctx.ip);
        await codes.check(email, 'reset', body.code, true);
        const user = await findByEmail(core, email, String(body.email));
        if (!user) throw fail.bad(MAIL.mail_code_expired);
        // The user entity's hook bumps passwordV, which ends every session of the old password.
        await core.ops.update(users, { id: user.id, password }, SYSTEM);
        return null;
      },
    }),
  ];
});
