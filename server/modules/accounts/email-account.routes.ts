/**
 * Account calls of base/sys/user around e-mail: isExist (public), additionalInfo (completes a new
 * account: nickName, the inviter's code, the member's own code), and password reset by e-mail
 * code (sendResetPasswordCode, resetPassword; public).
 */
import { entity, l, type Row, fail, call, defineRoutes, id, nullableText, text, BOOL, SYSTEM } from '../../core/api';
import type { Core, Route } from '../../core/api';
import { freeInviteCode } from '../system/member.service';
import { emailCodes } from './email-code.service';
import { accountExists, inviteRequired } from './registration.service';
import { EXIST_INPUT, email, emailCode, existRefine, mailAddress, password, userField } from '../system/account.input';
import { REGISTRATION } from './account.answers';
import { ownAccount } from './account.access';
import { findByEmail, inviteState } from './account.queries';
import { inviterId } from '../system/registration.queries';
import { MAIL } from './email.messages';
import { memberLang } from '../system/member-language';

/** What additionalInfo accepts besides nickName and inviteCode: the caller's own profile fields. */
const PROFILE_FIELDS = ['headImg', 'avatar', 'language'] as const;

export default defineRoutes((core: Core): Route[] => {
  const users = entity(core.model, 'base/sys/user');
  const codes = emailCodes(core);
  return [
    call(core, 'base', 'sys/user', 'isExist', {
      method: 'POST',
      access: 'public',
      summary: l('Whether an e-mail or username is taken', '邮箱或用户名是否已存在', '電子郵件或使用者名稱是否已存在'),
      input: EXIST_INPUT,
      refine: existRefine,
      effect: 'read',
      answer: BOOL,
      handler: async (req, input) => accountExists(core, input, req.ctx.ip),
    }),
    call(core, 'base', 'sys/user', 'additionalInfo', {
      member: true,
      method: 'POST',
      summary: l('Complete my registration', '完善注册信息', '完善註冊資訊'),
      input: {
        // The register page passes the user id along; it can only name the caller.
        id: id().optional(),
        nickName: text(),
        inviteCode: nullableText(),
        // The caller's own profile fields, checked by the user entity's update.
        ...Object.fromEntries(PROFILE_FIELDS.map((k) => [k, userField(users, k)])),
      },
      refine: ({ nickName }) => (nickName !== undefined && !nickName.trim() ? [{ field: 'nickName', rule: 'required', params: {} }] : []),
      access: ownAccount,
      effect: 'write',
      answer: REGISTRATION,
      handler: async (req, input) => {
        const me = req.user!;
        const nickName = input.nickName.trim();
        const change: Row = { id: me.id, nickName };
        for (const f of PROFILE_FIELDS) if (f in input) change[f] = (input as Row)[f];
        let { inviteCode: own, inviteId } = await inviteState(core, me.id);
        // The inviter is named once, when the member gets a code of their own; later calls only edit the profile.
        if (!own) {
          const given = (input.inviteCode ?? '').trim();
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
      access: 'public',
      summary: l('Send a password reset code by e-mail', '发送重置密码验证码', '寄送重設密碼驗證碼'),
      input: { email: email() },
      effect: 'write',
      answer: { type: 'null' },
      handler: async (req, input) => {
        const address = mailAddress(input.email);
        // Same answer whether or not the address has an account; only an account's address gets mail.
        const account = await findByEmail(core, address, input.email);
        await codes.send(address, 'reset', memberLang(account, req.lang), req.ctx.ip, account !== null);
        return null;
      },
    }),
    call(core, 'base', 'sys/user', 'resetPassword', {
      method: 'POST',
      access: 'public',
      summary: l('Reset my password with an e-mail code', '通过邮箱验证码重置密码', '以電子郵件驗證碼重設密碼'),
      input: { email: email(), code: emailCode(), password: password() },
      effect: 'write',
      answer: { type: 'null' },
      handler: async (req, input) => {
        const address = mailAddress(input.email);
        await codes.countCheck(req.ctx.ip);
        await codes.check(address, 'reset', input.code, true);
        const user = await findByEmail(core, address, input.email);
        if (!user) throw fail.bad(MAIL.mail_code_expired);
        // The user entity's hook bumps passwordV, which ends every session of the old password.
        await core.ops.update(users, { id: user.id, password: input.password }, SYSTEM);
        return null;
      },
    }),
  ];
});
