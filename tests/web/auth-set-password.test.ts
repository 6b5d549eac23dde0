/** /my/info asks for the original password only when the account has one. */
import { describe, expect, it } from 'vitest';
import { asksCaptcha, needsOriginalPassword } from '../../web/src/pages/auth/rules';

describe('the original password', () => {
  it('is not asked of an account made by e-mail code, which has none yet', () => {
    expect(needsOriginalPassword({ hasPassword: false })).toBe(false);
  });

  it('is asked of an account with a password, and when the profile does not say', () => {
    expect(needsOriginalPassword({ hasPassword: true })).toBe(true);
    expect(needsOriginalPassword({})).toBe(true);
    expect(needsOriginalPassword(null)).toBe(true);
  });
});

describe('the sign-in captcha', () => {
  it('is asked while it loads and whenever the site requires it', () => {
    expect(asksCaptcha(null, false)).toBe(true);
    expect(asksCaptcha({ required: true }, false)).toBe(true);
  });

  it('is not asked on a site that turned it off, until a try fails', () => {
    expect(asksCaptcha({ required: false }, false)).toBe(false);
    expect(asksCaptcha({ required: false }, true)).toBe(true);
  });
});
