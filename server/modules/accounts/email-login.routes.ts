/**
 * Signing in by e-mail code (base/open, public): sendCode, verifyCode, loginByEmail, and the
 * existence check. A first sign-in creates a member account, completed later by additionalInfo.
 */
import { l, fail, call, defineRoutes, BOOL } from '../../core/api';
import type { Core, Route } from '../../core/api';
import { createMember } from '../system/member.service';
import { headerLanguage, memberLang } from '../system/member-language';
import { emailCodes } from './email-code.service';
import { EXIST_INPUT, codeType, email, emailCode, existRefine, mailAddress } from '../system/account.input';
import { EMAIL_SIGN_IN } from './account.answers';
import { findByEmail } from './account.queries';
import { accountExists, inviteRequired } from './registration.service';

export default defineRoutes((core: Core): Route[] => {
  const codes = emailCodes(core);
  return [
    call(core, 'base', 'open', 'sendCode', {
      method: 'POST',
      access: 'public',
      summary: l('Send a sign-in or reset code by e-mail', '发送邮箱验证码', '寄送電子郵件驗證碼'),
      input: { email: email(), type: codeType() },
      effect: 'write',
      answer: { type: 'null' },
      handler: async (req, input) => {
        const address = mailAddress(input.email);
        const purpose = input.type ?? 'login';
        const account = await findByEmail(core, address, input.email);
        // A reset code goes only to an existing account; the answer is the same either way.
        const deliver = purpose === 'login' || account !== null;
        // An account's mail is in its own language; a first sign-in's in the request's.
        await codes.send(address, purpose, memberLang(account, req.lang), req.ctx.ip, deliver);
        return null;
      },
    }),
    call(core, 'base', 'open', 'verifyCode', {
      method: 'POST',
      access: 'public',
      summary: l('Check an e-mail code without using it up', '校验邮箱验证码（不消耗）', '檢查電子郵件驗證碼（不消耗）'),
      input: { email: email(), code: emailCode(), type: codeType() },
      // The code is not used up; a wrong try counts against it in the cache, no table changes.
      effect: 'read',
      answer: BOOL,
      handler: async (req, input) => {
        await codes.countCheck(req.ctx.ip);
        await codes.check(mailAddress(input.email), input.type ?? 'login', input.code, false);
        return true;
      },
    }),
    call(core, 'base', 'open', 'loginByEmail', {
      method: 'POST',
      access: 'public',
      summary: l('Sign in (or sign up) with an e-mail code', '邮箱验证码登录（首次登录即注册）', '電子郵件驗證碼登入（首次登入即註冊）'),
      input: { email: email(), code: emailCode() },
      effect: 'write',
      answer: EMAIL_SIGN_IN,
      handler: async (req, input) => {
        const address = mailAddress(input.email);
        await codes.countCheck(req.ctx.ip);
        await codes.check(address, 'login', input.code, true);
        let user = await findByEmail(core, address, input.email);
        const isNew = !user;
        if (!user) {
          const language = headerLanguage(req);
          await createMember(core, { email: address, ...(language ? { language } : {}) }, address.split('@')[0]);
          user = (await findByEmail(core, address))!;
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
      access: 'public',
      summary: l('Whether an e-mail or username is taken', '邮箱或用户名是否已存在', '電子郵件或使用者名稱是否已存在'),
      input: EXIST_INPUT,
      refine: existRefine,
      effect: 'read',
      answer: BOOL,
      handler: async (req, input) => accountExists(core, input, req.ctx.ip),
    }),
  ];
});
