/**
 * The session client's own texts (000 §8) in the three interface languages.
 * English is the spec's wording; the zh-cn text of the fully-expired session is the spec's verbatim.
 * The React app's texts (web/src/i18n) may later import this table so the texts live in one place.
 */
export type Lang = 'en' | 'zh-cn' | 'zh-tw';

export const LANGS: readonly Lang[] = ['en', 'zh-cn', 'zh-tw'];

export type MessageKey = 'timeout' | 'network' | 'sessionExpired' | 'sessionEnded' | 'requestFailed' | 'pageError';

export const messages: Record<Lang, Record<MessageKey, string>> = {
  en: {
    timeout: 'Request timeout, please try again',
    network: 'Network error, please check your connection',
    sessionExpired: 'Login status has expired, please log in again',
    sessionEnded: 'You have been signed out, please log in again',
    requestFailed: 'Request failed ({status})',
    pageError: 'Page error: {message}',
  },
  'zh-cn': {
    timeout: '请求超时，请重试',
    network: '网络错误，请检查您的网络连接',
    sessionExpired: '登录状态已失效，请重新登录',
    sessionEnded: '您已退出登录，请重新登录',
    requestFailed: '请求失败（{status}）',
    pageError: '页面错误：{message}',
  },
  'zh-tw': {
    timeout: '請求逾時，請重試',
    network: '網路錯誤，請檢查您的網路連線',
    sessionExpired: '登入狀態已失效，請重新登入',
    sessionEnded: '您已登出，請重新登入',
    requestFailed: '請求失敗（{status}）',
    pageError: '頁面錯誤：{message}',
  },
};

/** The text of `key` in `lang` (English when the language is unknown), with `{name}` placeholders filled. */
export function t(lang: string, key: MessageKey, params: Record<string, string | number> = {}): string {
  const table = messages[lang as Lang] ?? messages.en;
  return table[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
