/**
 * Signing in by e-mail code (base/open, public): sendCode, verifyCode, loginByEmail, and the
 * existence check. A first sign-in creates a member account, completed later by additionalInfo.
 */
import type { Core } from '../../core/core';
import { l } from '../../core/entity/define';
import { fail } from '../../core/http/errors';
import type { Route } from '../../core/http/route';
import { call, defineRoutes } from '../../core/modules';
import { createMember } from './member.service';
import { headerLanguage, memberLang } from './member-language';
import { bodyOf, emailCodes, invalidField, readEmail, type CodePurpose } from './email-code.service';
import { findByEmail } from './account.queries';
import { accountExists, inviteRequired } from './registration.service';

/** `type` of sendCode and verifyCode: login and register share one code (a first sign-in registers). */
function purposeOf(v: unknown): CodePurpose {
  if (v === undefined || v === null || v === '' || v === 'login' || v === 'register') return 'login';
  if (v === 'reset') return 'reset';
  throw invalidField('type', 'enum', { values: 'login, register, reset' });
}

export default defineRoutes((core: Core): Route[] => {
  const codes = emailCodes(core);
  return [
    call(core, 'base', 'open', 'sendCode', {
      method: 'POST',
      guard: 'public',
      summary: l('Send a sign-in or reset code by e-mail', '发送邮箱验证码', '寄送電子郵件驗證碼'),
      handler: async (req) => {
        const body = bodyOf(req.body);
        const email = readEmail(body);
        const purpose = purposeOf(body.type);
        const account = await findByEmail(core, email, String(body.email));
        // A reset code goes only to an existing account; the answer is the same either way.
        const deliver = purpose === 'login' || account !== null;
        // An account's mail is in its own language; a first sign-in's in the request's.
        await codes.send(email, purpose, memberLang(account, req.lang), req.ctx.ip, deliver);
        return null;
      },
    }),
    call(core, 'base', 'open', 'verifyCode', {
      method: 'POST',
      guard: 'public',
      summary: l('Check an e-mail code without using it up', '校验邮箱验证码（不消耗）', '檢查電子郵件驗證碼（不消耗）'),
      handler: async (req) => {
        const body = bodyOf(req.body);
        const email = readEmail(body);
        const purpose = purposeOf(body.type);
        await codes.countCheck(req.ctx.ip);
        await codes.check(email, purpose, body.code, false);
        return true;
      },
    }),
    call(core, 'base', 'open', 'loginByEmail', {
      method: 'POST',
      guard: 'public',
      summary: l('Sign in (or sign up) with an e-mail code', '邮箱验证码登录（首次登录即注册）', '電子郵件驗證碼登入（首次登入即註冊）'),
      handler: async (req) => {
        const body = bodyOf(req.body);
        const email = readEmail(body);
        await codes.countCheck(req.ctx.ip);
        await codes.check(email, 'login', body.code, true);
        let user = await findByEmail(core, email, String(body.email));
        const isNew = !user;
        if (!user) {
          const language = headerLanguage(req);
          await createMember(core, { email, ...(language ? { language } : {}) }, email.split('@')[0]);
          user = (await findByEmail(core, email))!;
        }
        if (user.status !== 1) throw fail.forbidden('account_disabled');
        const tokens = await core.auth.issue({ id: user.id, passwordV: user.passwordV });
        const needNickName = !user.nickName;
        const needInviteCode = !user.inviteCode;
        return {
          ...tokens,
          isNew,
          profileIncomplete: needNickName || needInviteCode,
          needNickName,
          needInviteCode,
          inviteRequired: needInviteCode ? await inviteRequired(core) : false,
        };
      },
    }),
    call(core, 'base', 'open', 'exist', {
      method: 'POST',
      guard: 'public',
      summary: l('Whether an e-mail or username is taken', '邮箱或用户名是否已存在', '電子郵件或使用者名稱是否已存在'),
      handler: async (req) => accountExists(core, req.body, req.ctx.ip),
    }),
  ];
});
