/**
 * A signed-in member's interface language lives on their account (sys/user.language), so what the
 * server writes to them (notifications, e-mails, order titles) is in it: choosing a language saves
 * it there as well as in this browser, and signing in makes the account's language the page's.
 * Signed-out visitors keep their choice in the browser only; the web sends it as the `language`
 * header, which registration stores on the new account.
 */
import { LANGS, type Lang } from '../i18n/define';

/** What the choice touches: the browser's language, the session, and the account. */
export interface LanguagePorts {
  /** Makes `lang` the page's language and keeps it in this browser. */
  apply(lang: Lang): void;
  current(): Lang;
  signedIn(): boolean;
  /** Stores `lang` on the signed-in member's account. */
  save(lang: Lang): Promise<unknown>;
}

/** The language stored on an account (a `comm/person` answer), or null when it has none of ours. */
export function accountLanguage(user: Readonly<Record<string, unknown>> | null | undefined): Lang | null {
  const v = user?.language;
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v) ? (v as Lang) : null;
}

/** The language switch: the page changes at once; a signed-in member's account follows. */
export async function chooseLanguage(lang: Lang, ports: LanguagePorts): Promise<void> {
  ports.apply(lang);
  if (ports.signedIn()) await ports.save(lang);
}

/** After the profile loads: the account's language, when it has one, becomes the page's. */
export function adoptAccountLanguage(user: Readonly<Record<string, unknown>> | null | undefined, ports: Pick<LanguagePorts, 'apply' | 'current'>): void {
  const lang = accountLanguage(user);
  if (lang && lang !== ports.current()) ports.apply(lang);
}
