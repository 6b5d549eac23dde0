/**
 * The price of one reply of an AI member, in tokens before the asking member's efficiency
 * coefficient, as members see it before they ask (the catalogue, a group's member list): its app's
 * `tokens` x `efficiencyCoefficient` when `config.appId` names one (null when that app cannot answer
 * in a chat: missing, hidden or async), else its own `config.cost` (absent: 0, free). It is the price
 * a message asking it now is charged (ai-reply-run.ts replySetup reads the same values).
 */
import type { Core, Row } from '../../core/api';
import { fromUnits, toUnits } from '../commerce/pay/money';
import { appsByIds } from '../workspace/groups/group.queries';
import { withStoreFees } from './store-fee';
import { ownKeyParams } from './models/own-key';
import type { PricedAi } from '../workspace/groups/ai-member-prices';

/** Ledger units of `tokens` x `coefficient`, rounded up to a unit as runs are charged. */
function priceUnits(tokens: unknown, coefficient: unknown): number {
  const units = toUnits(tokens);
  const c = coefficient === null || coefficient === undefined || coefficient === '' ? 1 : Number(coefficient);
  if (!Number.isFinite(units) || units <= 0 || !Number.isFinite(c) || c <= 0) return 0;
  return Math.ceil(Number((units * c).toPrecision(12)));
}

function appIdOf(config: Row): number | null {
  const id = Number(config.appId);
  return config.appId !== undefined && config.appId !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The prices of AI members by user id, from each one's config; apps named are read in one query. A
 * row on its owner's own key costs the platform fee (models/own-key.ts), whatever its price.
 */
export async function aiPrices(core: Core, ais: PricedAi[]): Promise<Map<number, number | null>> {
  const appIds = [...new Set(ais.map((a) => appIdOf(a.config)).filter((id): id is number => id !== null))];
  const [apps, own] = await Promise.all([appsByIds(core, appIds), ais.some((a) => a.ownKey) ? ownKeyParams(core) : null]);
  const byId = new Map(apps.map((a) => [a.id, a]));
  const out = new Map<number, number | null>();
  for (const a of ais) {
    if (a.ownKey && own) {
      out.set(a.id, fromUnits(own.feeUnits));
      continue;
    }
    const appId = appIdOf(a.config);
    if (appId === null) {
      out.set(a.id, fromUnits(priceUnits(a.config.cost ?? 0, 1)));
      continue;
    }
    const app = byId.get(appId);
    out.set(a.id, app && app.show === 1 && app.isAsync !== 1 ? fromUnits(priceUnits(app.tokens, app.efficiencyCoefficient)) : null);
  }
  return out;
}

/** The prices a member list shows: `aiPrices`, and in a group a bought copy's run fee on top (store-fee.ts). */
export async function listedPrices(core: Core, groupId: number | null, ais: PricedAi[]): Promise<Map<number, number | null>> {
  const own = await aiPrices(core, ais);
  return groupId === null ? own : withStoreFees(core, groupId, own);
}
