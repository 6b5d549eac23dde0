import { describe, expect, it } from 'vitest';
import { chooseLanguage, syncAccountLanguage, type LanguagePorts } from '../../web/src/app/member-language';
import type { Lang } from '../../web/src/i18n/define';

/**
 * Ports that record what the switch did: the page's language, this browser's stored choice (`chosen`,
 * null in a fresh browser; the page's language is stored with it), and what was saved on the account.
 */
function ports(signedIn: boolean, start: Lang = 'en', chosen: Lang | null = null) {
  const seen = { page: start, chosen, saved: [] as Lang[] };
  const p: LanguagePorts = {
    apply: (l) => void ((seen.page = l), (seen.chosen = l)),
    current: () => seen.page,
    chosen: () => seen.chosen,
    signedIn: () => signedIn,
    save: async (l) => void seen.saved.push(l),
  };
  return { p, seen };
}

describe('the language switch and the account', () => {
  it("saves a signed-in member's choice on the account as well as in the page", async () => {
    const { p, seen } = ports(true);
    await chooseLanguage('zh-cn', p);
    expect(seen).toEqual({ page: 'zh-cn', chosen: 'zh-cn', saved: ['zh-cn'] });
  });

  it("keeps a signed-out visitor's choice in the browser only", async () => {
    const { p, seen } = ports(false);
    await chooseLanguage('zh-tw', p);
    expect(seen).toEqual({ page: 'zh-tw', chosen: 'zh-tw', saved: [] });
  });

  it('changes the page even when saving fails, and tells the caller', async () => {
    const { p, seen } = ports(true);
    p.save = () => Promise.reject(new Error('offline'));
    await expect(chooseLanguage('zh-cn', p)).rejects.toThrow('offline');
    expect(seen.page).toBe('zh-cn');
  });

  it("keeps this browser's choice for the page at sign-in and tells the account, whatever the account held", async () => {
    for (const account of [{}, { language: null }, { language: 'en' }, { language: 'zh-tw' }, { language: 'fr' }, null]) {
      const { p, seen } = ports(true, 'zh-cn', 'zh-cn');
      expect(await syncAccountLanguage(account, p)).toBe('zh-cn');
      expect(seen).toEqual({ page: 'zh-cn', chosen: 'zh-cn', saved: ['zh-cn'] });
    }
  });

  it("tells the account nothing when it holds this browser's choice already", async () => {
    const { p, seen } = ports(true, 'zh-cn', 'zh-cn');
    expect(await syncAccountLanguage({ language: 'zh-cn' }, p)).toBeNull();
    expect(seen.saved).toEqual([]);
  });

  it("shows a fresh browser the account's language, lets an account without one record the page's, and keeps it as the browser's", async () => {
    const fresh = ports(true, 'en', null);
    expect(await syncAccountLanguage({ language: 'zh-cn' }, fresh.p)).toBeNull();
    expect(fresh.seen).toEqual({ page: 'zh-cn', chosen: 'zh-cn', saved: [] });
    const none = ports(true, 'en', null);
    expect(await syncAccountLanguage({ language: null }, none.p)).toBe('en');
    expect(none.seen).toEqual({ page: 'en', chosen: 'en', saved: ['en'] });
  });

  it('lets a later choice in a browser win over what an earlier session stored (English first, Chinese later)', async () => {
    // First sign-in in an English browser with no choice: the account records English.
    const first = ports(true, 'en', null);
    await syncAccountLanguage({ language: null }, first.p);
    // Later, a browser set to 简体中文 signs in: its pages stay Chinese and the account follows.
    const later = ports(true, 'zh-cn', 'zh-cn');
    await syncAccountLanguage({ language: first.seen.saved[0] }, later.p);
    expect(later.seen).toEqual({ page: 'zh-cn', chosen: 'zh-cn', saved: ['zh-cn'] });
  });
});
