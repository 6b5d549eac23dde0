import { defineLocale } from '../define';

/** Texts of the workspace's social screens. */
export default defineLocale('wsSocial', {
  en: { title: 'Social' },
  'zh-cn': { title: 'Social' },
  'zh-tw': { title: 'Social' },
});
