import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../web/src/i18n';
import { aiPriceText } from '../../web/src/workspace/board/ai-price';

const t = ((key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key)) as unknown as TFunction;

describe('aiPriceText', () => {
  it('names the tokens a reply costs, to at most four decimals', () => {
    expect(aiPriceText(t, 2.5)).toBe('wsBoard.aiEdit.perReply {"price":2.5}');
    expect(aiPriceText(t, 1.23456)).toBe('wsBoard.aiEdit.perReply {"price":1.2346}');
  });
  it('says free for a price of 0 or none, and unavailable when the AI member cannot answer', () => {
    expect(aiPriceText(t, 0)).toBe('wsBoard.aiEdit.free');
    expect(aiPriceText(t, undefined)).toBe('wsBoard.aiEdit.free');
    expect(aiPriceText(t, null)).toBe('wsBoard.aiEdit.unavailable');
  });
});
