/** Messages of the user module's calls (cool-admin's `user/info`, member-view.ts). */
import { registerMessages } from '../../../core/api';

export const USER_MESSAGES = registerMessages({
  en: { member_missing: 'One or more of the members do not exist' },
  'zh-cn': { member_missing: '部分会员不存在' },
  'zh-tw': { member_missing: '部分會員不存在' },
});

/** Field rules of a 1002 answer (the envelope writes "gender " before the text). */
export const USER_FIELD_MESSAGES = registerMessages({
  en: { field_member_gender_unknown: 'is not kept for members here: it stays 0 (unknown)' },
  'zh-cn': { field_member_gender_unknown: '本系统不保存会员性别：只能为 0（未知）' },
  'zh-tw': { field_member_gender_unknown: '本系統不保存會員性別：只能為 0（未知）' },
});
