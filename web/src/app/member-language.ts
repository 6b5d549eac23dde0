/**
 * A member's language: what the pages show is this browser's choice; what the server writes to the
 * member (notifications, e-mails, order titles) is in the language stored on their account
 * (sys/user.language), which is the server's record of the language the member last chose or used.
 *
 * The rule (issue 35; an account's language must never override a later choice in a browser):
 * - The switch changes the page at once and, when signed in, the account too.
 * - At sign-in and start-up, a browser that has a choice (`localStorage.lang`, from the switch or
 *   an earlier session) keeps it for its pages, and reports it to the account when the account's
 *   differs (or is missing, as on an account an administrator made).
 * - A browser without a choice (a fresh one) shows the account's language, when it has one; an
 *   account without one records the language the page is shown in. Either way the browser keeps
 *   that language as its choice from then on.
 * Signed-out visitors keep their choice in the browser only; the web sends it as the `language`
 * header, which registration stores on the new account.
 */
import { LANGS, type Lang } from '../i18n/define';

/** What the choice touches: the browser's language, the session, and the account. */
export interface LanguagePorts {
  /** Makes `lang` the page's language and keeps it in this browser. */
  apply(lang: Lang): void;
  current(): Lang;
  /** The language this browser was set to (the switch, or an earlier session); null when never. */
  chosen(): Lang | null;
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

/**
 * After the profile loads (sign-in, start-up): the browser's choice stays the page's and the account
 * records it; a fresh browser takes the account's language (the rule above). Answers the language
 * the account was told, or null when it was not told anything.
 */
export async function syncAccountLanguage(
  user: Readonly<Record<string, unknown>> | null | undefined,
  ports: Pick<LanguagePorts, 'apply' | 'current' | 'chosen' | 'save'>,
): Promise<Lang | null> {
  const stored = accountLanguage(user);
  const chosen = ports.chosen();
  if (!chosen && stored) {
    if (stored !== ports.current()) ports.apply(stored);
    return null;
  }
  const used = chosen ?? ports.current();
  // A fresh browser keeps the language it was used in from now on, as if chosen: another device's
  // later choice changes the account, never this browser's pages.
  if (!chosen) ports.apply(used);
  if (used === stored) return null;
  await ports.save(used);
  return used;
}
