/** The server calls of the sign-in family of pages (typed calls of the data layer). */
import { calls as typed } from '../../app/data';
import type { TokenPair } from '../../lib/session';

export interface Captcha {
  captchaId: string;
  data: string;
  /** Sign-in asks for it (false when the site turned the captcha off: then only after a failed try). */
  required: boolean;
}

export interface EmailLoginResult extends TokenPair {
  isNew?: boolean;
  needNickName?: boolean;
  needInviteCode?: boolean;
  inviteRequired?: boolean;
}

export type OAuthProvider = 'google' | 'discord';

const { open, sys } = typed.base;
const pub = { skipAuth: true } as const;

export const calls = {
  captcha: () => open.captcha({ width: 150, height: 50 }, { ...pub, silent: true }) as Promise<Captcha>,
  login: (body: { username: string; password: string; captchaId: string; verifyCode: string }) => open.login(body, pub) as Promise<TokenPair>,
  sendCode: (email: string, type: 'login' | 'register') => open.sendCode({ email, type }, pub) as Promise<null>,
  loginByEmail: (email: string, code: string) => open.loginByEmail({ email, code }, pub) as Promise<EmailLoginResult>,
  oauthStart: (provider: OAuthProvider) => open.oauth1({ provider }, pub) as Promise<{ url: string }>,
  oauthTicket: (ticket: string) => open.oauth2({ ticket }, pub) as Promise<TokenPair>,
  googleLogin: (code: string, state: string) => sys.user.googleLogin({ code, state }, pub) as Promise<TokenPair>,
  sendResetCode: (email: string) => sys.user.sendResetPasswordCode({ email }, pub) as Promise<null>,
  resetPassword: (body: { email: string; code: string; password: string }) => sys.user.resetPassword(body, pub) as Promise<null>,
  additionalInfo: (body: { id?: number; nickName: string; inviteCode?: string }) =>
    sys.user.additionalInfo(body) as Promise<{ nickName: string; inviteCode: string }>,
};

/** Whether the server asked new members for an inviter's code (remembered from the e-mail sign-in answer). */
const INVITE_KEY = 'inviteRequired';
export function rememberInviteRequired(v: boolean | undefined): void {
  try {
    if (v === undefined) sessionStorage.removeItem(INVITE_KEY);
    else sessionStorage.setItem(INVITE_KEY, v ? '1' : '0');
  } catch {
    /* storage unavailable */
  }
}
export function knownInviteRequired(): boolean | undefined {
  try {
    const v = sessionStorage.getItem(INVITE_KEY);
    return v === null ? undefined : v === '1';
  } catch {
    return undefined;
  }
}
