/**
 * i18next set up with every area's texts. The choice is kept in localStorage ('lang') and sent to
 * the server as the `language` header; before any choice, the browser's language when it is one of
 * ours (browser-lang.ts), else English.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
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

const FIRST_LANG = initialLang();

void i18next.use(initReactI18next).init({
  resources: resources(),
  lng: FIRST_LANG,
  fallbackLng: 'en',
  lowerCaseLng: true,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
});

// The page's language for the browser and screen readers (index.html says en until now).
if (typeof document !== 'undefined') document.documentElement.lang = FIRST_LANG;

export const i18n = i18next;

/** Adds the texts of areas loaded with a part of the app (see EAGER_AREAS). */
export function addAreas(areas: readonly LocaleArea[]): void {
  const res = resources(areas);
  for (const lang of LANGS) i18next.addResourceBundle(lang, 'translation', res[lang].translation, true, true);
}

export function currentLang(): Lang {
  const l = i18next.language as Lang;
  return (LANGS as readonly string[]).includes(l) ? l : 'en';
}

export function setLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* storage unavailable */
  }
  void i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** `const { t, lang } = useI18n()` */
export function useI18n() {
  const { t, i18n: inst } = useTranslation();
  return { t, lang: ((LANGS as readonly string[]).includes(inst.language) ? inst.language : 'en') as Lang };
}

export { LANGS, type Lang };
