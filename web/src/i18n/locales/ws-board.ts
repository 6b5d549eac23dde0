import { defineLocale } from '../define';

/** Texts of the workspace's board screens. */
export default defineLocale('wsBoard', {
  en: { title: 'Board' },
  'zh-cn': { title: 'Board' },
  'zh-tw': { title: 'Board' },
});
