/**
 * The interface language a browser asks for, used on a first visit (nothing chosen in this browser
 * yet), so that a visitor whose browser reads Chinese gets Chinese pages at once and registers with it.
 */
import { LANGS, type Lang } from './define';

/**
 * The first of `preferred` (navigator.languages, most wanted first) that we have: Traditional Chinese
 * for zh-TW, zh-HK, zh-MO and zh-Hant, Simplified for any other zh, English for any en; null for none.
 *
 * @example browserLang(['fr-FR', 'zh-CN', 'en']) // 'zh-cn'
 */
export function browserLang(preferred: readonly string[]): Lang | null {
  for (const raw of preferred) {
    const tag = String(raw).trim().toLowerCase().replace(/_/g, '-');
    const [primary, ...rest] = tag.split('-');
    if (primary === 'en') return 'en';
    if (primary === 'zh') return rest.some((s) => s === 'hant' || s === 'tw' || s === 'hk' || s === 'mo') ? 'zh-tw' : 'zh-cn';
    if ((LANGS as readonly string[]).includes(tag)) return tag as Lang;
  }
  return null;
}
