/**
 * Creators earn per use (issue 37): a bought AI member's copy in a group (a member row with a
 * purchaseId) costs whoever asks it its usual price plus the listing's `runPrice`, reserved and
 * refunded with the run (charge.ts); when the run succeeds the fee is shared out in settle's
 * transaction, each share a ledger entry related to the run:
 *
 * - the platform's commission: `storeRunCommission` percent of the fee (param, else the environment's
 *   STORE_RUN_COMMISSION, else 10; 0..100), rounded half up to a whole ledger unit (a ten-thousandth
 *   of a token), into the platform account's earnedTokens (tokenLog type 13);
 * - the rest is the creator's (purchase.sellerId): when the listing names a team (goods.groupId, a
 *   group of type 2) with an allocationRatio in (0, 1], that share of it, rounded half up to a unit,
 *   goes into the team's rewardPool as a sale's does (commerce/goods/order/effects.ts); the remainder into the
 *   creator's earnedTokens (tokenLog type 12).
 *
 * All in integer units, so the shares always add up to the fee. The fee is not multiplied by the
 * asker's efficiency coefficient (that coefficient prices the platform's models, not a creator's
 * work). A failed run refunds the whole cost, fee included, and pays nobody.
 *
 * Who may ask a copy: nobody once its purchase is revoked (a refund); only its buyer unless the buyer
 * shares it in their groups (purchase.shareInGroups). A refused ask is answered by an error message
 * from the AI member (`{ error: 'purchase_revoked' | 'not_shared', text }`, the text in the asker's
 * language), with no run and no charge.
 */
import { entity, eq, seededParam, t as text } from '../../core/api';
import type { AuthUser, Core, EntityRow, OpTransaction } from '../../core/api';
import { GROUP_TYPE } from '../../../entities/base/group.entity';
import { PURCHASE_STATUS } from '../../../entities/goods/purchase.entity';
import { moveTokens, TOKEN_KIND } from '../commerce/ledger/ledger.service';
import { platformAccountId } from '../commerce/ledger/platform-account';
import { fromUnits, toUnits } from '../commerce/pay/money';
import { languageOf } from '../system/member-language';
import { AI } from './ai.messages';
import { mayUseAi } from '../workspace/groups/ai-member.service';
import { privateCopy, storeCopies, type StoreCopy } from './store-fee.queries';

export type { StoreCopy } from './store-fee.queries';

/** The param (and environment variable) of the platform's commission on run fees, in percent. */
export const STORE_RUN_COMMISSION = { param: 'storeRunCommission', env: 'STORE_RUN_COMMISSION', fallback: 10 } as const;
// Seeded empty, so the administrator finds it in the console's params; empty reads the environment.
seededParam({
  keyName: STORE_RUN_COMMISSION.param,
  name: 'Store: commission on run fees (%)',
  data: '',
  remark: "The platform's share of a bought AI member's run fee, in percent (0 to 100). Empty: the environment's STORE_RUN_COMMISSION, else 10.",
});

/** Why a copy does not answer: the error code of the AI member's message. */
export type CopyRefusal = 'purchase_revoked' | 'not_shared';

/** The copy of AI member `aiUserId` in group `groupId`, or null when its member row is not a bought copy. */
export async function storeCopyOf(core: Core, groupId: number, aiUserId: number): Promise<StoreCopy | null> {
  const [copy] = await storeCopies(core, groupId, [aiUserId]);
  return copy ?? null;
}

/**
 * The bought copy that answers `asker`: in a group, the copy among its members; in a private chat,
 * the asker's own purchase of the AI member when they may not use it otherwise (they own it, it is
 * public, or they are an administrator: then it answers as any AI member, with no fee).
 */
export async function copyAsked(
  core: Core,
  ai: { id: number; ownerId: number | null; type: number | null },
  groupId: number | null,
  asker: AuthUser,
): Promise<StoreCopy | null> {
  if (groupId !== null) return storeCopyOf(core, groupId, ai.id);
  return mayUseAi(ai, asker) ? null : privateCopy(core, asker.id, ai.id);
}

/** Whether `payerId` may ask the copy now; the refusal's code when not. */
export function refusalOf(copy: StoreCopy, payerId: number): CopyRefusal | null {
  if (copy.status !== PURCHASE_STATUS.active) return 'purchase_revoked';
  if (!copy.shared && copy.buyerId !== payerId) return 'not_shared';
  return null;
}

/** The refusal told to the member who asked, in their language. */
export async function refusalText(core: Core, refusal: CopyRefusal, ai: { name: string }, askerId: number): Promise<string> {
  const key = refusal === 'purchase_revoked' ? AI.ai_copy_revoked : AI.ai_copy_not_shared;
  return text(await languageOf(core, askerId), key, { name: ai.name });
}

/** The fee of one run of the copy, in ledger units (0: the listing sets none). */
export function feeUnitsOf(copy: StoreCopy | null): number {
  if (!copy) return 0;
  const units = toUnits(copy.runPrice);
  return Number.isSafeInteger(units) && units > 0 ? units : 0;
}

/**
 * The prices members see before they ask (tokens per reply, by AI member), with the run fee of each
 * active copy in `groupId` added; an AI member that cannot answer (null) stays null.
 */
export async function withStoreFees(core: Core, groupId: number, prices: Map<number, number | null>): Promise<Map<number, number | null>> {
  const copies = await storeCopies(core, groupId, [...prices.keys()]);
  const out = new Map(prices);
  for (const copy of copies) {
    const price = out.get(copy.aiUserId);
    if (price === null || price === undefined || copy.status !== PURCHASE_STATUS.active) continue;
    out.set(copy.aiUserId, fromUnits(toUnits(price) + feeUnitsOf(copy)));
  }
  return out;
}

/** How a fee is shared, in units: platform + pool + creator = the fee. */
export interface FeeShares {
  platform: number;
  pool: number;
  creator: number;
}

/** Shares `feeUnits` at `percent` commission, then `ratio` of the rest to a team's pool (0: none). */
export function splitFee(feeUnits: number, percent: number, ratio: number): FeeShares {
  const platform = Math.min(feeUnits, Math.round((feeUnits * percent) / 100));
  const rest = feeUnits - platform;
  const pool = ratio > 0 && ratio <= 1 ? Math.min(rest, Math.round(rest * ratio)) : 0;
  return { platform, pool, creator: rest - pool };
}

/** The commission in percent, read in `t`: the param when it is a number in 0..100, else the environment, else 10. */
async function commissionIn(core: Core, t: OpTransaction): Promise<number> {
  const [param] = await t.find(entity(core.model, 'base/sys/param'), eq('keyName', STORE_RUN_COMMISSION.param), { fields: ['data'] });
  for (const raw of [param?.data, core.config.env[STORE_RUN_COMMISSION.env]]) {
    const text = typeof raw === 'string' ? raw.trim() : '';
    const n = text === '' ? NaN : Number(text);
    if (Number.isFinite(n) && n >= 0 && n <= 100) return n;
  }
  return STORE_RUN_COMMISSION.fallback;
}

/** The listing's team, locked, when its revenue is shared (type team, allocationRatio in (0, 1]). */
async function sharingTeam(core: Core, t: OpTransaction, goodsId: number): Promise<EntityRow<'base/group'> | null> {
  const [goods] = await t.find(entity(core.model, 'goods/info'), eq('id', goodsId), { fields: ['id', 'groupId'], deleted: true });
  if (!goods?.groupId) return null;
  const [team] = await t.lock(entity(core.model, 'base/group'), goods.groupId);
  const ratio = team?.allocationRatio ?? 0;
  return team && team.type === GROUP_TYPE.team && ratio > 0 && ratio <= 1 ? team : null;
}

/**
 * Shares out the fee of a run that has just succeeded, in settle's transaction `t` (the run locked
 * and moved to succeeded there, so this happens once). A purchase without a seller leaves the
 * creator's share to the platform.
 */
export async function payRunFee(core: Core, t: OpTransaction, run: Pick<EntityRow<'base/run'>, 'id' | 'fee' | 'purchaseId'>): Promise<void> {
  const feeUnits = toUnits(run.fee);
  if (!(feeUnits > 0) || !run.purchaseId) return;
  const [purchase] = await t.find(entity(core.model, 'goods/purchase'), eq('id', run.purchaseId), { fields: ['id', 'goodsId', 'sellerId'] });
  const percent = await commissionIn(core, t);
  const team = purchase?.sellerId ? await sharingTeam(core, t, purchase.goodsId) : null;
  const shares = splitFee(feeUnits, percent, team?.allocationRatio ?? 0);
  const ref = { relateType: 'run', relateId: run.id };
  const sellerId = purchase?.sellerId ?? null;
  const platformUnits = sellerId ? shares.platform : feeUnits;
  if (platformUnits > 0) {
    await moveTokens(core, t, {
      userId: await platformAccountId(core, t),
      balance: 'earnedTokens',
      units: platformUnits,
      kind: TOKEN_KIND.runCommission,
      ...ref,
    });
  }
  if (!sellerId) return;
  if (team && shares.pool > 0) {
    await t.updateWhere(entity(core.model, 'base/group'), team.id, { rewardPool: fromUnits(toUnits(team.rewardPool) + shares.pool) }, { expect: 1 });
  }
  await moveTokens(core, t, { userId: sellerId, balance: 'earnedTokens', units: shares.creator, kind: TOKEN_KIND.runEarning, ...ref });
}
