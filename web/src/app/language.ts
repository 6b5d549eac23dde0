/** The member-language rules (member-language.ts) wired to this browser, the session and the API. */
import { currentLang, setLang, storedLang, type Lang } from '../i18n';
import { api } from './api';
import { calls } from './data';
import { chooseLanguage, type LanguagePorts } from './member-language';

export const browserPorts: LanguagePorts = {
  apply: setLang,
  current: currentLang,
  chosen: storedLang,
  signedIn: () => api.session.isSignedIn(),
  save: (language) => calls.base.comm.personUpdate({ language }, { silent: true }),
};

/** What the language switch calls; a failed save leaves the page in the new language (the next sign-in tells). */
export function switchLanguage(lang: Lang): void {
  chooseLanguage(lang, browserPorts).catch(() => undefined);
}
