import { defineLocale } from '../define';

/** Texts of the console's hand-made screens (views-system). */
export default defineLocale('viewsSystem', {
  en: { title: 'views-system' },
  'zh-cn': { title: 'views-system' },
  'zh-tw': { title: 'views-system' },
});
