/**
 * Form rules shared by the sign-in, registration, reset and personal-centre pages (000 §5):
 * passwords of 6 to 16 characters, and the global e-mail check, which shows no message.
 */
import type { FormRule } from 'antd';
import type { TFunction } from '../../i18n';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** No whitespace or at-sign in the local part, one at-sign, a domain with a dot followed by one more character. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_RE.test(value.trim());
}

/** Required plus 6–16 characters. */
export function passwordRules(t: TFunction, requiredKey = 'auth.passwordRequired'): FormRule[] {
  return [
    { required: true, message: t(requiredKey) },
    { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('auth.passwordLength') },
  ];
}

/** Required, and a well-formed address; a malformed one only turns the field red (no message, 000 §5). */
export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.emailRequired') },
    {
      validator: (_rule, value: unknown) => (!value || isEmail(value) ? Promise.resolve() : Promise.reject(new Error(''))),
      message: '',
    },
  ];
}

/** A rule that the field equals another field of the same form. */
export function sameAs(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => (!value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message))),
  });
}

/**
 * Whether a new password needs the original one: not for an account without a password yet (one
 * made by e-mail code; the profile says `hasPassword: false`), which sets its first. A profile that
 * does not say (an older server) keeps asking for it.
 */
export function needsOriginalPassword(user: Record<string, unknown> | null | undefined): boolean {
  return user?.hasPassword !== false;
}

/**
 * Whether `value` can be a picture's address: an http(s) address, or a path on this site such as
 * the `/upload/…` address the upload button fills in (never `//host`, which leaves the site).
 * Empty is allowed (no picture).
 */
export function isPictureAddress(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value !== 'string' || /\s/.test(value.trim())) return false;
  const v = value.trim();
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.host;
  } catch {
    return false;
  }
}

/**
 * Whether the sign-in form asks for the image captcha: while it loads and whenever the site requires
 * it; a site that turned it off (captcha.required false) asks only after a failed try, since an
 * account many guesses reached may then call for one.
 */
export function asksCaptcha(captcha: { required: boolean } | null, failedOnce: boolean): boolean {
  return !captcha || captcha.required || failedOnce;
}

/**
 * The same rules for the forms drawn without antd (light-form.tsx): a check returns the message of the
 * first rule a value breaks, '' for a break shown without one (a malformed e-mail), undefined when it
 * keeps them all.
 */
export type Check = (value: string) => string | undefined;

export function requiredCheck(message: string): Check {
  return (value) => (value.trim() ? undefined : message);
}

export function passwordCheck(t: TFunction, requiredKey = 'auth.passwordRequired'): Check {
  return (value) => (!value ? t(requiredKey) : value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? t('auth.passwordLength') : undefined);
}

export function emailCheck(t: TFunction): Check {
  return (value) => (!value.trim() ? t('auth.emailRequired') : isEmail(value) ? undefined : '');
}
