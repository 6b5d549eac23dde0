import { defineLocale } from '../define';

/** Texts of the workspace's chat screens. */
export default defineLocale('wsChat', {
  en: { title: 'Chat' },
  'zh-cn': { title: 'Chat' },
  'zh-tw': { title: 'Chat' },
});
