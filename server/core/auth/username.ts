/**
 * The one canonical form of a username. Accounts are told apart, found at sign-in, checked for
 * existence and throttled by its key only, so look-alike spellings (`admin `, `Ａdmin`, `ADMIN`)
 * name the same account on every database and in every cache key.
 *
 * - display: NFKC, trimmed; the case the user typed is kept (stored in `username`).
 * - key: the display case-folded (stored in `usernameKey`, compared byte for byte).
 * - Control characters, format characters (bidi controls, zero-width characters, the BOM) and
 *   line or paragraph separators are refused: they hide or reorder what a reader sees.
 */
import { fail } from '../errors';

export const USERNAME_MAX = 100;
export const USERNAME_KEY_MAX = 191;

/** Cc, Cf (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069, U+FEFF, …), Zl, Zp. */
const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
export const REFUSED_ALL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export type UsernameRule = 'required' | 'characters' | 'max_length';

export type CanonicalUsername = { ok: true; display: string; key: string } | { ok: false; rule: UsernameRule; params: Record<string, number> };

const codePoints = (s: string) => [...s].length;

/**
 * Case-folds: upper then lower case maps `ß` to `ss`, `ı` to `i` and both Greek sigmas alike,
 * which a plain lower case does not; NFKC again because case mapping can denormalize.
 */
function fold(s: string): string {
  return s.toUpperCase().toLocaleLowerCase('und').normalize('NFKC');
}

export function canonicalUsername(raw: string): CanonicalUsername {
  if (REFUSED.test(raw)) return { ok: false, rule: 'characters', params: {} };
  const display = raw.normalize('NFKC').trim();
  if (!display) return { ok: false, rule: 'required', params: {} };
  if (REFUSED.test(display)) return { ok: false, rule: 'characters', params: {} };
  if (codePoints(display) > USERNAME_MAX) return { ok: false, rule: 'max_length', params: { limit: USERNAME_MAX } };
  const key = fold(display);
  if (codePoints(key) > USERNAME_KEY_MAX) return { ok: false, rule: 'max_length', params: { limit: USERNAME_MAX } };
  return { ok: true, display, key };
}

/** The stored columns of a username; 1002 naming `field` when it cannot be one. */
export function usernameColumns(raw: unknown, field = 'username'): { username: string; usernameKey: string } {
  if (typeof raw !== 'string') throw fail.invalid([{ field, rule: 'type', params: { type: 'string' } }]);
  const c = canonicalUsername(raw);
  if (!c.ok) throw fail.invalid([{ field, rule: c.rule, params: c.params }]);
  return { username: c.display, usernameKey: c.key };
}

/** The key of a username, as sign-in, existence checks and the login throttle look it up. */
export function usernameKey(raw: unknown, field = 'username'): string {
  return usernameColumns(raw, field).usernameKey;
}
