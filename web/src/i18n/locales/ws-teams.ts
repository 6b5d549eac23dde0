import { defineLocale } from '../define';

/** Texts of the workspace's teams screens. */
export default defineLocale('wsTeams', {
  en: { title: 'Teams' },
  'zh-cn': { title: 'Teams' },
  'zh-tw': { title: 'Teams' },
});
