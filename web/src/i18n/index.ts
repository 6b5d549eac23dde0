/**
 * The app's texts and its language. The choice is kept in localStorage ('lang') and sent to the server
 * as the `language` header; before any choice, the browser's language when it is one of ours
 * (browser-lang.ts), else English.
 *
 * Our own small translator rather than i18next and react-i18next, about 17 KB of gzip JS every page
 * loaded for what the app uses of them: a key's text in the current language (English when it has
 * none, else the `defaultValue`, else the key), `{{name}}` values (a value left out keeps its
 * placeholder, null gives nothing; no escaping: React escapes), plural forms by `count` (`key_zero`
 * for 0 when given, then the language's plural rule: `key_one`, `key_other`).
 */
import { useMemo, useSyncExternalStore } from 'react';
import { LANGS, type Lang, type LocaleArea, type LocaleTree } from './define';
import { browserLang } from './browser-lang';
import common from './locales/common';
import shell from './locales/shell';
import workspace from './locales/workspace';

/**
 * The areas every page needs, loaded with the app. The others come with the pages that use them:
 * `auth-texts.ts` (sign-in, home, personal centre, errors), `console-texts.ts` (the console's screens)
 * and `workspace-texts.ts` (the member workspace) each add their areas when first imported, so the
 * workspace's first page does not download the console's texts (tests/web/i18n-loading.test.ts
 * checks that every file using an area's keys is only reached through a module that loads it).
 */
export const EAGER_AREAS: readonly LocaleArea[] = [common, shell, workspace] as unknown as LocaleArea[];
export const LANG_KEY = 'lang';

export interface TOptions {
  /** A number picks the plural form; any value fills {{count}}. */
  count?: number | string;
  defaultValue?: string;
  [name: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;

export function resources(areas: readonly LocaleArea[] = EAGER_AREAS): Record<Lang, { translation: Record<string, LocaleTree> }> {
  const out = {} as Record<Lang, { translation: Record<string, LocaleTree> }>;
  for (const lang of LANGS) {
    out[lang] = { translation: {} };
    for (const a of areas) out[lang].translation[a.area] = a.texts[lang] as LocaleTree;
  }
  return out;
}

/** The language this browser was set to (the switch, or an earlier session); null when never. */
export function storedLang(): Lang | null {
  try {
    const saved = globalThis.localStorage?.getItem(LANG_KEY);
    if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  } catch {
    /* storage unavailable */
  }
  return null;
}

/** Before any choice, the browser's language when it is one of ours (browser-lang.ts), else English. */
function initialLang(): Lang {
  const nav = globalThis.navigator;
  return storedLang() ?? ((nav && browserLang(nav.languages?.length ? nav.languages : [nav.language ?? ''])) || 'en');
}

const texts: Record<Lang, LocaleTree> = { en: {}, 'zh-cn': {}, 'zh-tw': {} };
let language: Lang = initialLang();
const listeners = new Set<() => void>();
const plurals = new Map<Lang, Intl.PluralRules>();

/** Adds the texts of areas loaded with a part of the app (see EAGER_AREAS). */
export function addAreas(areas: readonly LocaleArea[]): void {
  for (const a of areas) for (const lang of LANGS) texts[lang][a.area] = a.texts[lang] as LocaleTree;
}
addAreas(EAGER_AREAS);

function lookup(lang: Lang, key: string): string | undefined {
  let node: LocaleTree | string | undefined = texts[lang];
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function textOf(lang: Lang, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const zero = count === 0 ? lookup(lang, `${key}_zero`) : undefined;
    if (zero !== undefined) return zero;
    let rules = plurals.get(lang);
    if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(lang)));
    const form = lookup(lang, `${key}_${rules.select(count)}`) ?? lookup(lang, `${key}_other`);
    if (form !== undefined) return form;
  }
  return lookup(lang, key);
}

function fill(text: string, values: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : value === null ? '' : String(value);
  });
}

/** The text of `key` in the current language (see the top of this file). */
export const t: TFunction = (key, options) => {
  const text = textOf(language, key, options?.count) ?? (language === 'en' ? undefined : textOf('en', key, options?.count)) ?? options?.defaultValue ?? key;
  return options ? fill(text, options) : text;
};

// The page's language for the browser and screen readers (index.html says en until now).
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** `i18n.t(key, options)` outside React, and the current language. */
export const i18n = {
  t,
  get language(): Lang {
    return language;
  },
};

export function currentLang(): Lang {
  return language;
}

export function setLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* storage unavailable */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (lang === language) return;
  language = lang;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `const { t, lang } = useI18n()`: the component draws again when the language changes, and `t` is
 * then a new function (memoized work that depends on it runs again).
 */
export function useI18n(): { t: TFunction; lang: Lang } {
  const lang = useSyncExternalStore(subscribe, currentLang, currentLang);
  const bound = useMemo<TFunction>(() => (key, options) => t(key, options), [lang]); // eslint-disable-line react-hooks/exhaustive-deps
  return { t: bound, lang };
}

export { LANGS, type Lang };
