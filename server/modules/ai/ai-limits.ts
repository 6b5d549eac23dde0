/**
 * The administrator's bounds on AI prices and model parameters (server/core/params/ai-limits.ts),
 * read for a running core, and the listed price of an app or an AI member: what a member sees before
 * paying and what a run started now reserves (before the member's own efficiency coefficient).
 */
import { readAiLimits, type AiLimits } from '../../core/api';
import type { Core, Row } from '../../core/api';
import { fromUnits, toUnits } from '../commerce/pay/money';
import { runCostUnits } from './charge';

export type { AiLimits };

/** The bounds in force now. */
export function aiLimits(core: Core): Promise<AiLimits> {
  return readAiLimits(core.db, core.model.system('params').table);
}

/** An app's price of a run in ledger units: its tokens x its efficiency coefficient. */
export function appPriceUnits(app: { tokens?: unknown; efficiencyCoefficient?: unknown }): number {
  return runCostUnits(app.tokens, app.efficiencyCoefficient, 1);
}

/** Whether a price (in units) is above the maximum. */
export function aboveMax(priceUnits: number, limits: AiLimits): boolean {
  return priceUnits > toUnits(limits.maxRunPrice);
}

/** An AI member's own price of a reply (config.cost; absent: free), in tokens. */
export function ownCost(config: Row): number {
  const n = Number(config.cost ?? 0);
  return Number.isFinite(n) && n > 0 ? fromUnits(toUnits(n)) : 0;
}
