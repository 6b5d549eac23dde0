/** Messages of Google and Discord sign-in; `{provider}` is the provider's display name. */
import { registerMessages } from '../../core/api';

export const OAUTH_MESSAGES = registerMessages({
  en: {
    oauth_provider_off: 'Sign-in with {provider} is not available on this site',
    oauth_flow_unsupported: 'Sign-in with {provider} does not support the "{flow}" flow',
    oauth_state_invalid: 'The sign-in request has expired or was already used; please start again',
    oauth_code_invalid: 'The {provider} authorization code is invalid or has expired; please sign in again',
    oauth_provider_rejected: '{provider} refused the sign-in request ({error}); please tell the site administrator',
    oauth_provider_unavailable: '{provider} could not be reached; please try again later',
    oauth_email_linked: 'The e-mail address of this {provider} account belongs to an account linked to another {provider} account',
    oauth_busy: 'This sign-in is already in progress; please try again in a moment',
    oauth_ticket_invalid: 'The sign-in ticket has expired or was already used; please sign in again',
    oauth_denied: 'The {provider} sign-in was cancelled',
  },
  'zh-cn': {
    oauth_provider_off: '本站未开放 {provider} 登录',
    oauth_flow_unsupported: '{provider} 登录不支持“{flow}”方式',
    oauth_state_invalid: '登录请求已过期或已被使用，请重新开始',
    oauth_code_invalid: '{provider} 授权码无效或已过期，请重新登录',
    oauth_provider_rejected: '{provider} 拒绝了登录请求（{error}），请联系网站管理员',
    oauth_provider_unavailable: '暂时无法连接 {provider}，请稍后再试',
    oauth_email_linked: '该 {provider} 账号的邮箱所属的账户已绑定另一个 {provider} 账号',
    oauth_busy: '该登录正在进行中，请稍后再试',
    oauth_ticket_invalid: '登录凭据已过期或已被使用，请重新登录',
    oauth_denied: '{provider} 登录已取消',
  },
  'zh-tw': {
    oauth_provider_off: '本站未開放 {provider} 登入',
    oauth_flow_unsupported: '{provider} 登入不支援「{flow}」方式',
    oauth_state_invalid: '登入請求已過期或已被使用，請重新開始',
    oauth_code_invalid: '{provider} 授權碼無效或已過期，請重新登入',
    oauth_provider_rejected: '{provider} 拒絕了登入請求（{error}），請聯絡網站管理員',
    oauth_provider_unavailable: '暫時無法連線 {provider}，請稍後再試',
    oauth_email_linked: '此 {provider} 帳號的電子郵件所屬的帳戶已綁定另一個 {provider} 帳號',
    oauth_busy: '此登入正在進行中，請稍後再試',
    oauth_ticket_invalid: '登入憑證已過期或已被使用，請重新登入',
    oauth_denied: '{provider} 登入已取消',
  },
});
