/**
 * An AI member's price of a reply as the board shows it before anyone asks: `N tokens per reply`,
 * free, or unavailable (its app cannot answer now). The server's figure (memberList, allMemberList
 * `price`), before the asking member's own efficiency coefficient.
 */
import type { TFunction } from '../../i18n';

export function aiPriceText(t: TFunction, price: number | null | undefined): string {
  if (price === null) return t('wsBoard.aiEdit.unavailable');
  if (!price) return t('wsBoard.aiEdit.free');
  return t('wsBoard.aiEdit.perReply', { price: Number(price.toFixed(4)) });
}
