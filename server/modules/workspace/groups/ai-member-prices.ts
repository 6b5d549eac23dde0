/**
 * What one reply of an AI member costs, as the member lists show it. The AI domain prices its
 * members (ai/ai-price.ts: the app's or the member's own price, plus a bought copy's run fee in that
 * group) and hands its pricer in at start-up (ai/ai-hooks.start.ts), so the groups list prices
 * without importing the AI domain, which imports the groups.
 */
import type { Core, Row } from '../../../core/api';

/** An AI member to price: its config, and whether its row in the group runs with its owner's own key. */
export type PricedAi = { id: number; config: Row; ownKey?: boolean };

/** Prices by AI user id (null: cannot answer in a chat); `groupId` null for the public catalogue. */
export type AiPricer = (core: Core, groupId: number | null, ais: PricedAi[]) => Promise<Map<number, number | null>>;

let pricer: AiPricer | null = null;

/** Sets the pricer the member lists ask (the AI domain's, once per process). */
export function priceAiMembersWith(p: AiPricer): void {
  pricer = p;
}

/** The prices of these AI members as a list in `groupId` (null: the catalogue) shows them. */
export function aiMemberPrices(core: Core, groupId: number | null, ais: PricedAi[]): Promise<Map<number, number | null>> {
  if (!pricer) throw new Error('no AI member pricer: the AI domain (ai/ai-hooks.start.ts) was not loaded');
  return pricer(core, groupId, ais);
}
