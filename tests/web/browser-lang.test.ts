import { describe, expect, it } from 'vitest';
import { browserLang } from '../../web/src/i18n/browser-lang';

describe('the language of a first visit, from the browser', () => {
  it('reads a Chinese browser as Simplified or Traditional Chinese by its region or script', () => {
    expect(browserLang(['zh-CN'])).toBe('zh-cn');
    expect(browserLang(['zh'])).toBe('zh-cn');
    expect(browserLang(['zh-Hans-SG'])).toBe('zh-cn');
    expect(browserLang(['zh-TW'])).toBe('zh-tw');
    expect(browserLang(['zh-HK'])).toBe('zh-tw');
    expect(browserLang(['zh-Hant'])).toBe('zh-tw');
  });

  it('takes the first language of the list that we have, and none when we have none', () => {
    expect(browserLang(['fr-FR', 'zh-CN', 'en'])).toBe('zh-cn');
    expect(browserLang(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLang(['fr', 'de'])).toBeNull();
    expect(browserLang([])).toBeNull();
  });
});
