/** The sign-in page's checks (pages/auth/rules.ts), used by its forms drawn without antd. */
import { describe, expect, it } from 'vitest';
import { emailCheck, passwordCheck, requiredCheck } from '../../web/src/pages/auth/rules';

const t = ((key: string) => key) as never;

describe('sign-in checks', () => {
  it('a required field refuses empty and blank values', () => {
    const check = requiredCheck('needed');
    expect(check('')).toBe('needed');
    expect(check('   ')).toBe('needed');
    expect(check(' a ')).toBeUndefined();
  });

  it('a password is required and 6 to 16 characters long', () => {
    const check = passwordCheck(t);
    expect(check('')).toBe('auth.passwordRequired');
    expect(check('12345')).toBe('auth.passwordLength');
    expect(check('123456')).toBeUndefined();
    expect(check('1234567890123456')).toBeUndefined();
    expect(check('12345678901234567')).toBe('auth.passwordLength');
    expect(passwordCheck(t, 'auth.newRequired')('')).toBe('auth.newRequired');
  });

  it('an e-mail is required; a malformed one is refused without a message', () => {
    const check = emailCheck(t);
    expect(check(' ')).toBe('auth.emailRequired');
    expect(check('not-an-address')).toBe('');
    expect(check('a@b')).toBe('');
    expect(check(' someone@example.com ')).toBeUndefined();
  });
});
