import { describe, expect, it } from 'vitest';
import { adoptAccountLanguage, chooseLanguage, type LanguagePorts } from '../../web/src/app/member-language';
import type { Lang } from '../../web/src/i18n/define';

/** Ports that record what the switch did: the page's language and what was saved on the account. */
function ports(signedIn: boolean, start: Lang = 'en') {
  const seen = { page: start, saved: [] as Lang[] };
  const p: LanguagePorts = {
    apply: (l) => void (seen.page = l),
    current: () => seen.page,
    signedIn: () => signedIn,
    save: async (l) => void seen.saved.push(l),
  };
  return { p, seen };
}

describe('the language switch and the account', () => {
  it('saves a signed-in member\'s choice on the account as well as in the page', async () => {
    const { p, seen } = ports(true);
    await chooseLanguage('zh-cn', p);
    expect(seen).toEqual({ page: 'zh-cn', saved: ['zh-cn'] });
  });

  it('keeps a signed-out visitor\'s choice in the browser only', async () => {
    const { p, seen } = ports(false);
    await chooseLanguage('zh-tw', p);
    expect(seen).toEqual({ page: 'zh-tw', saved: [] });
  });

  it('changes the page even when saving fails, and tells the caller', async () => {
    const { p, seen } = ports(true);
    p.save = () => Promise.reject(new Error('offline'));
    await expect(chooseLanguage('zh-cn', p)).rejects.toThrow('offline');
    expect(seen.page).toBe('zh-cn');
  });

  it('makes the account\'s stored language the page\'s on sign-in, and leaves the page alone without one', () => {
    const { p, seen } = ports(true, 'en');
    adoptAccountLanguage({ language: 'zh-cn' }, p);
    expect(seen.page).toBe('zh-cn');
    for (const none of [{}, { language: null }, { language: '' }, { language: 'fr' }, null]) {
      adoptAccountLanguage(none, p);
      expect(seen.page).toBe('zh-cn');
    }
  });
});
