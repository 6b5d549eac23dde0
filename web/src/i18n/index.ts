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
import { useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
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

/**
 * An area as the build gives it (web/vite-locale-split.mts): a loader per language, each language's
 * texts a chunk of their own, so a page downloads its language only. Tests and type checks see the
 * area file itself, with every language's texts.
 */
interface SplitArea {
  area: string;
  load: Record<Lang, () => Promise<{ default: LocaleTree }>>;
}
const split = new Map<string, SplitArea>();
const loading = new Map<string, Promise<void>>();

/** Areas whose texts in a language could not be fetched this page (drawn with fallbacks, not waited for). */
const failed = new Set<string>();

/** Brings `area`'s texts in `lang` (once; resolves when here, or when they could not be fetched). */
function loadArea(a: SplitArea, lang: Lang): Promise<void> {
  const key = `${lang}:${a.area}`;
  if (texts[lang][a.area] || failed.has(key)) return Promise.resolve();
  let p = loading.get(key);
  if (!p) {
    p = a.load[lang]().then(
      (m) => {
        texts[lang][a.area] = m.default;
        loading.delete(key);
      },
      () => {
        // Offline, or a deployment replaced the chunk: the page draws with the fallbacks.
        failed.add(key);
        loading.delete(key);
      },
    );
    loading.set(key, p);
  }
  return p;
}

/**
 * Adds the texts of areas loaded with a part of the app (see EAGER_AREAS) and starts bringing them in
 * the page's language; resolves once they are here. A component drawn before that waits for them
 * (useI18n), the entry waits for the areas every page needs (textsReady).
 */
export function addAreas(areas: readonly LocaleArea[]): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const a of areas) {
    const lazy = a as unknown as Partial<SplitArea>;
    if (lazy.load) {
      split.set(a.area, lazy as SplitArea);
      waits.push(loadArea(lazy as SplitArea, language));
    } else for (const lang of LANGS) texts[lang][a.area] = a.texts[lang] as LocaleTree;
  }
  return Promise.all(waits).then(() => undefined);
}
void addAreas(EAGER_AREAS);

/** Resolves when every area added so far is here in the page's language (the entry waits for it before drawing). */
export function textsReady(): Promise<void> {
  return Promise.all([...split.values()].map((a) => loadArea(a, language))).then(() => undefined);
}

/** The load under way of `key`'s area in the page's language, if it is one still to come. */
function stillComing(key: string): Promise<void> | undefined {
  const a = split.get(key.slice(0, key.indexOf('.')));
  return a && !texts[language][a.area] && !failed.has(`${language}:${a.area}`) ? loadArea(a, language) : undefined;
}

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

let wanted: Lang = language;

function switchTo(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (lang === language) return;
  language = lang;
  for (const l of listeners) l();
}

/**
 * Switches the page to `lang`: at once when the texts of every area loaded so far are here in it,
 * else once they have come (the last choice wins; a language whose texts could not be fetched leaves
 * the page as it was, and is tried again at the next switch). Resolves when switched, or not.
 */
export function setLang(lang: Lang): Promise<void> {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* storage unavailable */
  }
  wanted = lang;
  for (const a of split.values()) failed.delete(`${lang}:${a.area}`);
  const missing = [...split.values()].filter((a) => !texts[lang][a.area]);
  if (!missing.length) {
    switchTo(lang);
    return Promise.resolve();
  }
  return Promise.all(missing.map((a) => loadArea(a, lang))).then(() => {
    if (wanted === lang && !missing.some((a) => failed.has(`${lang}:${a.area}`))) switchTo(lang);
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `const { t, lang } = useI18n()`: the component draws again when the language changes, and `t` is
 * then a new function (memoized work that depends on it runs again). A component drawn while its
 * area's texts are still on their way (its code just came) waits for them under its Suspense
 * boundary, as it waited for its code; outside drawing (a handler, an effect) `t` never waits.
 */
export function useI18n(): { t: TFunction; lang: Lang } {
  const lang = useSyncExternalStore(subscribe, currentLang, currentLang);
  const drawing = useRef(true);
  drawing.current = true;
  useLayoutEffect(() => {
    drawing.current = false;
  });
  const bound = useMemo<TFunction>(
    () => (key, options) => {
      const coming = drawing.current ? stillComing(key) : undefined;
      if (coming) throw coming;
      return t(key, options);
    },
    [lang],
  );
  return { t: bound, lang };
}

export { LANGS, type Lang };
