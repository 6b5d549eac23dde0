/** Envelope messages of password sign-in's throttle. */
import { registerMessages } from '../../core/api';

export const LOGIN = registerMessages({
  en: {
    login_wait: 'Too many failed sign-ins to this account from your address, please try again in {retryAfter} s',
    login_captcha_needed: 'This account has had many failed sign-ins: enter the verification code to sign in',
  },
  'zh-cn': {
    login_wait: '您的地址登录该账号失败次数过多，请 {retryAfter} 秒后再试',
    login_captcha_needed: '该账号登录失败次数过多，请输入验证码后登录',
  },
  'zh-tw': {
    login_wait: '您的位址登入此帳號失敗次數過多，請 {retryAfter} 秒後再試',
    login_captcha_needed: '此帳號登入失敗次數過多，請輸入驗證碼後登入',
  },
});
