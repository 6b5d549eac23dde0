import { describe, expect, it } from 'vitest';
import { LANGS, messages, t } from '../../web/src/lib/messages';
import { createSession, memoryStorage, STORAGE_KEYS } from '../../web/src/lib/session';

describe('session', () => {
  it('computes expiry times from expire/refreshExpire seconds and walks the token states', () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const s = createSession(storage, () => now);
    expect(s.tokenState()).toBe('none');
    expect(s.isSignedIn()).toBe(false);
    s.setTokens({ token: 'a', expire: 10, refreshToken: 'r', refreshExpire: 100 });
    expect(s.getTokenExpiresAt()).toBe(1_010_000);
    expect(s.getRefreshExpiresAt()).toBe(1_100_000);
    expect(s.tokenState()).toBe('valid');
    expect(s.isSignedIn()).toBe(true);
    now = 1_010_000 - 2000; // exactly 2 s left: still valid
    expect(s.tokenState()).toBe('valid');
    now += 1; // less than 2 s left: expired
    expect(s.tokenState()).toBe('refreshable');
    expect(s.isSignedIn()).toBe(true);
    now = 1_100_000 - 1999;
    expect(s.tokenState()).toBe('expired');
    expect(s.isSignedIn()).toBe(false);
  });

  it('strips double quotes when reading the token', () => {
    const s = createSession(memoryStorage({ [STORAGE_KEYS.token]: '"abc.def"', [STORAGE_KEYS.refreshToken]: '"r"' }));
    expect(s.getToken()).toBe('abc.def');
    expect(s.getRefreshToken()).toBe('r');
    // No expiry stored: the token is taken as valid.
    expect(s.tokenState()).toBe('valid');
    expect(createSession(memoryStorage({ [STORAGE_KEYS.token]: '""' })).getToken()).toBeNull();
  });

  it('keeps the user info and clears everything', () => {
    const storage = memoryStorage({ other: 'kept' });
    const s = createSession(storage);
    s.setTokens({ token: 'a', expire: 10, refreshToken: 'r', refreshExpire: 100 });
    s.setUser({ id: 3, name: 'u', nickName: 'N', inviteCode: 'X1', roleIds: [1] });
    expect(s.getUser()).toEqual({ id: 3, name: 'u', nickName: 'N', inviteCode: 'X1', roleIds: [1] });
    s.clear();
    expect(s.getToken()).toBeNull();
    expect(s.getUser()).toBeNull();
    expect(storage.dump()).toEqual({ other: 'kept' });
    expect(createSession(memoryStorage({ [STORAGE_KEYS.userInfo]: 'not json' })).getUser()).toBeNull();
  });
});

describe('messages', () => {
  it('has every key in every language, and the spec texts', () => {
    const keys = Object.keys(messages.en).sort();
    for (const lang of LANGS) {
      expect(Object.keys(messages[lang]).sort()).toEqual(keys);
      for (const k of keys) expect(messages[lang][k as keyof typeof messages.en]).not.toBe('');
    }
    expect(t('en', 'timeout')).toBe('Request timeout, please try again');
    expect(t('en', 'network')).toBe('Network error, please check your connection');
    expect(t('zh-cn', 'sessionExpired')).toBe('登录状态已失效，请重新登录');
    expect(t('en', 'pageError', { message: 'boom' })).toBe('Page error: boom');
    expect(t('fr', 'timeout')).toBe('Request timeout, please try again');
  });
});
