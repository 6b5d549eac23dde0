import { defineLocale } from '../define';

/** Texts of the crud screens. */
export default defineLocale('crud', {
  en: { title: 'crud' },
  'zh-cn': { title: 'crud' },
  'zh-tw': { title: 'crud' },
});
