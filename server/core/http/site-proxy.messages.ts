/** The page a browser gets when the marketing site behind SITE_PROXY_URL does not answer. */
import { registerMessages } from '../i18n/messages';

export const SITE_PROXY = registerMessages({
  en: {
    site_proxy_down_title: 'Oops, something went wrong',
    site_proxy_down_text: 'This page is not available right now, please try again later.',
    site_proxy_down_link: 'Go to the workbench',
  },
  'zh-cn': {
    site_proxy_down_title: '糟糕，出了点问题',
    site_proxy_down_text: '该页面暂时无法访问，请稍后再试。',
    site_proxy_down_link: '前往工作台',
  },
  'zh-tw': {
    site_proxy_down_title: '糟糕，出了點問題',
    site_proxy_down_text: '此頁面暫時無法存取，請稍後再試。',
    site_proxy_down_link: '前往工作台',
  },
});
