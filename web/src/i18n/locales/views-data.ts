import { defineLocale } from '../define';

/** Texts of the console's hand-made screens (views-data). */
export default defineLocale('viewsData', {
  en: { title: 'views-data' },
  'zh-cn': { title: 'views-data' },
  'zh-tw': { title: 'views-data' },
});
