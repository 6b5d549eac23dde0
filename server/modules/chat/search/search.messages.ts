/** Envelope messages of the chat's search (message/search). */
import { registerMessages } from '../../../core/api';

export const SEARCH = registerMessages({
  en: {
    search_too_fast: 'Too many searches, please wait a moment',
  },
  'zh-cn': {
    search_too_fast: '搜索过于频繁，请稍后再试',
  },
  'zh-tw': {
    search_too_fast: '搜尋過於頻繁，請稍後再試',
  },
});
