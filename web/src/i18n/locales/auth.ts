import { defineLocale } from '../define';

/** Texts of the sign-in, registration and error pages. */
export default defineLocale('auth', {
  en: {
    title: 'Sign in',
    soonTitle: 'This page comes with the workspace',
    errors: {
      e401: 'Authentication failed, please log in again!',
      e403: 'You are not authorized to access this page',
      e404: 'Page not found',
      e500: 'Oops, something went wrong',
      e502: 'Oops, something went wrong',
    },
  },
  'zh-cn': {
    title: '登录',
    soonTitle: '此页面将随工作台提供',
    errors: {
      e401: '认证失败，请重新登录！',
      e403: '您无权访问此页面',
      e404: '页面不存在',
      e500: '糟糕，出了点问题',
      e502: '糟糕，出了点问题',
    },
  },
  'zh-tw': {
    title: '登入',
    soonTitle: '此頁面將隨工作台提供',
    errors: {
      e401: '驗證失敗，請重新登入！',
      e403: '您無權存取此頁面',
      e404: '頁面不存在',
      e500: '糟糕，出了點問題',
      e502: '糟糕，出了點問題',
    },
  },
});
