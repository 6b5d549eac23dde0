/** The server calls of the sign-in family of pages (paths without the /api prefix). */
import { api } from '../../app/api';
import type { TokenPair } from '../../lib/session';

export interface Captcha {
  captchaId: string;
  data: string;
}

export interface EmailLoginResult extends TokenPair {
  isNew?: boolean;
  needNickName?: boolean;
  needInviteCode?: boolean;
  inviteRequired?: boolean;
}

export type OAuthProvider = 'google' | 'discord';

const OPEN = '/admin/base/open';
const USER = '/admin/base/sys/user';

export const calls = {
  captcha: () => api.get<Captcha>(`${OPEN}/captcha`, { query: { width: 150, height: 50 }, skipAuth: true, silent: true }),
  login: (body: { username: string; password: string; captchaId: string; verifyCode: string }) =>
    api.post<TokenPair>(`${OPEN}/login`, body, { skipAuth: true }),
  sendCode: (email: string, type: 'login' | 'register') => api.post<null>(`${OPEN}/sendCode`, { email, type }, { skipAuth: true }),
  loginByEmail: (email: string, code: string) => api.post<EmailLoginResult>(`${OPEN}/loginByEmail`, { email, code }, { skipAuth: true }),
  oauthStart: (provider: OAuthProvider) => api.post<{ url: string }>(`${OPEN}/oauth1`, { provider }, { skipAuth: true }),
  oauthTicket: (ticket: string) => api.post<TokenPair>(`${OPEN}/oauth2`, { ticket }, { skipAuth: true }),
  googleLogin: (code: string, state: string) => api.post<TokenPair>(`${USER}/googleLogin`, { code, state }, { skipAuth: true }),
  sendResetCode: (email: string) => api.post<null>(`${USER}/sendResetPasswordCode`, { email }, { skipAuth: true }),
  resetPassword: (body: { email: string; code: string; password: string }) =>
    api.post<null>(`${USER}/resetPassword`, body, { skipAuth: true }),
  additionalInfo: (body: { id?: number; nickName: string; inviteCode?: string }) =>
    api.post<{ nickName: string; inviteCode: string }>(`${USER}/additionalInfo`, body),
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
