/** The app's own translator (web/src/i18n/index.ts): what the screens rely on of it. */
import { describe, expect, it } from 'vitest';
import { addAreas, currentLang, i18n, setLang, t } from '../../web/src/i18n';
import { defineLocale, type LocaleArea } from '../../web/src/i18n/define';

const area = defineLocale('zzTest', {
  en: {
    hello: 'Hello {{name}}!',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
    items_zero: 'no items',
    items_other: '{{count}} items',
    only: 'English only',
    nested: { deep: 'deep' },
  },
  'zh-cn': {
    hello: '你好 {{name}}！',
    days_one: '{{count}} 天',
    days_other: '{{count}} 天',
    items_zero: '没有',
    items_other: '{{count}} 项',
    only: '',
    nested: { deep: '深' },
  },
  'zh-tw': {
    hello: '你好 {{name}}！',
    days_one: '{{count}} 天',
    days_other: '{{count}} 天',
    items_zero: '沒有',
    items_other: '{{count}} 項',
    only: '',
    nested: { deep: '深' },
  },
});
addAreas([area] as unknown as LocaleArea[]);

describe('t', () => {
  it('fills values; a value left out keeps its placeholder, null gives nothing', () => {
    setLang('en');
    expect(t('zzTest.hello', { name: 'Ann' })).toBe('Hello Ann!');
    expect(t('zzTest.hello', { name: 0 })).toBe('Hello 0!');
    expect(t('zzTest.hello')).toBe('Hello {{name}}!');
    expect(t('zzTest.hello', {})).toBe('Hello {{name}}!');
    expect(t('zzTest.hello', { name: null })).toBe('Hello !');
    expect(t('zzTest.nested.deep')).toBe('deep');
  });

  it('picks the plural form by count and the language, key_zero first for 0', () => {
    setLang('en');
    expect(t('zzTest.days', { count: 1 })).toBe('1 day');
    expect(t('zzTest.days', { count: 2 })).toBe('2 days');
    expect(t('zzTest.days', { count: 0 })).toBe('0 days');
    expect(t('zzTest.items', { count: 0 })).toBe('no items');
    expect(t('zzTest.items', { count: 1 })).toBe('1 items');
    // A string count fills {{count}} and picks no form.
    expect(t('zzTest.hello', { count: '3', name: 'x' })).toBe('Hello x!');
    setLang('zh-cn');
    expect(t('zzTest.days', { count: 1 })).toBe('1 天');
    expect(t('zzTest.items', { count: 0 })).toBe('没有');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    setLang('zh-tw');
    expect(currentLang()).toBe('zh-tw');
    expect(i18n.language).toBe('zh-tw');
    expect(t('zzTest.hello', { name: '安' })).toBe('你好 安！');
    // An empty text is a text (as i18next treats it): no fallback.
    expect(t('zzTest.only')).toBe('');
    expect(t('zzTest.missing', { defaultValue: 'Plan B' })).toBe('Plan B');
    expect(t('zzTest.missing')).toBe('zzTest.missing');
    expect(t('zzTest.nested')).toBe('zzTest.nested');
    expect(i18n.t('zzTest.nested.deep')).toBe('深');
    setLang('en');
  });
});
