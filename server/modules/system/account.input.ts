/**
 * The input fields the account calls share (sign-in, e-mail codes, passwords, profiles), each read
 * exactly as these calls have always read it, with the rule names they have always answered with.
 */
import { ABSENT, BAD, field, nullableText, raw, type Field, type Reading } from '../../core/api';
import type { Entity, JsonSchema, InvalidField } from '../../core/api';

/** What an e-mail code is for: signing in or resetting the password. */
export type CodePurpose = 'login' | 'reset';

/** Password length of spec 000 §5. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** The e-mail check of spec 000 §5: one at-sign, no whitespace or at-sign around it, a dot in the domain. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function bad(r: Reading, rule: string, params: Record<string, string | number> = {}): typeof BAD {
  r.errors.push({ field: r.at, rule, params });
  return BAD;
}

/** The lower-case address of an e-mail as typed (what codes and accounts are kept under). */
export const mailAddress = (typed: string): string => typed.toLowerCase();

/**
 * An e-mail address: answers it trimmed as typed (`mailAddress` gives the stored form; some accounts
 * were stored as typed). Missing or not text: `required`; malformed: `format`. An optional one sent
 * as null or '' is absent.
 */
export function email(): Field<string, false> {
  return field({ type: 'string', format: 'email', maxLength: 254 }, (v, r) => {
    if (v === null || v === '') return r.optional ? ABSENT : bad(r, 'required');
    if (typeof v !== 'string' || !v.trim()) return bad(r, 'required');
    const typed = v.trim();
    const address = mailAddress(typed);
    if (address.length > 254 || !EMAIL_RE.test(address)) return bad(r, 'format', { format: 'email' });
    return typed;
  });
}

/** A 6-digit e-mail code, as text or a number: answered as its digits. */
export function emailCode(): Field<string, false> {
  return field({ type: ['string', 'integer'], pattern: '^\\d{6}$', description: '6 digits' }, (v, r) => {
    if (typeof v !== 'string' && typeof v !== 'number') return bad(r, 'required');
    const given = String(v).trim();
    if (!/^\d{6}$/.test(given)) return bad(r, 'format', { format: '6 digits' });
    return given;
  });
}

/** `type` of sendCode and verifyCode: login and register share one code (a first sign-in registers); absent, null or '' is login. */
export function codeType(): Field<CodePurpose, true> {
  return field<CodePurpose>({ enum: ['login', 'register', 'reset'], default: 'login' }, (v, r) => {
    if (v === null || v === '' || v === 'login' || v === 'register') return 'login';
    if (v === 'reset') return 'reset';
    return bad(r, 'enum', { values: 'login, register, reset' });
  }).optional();
}

/** A new password of PASSWORD_MIN..PASSWORD_MAX characters (`length` otherwise); an optional one sent as null or '' is absent. */
export function password(): Field<string, false> {
  return field({ type: 'string', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }, (v, r) => {
    if (v === null || v === '') return r.optional ? ABSENT : bad(r, 'required');
    if (typeof v !== 'string') return bad(r, r.optional ? 'type' : 'required', r.optional ? { type: 'string' } : {});
    if (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX) return bad(r, 'length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    return v;
  });
}

/** Trimmed, non-empty text of at most `max` characters; anything else is `required` (OAuth codes, states and tickets). */
export function token(max = 2048): Field<string, false> {
  return field({ type: 'string', minLength: 1, maxLength: max }, (v, r) => {
    if (typeof v !== 'string' || !v.trim() || v.length > max) return bad(r, 'required');
    return v.trim();
  });
}

/** Text the operation checks itself (its own length rule), refused here only when it is not text. */
export function textChecked(schema: JsonSchema = {}): Field<string, false> {
  return field({ type: 'string', ...schema }, (v, r) => (typeof v === 'string' ? v : bad(r, 'type', { type: 'string' })));
}

/** A keyword of a list: text or a number, cut to `max` characters; absent when null or ''. */
export function keyWord(max = 200): Field<string, true> {
  return field<string>({ type: ['string', 'number'], maxLength: max, description: `Longer keywords are cut to ${max} characters` }, (v, r) => {
    if (v === null || v === '') return ABSENT;
    if (typeof v !== 'string' && typeof v !== 'number') return bad(r, 'type', { type: 'string' });
    return String(v).slice(0, max);
  }).optional();
}

/**
 * A field of the user entity, taken as sent and checked by the entity's update (its types, lengths
 * and languages, with the entity's rule names): the profile fields a member sets on their own row.
 */
export function userField(users: Entity, name: string): Field<unknown, true> {
  const props = (users.schema.update.properties ?? {}) as Record<string, JsonSchema>;
  return raw(props[name] ?? {}).optional();
}

/** The input of exist and isExist: an e-mail address, or else a username. */
export const EXIST_INPUT = { email: email().optional(), username: nullableText() };

/** exist and isExist name one of the two (the address when both are missing, as they always have). */
export function existRefine(input: { email?: string; username?: string | null }): InvalidField[] {
  if (input.email !== undefined || input.username?.trim()) return [];
  return [{ field: 'email', rule: 'required', params: {} }];
}
