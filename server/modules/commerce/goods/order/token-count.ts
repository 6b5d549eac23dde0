/** How order titles and notices write a count of tokens (shared by order.service.ts and effects.ts). */
import type { Lang } from '../../../../core/api';

const LOCALE: Record<Lang, string> = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' };

/** A count of tokens as the member's screens write it: grouped (1,000), up to four decimals. */
export function tokenCount(lang: Lang, tokens: number): string {
  return new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 4 }).format(tokens);
}
