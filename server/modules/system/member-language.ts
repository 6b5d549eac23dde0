/**
 * A member's interface language (sys/user.language): everything the server writes to a member
 * (notifications, e-mails after sign-up, order titles) is in it: the language the member last chose
 * or used. It is set at registration from the request's `language` header and through
 * comm/personUpdate, which the web calls when the member switches language and at sign-in and
 * start-up when the browser's language differs from the stored one (the browser's choice keeps
 * ruling its pages; web/src/app/member-language.ts). Members without one get `fallback` (English,
 * or the request's language where there is a request).
 */
import { pickLang, type Lang } from '../../core/api';
import type { Core, ApiRequest } from '../../core/api';
import { storedLanguage } from './user.queries';

export const LANGUAGES: readonly Lang[] = ['en', 'zh-cn', 'zh-tw'];

/** The language of a user row (or any value holding `language`); `fallback` when it has none. */
export function memberLang(u: { language?: unknown } | null | undefined, fallback: Lang = 'en'): Lang {
  const v = u?.language;
  // pickLang also reads values stored before the field was limited to our three (zh, zh-CN...).
  return typeof v === 'string' && v.trim() ? pickLang(v.trim()) : fallback;
}

/**
 * The language of user `userId`, read outside any transaction (on SQLite a read beside an open
 * write transaction waits for it): callers ask before opening theirs.
 */
export async function languageOf(core: Core, userId: number, fallback: Lang = 'en'): Promise<Lang> {
  return memberLang({ language: await storedLanguage(core, userId) }, fallback);
}

/** The request's `language` header when it names one of our languages (any case); else undefined. */
export function headerLanguage(req: ApiRequest): Lang | undefined {
  const v = (req.ctx.get('language') || '').trim().toLowerCase();
  return LANGUAGES.find((l) => l === v);
}
