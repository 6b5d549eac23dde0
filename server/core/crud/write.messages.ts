/** Envelope messages of the write primitives (conditional update, increment). */
import { registerMessages } from '../i18n/messages';

export const WRITE = registerMessages({
  en: {
    write_conflict: 'The record has changed meanwhile; nothing was written',
    write_out_of_bounds: '"{field}" cannot go beyond its limit; nothing was written',
  },
  'zh-cn': {
    write_conflict: '记录已被修改，未写入任何内容',
    write_out_of_bounds: '“{field}”超出限制，未写入任何内容',
  },
  'zh-tw': {
    write_conflict: '記錄已被修改，未寫入任何內容',
    write_out_of_bounds: '「{field}」超出限制，未寫入任何內容',
  },
});
