/**
 * i18next set up with every area's texts. English is the default; the choice is kept in
 * localStorage ('lang') and sent to the server as the `language` header.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGS, type Lang, type LocaleArea, type LocaleTree } from './define';
import common from './locales/common';
import shell from './locales/shell';
import auth from './locales/auth';
import crud from './locales/crud';
import viewsSystem from './locales/views-system';
import viewsData from './locales/views-data';
import workspace from './locales/workspace';
import wsBoard from './locales/ws-board';
import wsChat from './locales/ws-chat';
import wsSocial from './locales/ws-social';
import wsTeams from './locales/ws-teams';

export const AREAS: readonly LocaleArea[] = [common, shell, auth, crud, viewsSystem, viewsData, workspace, wsBoard, wsChat, wsSocial, wsTeams] as unknown as LocaleArea[];
export const LANG_KEY = 'lang';

export function resources(): Record<Lang, { translation: Record<string, LocaleTree> }> {
  const out = {} as Record<Lang, { translation: Record<string, LocaleTree> }>;
  for (const lang of LANGS) {
    out[lang] = { translation: {} };
    for (const a of AREAS) out[lang].translation[a.area] = a.texts[lang] as LocaleTree;
  }
  return out;
}

function initialLang(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(LANG_KEY);
    if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  } catch {
    /* storage unavailable */
  }
  return 'en';
}

void i18next.use(initReactI18next).init({
  resources: resources(),
  lng: initialLang(),
  fallbackLng: 'en',
  lowerCaseLng: true,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

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
