/**
 * UI texts live in one file per area (`locales/<area>.ts`), each giving the same keys in the three
 * interface languages. The types make a key missing from zh-cn or zh-tw a compile error;
 * tests/web/i18n-keys.test.ts checks the same at run time.
 */
export type Lang = 'en' | 'zh-cn' | 'zh-tw';
export const LANGS: readonly Lang[] = ['en', 'zh-cn', 'zh-tw'];
export const LANG_NAMES: Record<Lang, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

export interface LocaleTree {
  [key: string]: string | LocaleTree;
}

/** The same keys as T, with any text. */
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export interface LocaleArea<T extends LocaleTree = LocaleTree> {
  area: string;
  texts: { en: T; 'zh-cn': SameKeys<T>; 'zh-tw': SameKeys<T> };
}

/** Texts of one area; keys are used as `t('<area>.<key>')`. */
export function defineLocale<const T extends LocaleTree>(area: string, texts: { en: T; 'zh-cn': SameKeys<T>; 'zh-tw': SameKeys<T> }): LocaleArea<T> {
  return { area, texts };
}
