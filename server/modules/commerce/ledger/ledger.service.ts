/**
 * The token ledger (docs/decisions/money-rules.md): every change of a user's `tokens`, `earnedTokens` or
 * `withdrawableTokens` goes through `moveTokens`, which changes the balance and writes its tokenLog
 * entry (signed change, balance after) in the caller's transaction. The user's row is locked first,
 * so concurrent moves of one balance queue and each entry's balance is the one its change left.
 *
 * A balance never goes below zero (409, nothing written), except where `allowDebt` says so: the
 * reversal of a seller's revenue that was already spent (a refund) is recorded in full and may leave
 * `earnedTokens` negative, a debt the administrator sees (`tokenLog/check` lists debts).
 */
import { fail, entity } from '../../../core/api';
import type { Core, OpTransaction } from '../../../core/api';
import { fromUnits, toUnits } from '../pay/money';
import { LEDGER } from './ledger.messages';

export type Balance = 'tokens' | 'earnedTokens' | 'withdrawableTokens';
export const BALANCES: readonly Balance[] = ['tokens', 'earnedTokens', 'withdrawableTokens'];

/** tokenLog.type: why a balance moved. */
export const TOKEN_KIND = {
  recharge: 1,
  vipGift: 2,
  sale: 3,
  saleReversal: 4,
  coupon: 5,
  spend: 6,
  adjust: 7,
  withdrawable: 8,
  rechargeReversal: 9,
  /** An AI run's cost reserved when it starts (server/modules/ai/charge.ts). */
  run: 10,
  /** The whole cost of a failed AI run given back. */
  runRefund: 11,
  /** A creator's share of a bought AI member's run fee (server/modules/ai/store-fee.ts). */
  runEarning: 12,
  /** The platform account's commission on that fee. */
  runCommission: 13,
  /** Withdrawable tokens a creator asked to be paid (server/modules/commerce/ledger/payout.routes.ts). */
  payout: 14,
  /** A rejected payout's tokens given back. */
  payoutReturned: 15,
  /** What a run priced by use reserved and did not use, given back when it settles (server/modules/ai/metering.ts). */
  runUnused: 16,
} as const;
export type TokenKind = (typeof TOKEN_KIND)[keyof typeof TOKEN_KIND];

export interface TokenMove {
  userId: number;
  balance: Balance;
  /** Signed change in ten-thousandths of a token (money.ts toUnits). Zero writes nothing. */
  units: number;
  kind: TokenKind;
  /** What caused it: 'order', 'coupon', 'run', 'tokenLog'... and that row's id. */
  relateType?: string;
  relateId?: number | null;
  remark?: string | null;
  /** The balance may go below zero (a refund's reversal of spent revenue): recorded as a debt. */
  allowDebt?: boolean;
  /**
   * Also moves the member's `runTimes` by this, in the same update of their row: +1 with an AI run's
   * reservation, -1 with its refund (ai/charge.ts), so runTimes counts the runs that did not fail.
   * Written even when `units` is 0 (a free run), then without a ledger entry.
   */
  runs?: 1 | -1;
}

/** Changes one balance and writes its ledger entry; answers the balance after, in units. */
export async function moveTokens(core: Core, t: OpTransaction, m: TokenMove): Promise<{ balanceUnits: number; logId: number | null }> {
  if (!Number.isSafeInteger(m.units)) throw new Error(`moveTokens: ${m.units} is not a whole number of units`);
  const users = core.model.system('users');
  const logs = entity(core.model, 'base/tokenLog');
  const [user] = await t.lock(users, m.userId);
  if (!user) throw fail.notFound(LEDGER.ledger_user_not_found);
  const before = toUnits(user[m.balance]);
  const runTimes = m.runs ? { runTimes: Math.max(0, Number(user.runTimes ?? 0) + m.runs) } : null;
  if (m.units === 0) {
    if (runTimes) await t.updateWhere(users, m.userId, runTimes, { expect: 1 });
    return { balanceUnits: before, logId: null };
  }
  const after = before + m.units;
  if (after < 0 && !m.allowDebt) throw fail.conflict(LEDGER.ledger_not_enough_tokens);
  await t.updateWhere(users, m.userId, { [m.balance]: fromUnits(after), ...runTimes }, { expect: 1 });
  const logId = await t.addOne(logs, {
    userId: m.userId,
    type: m.kind,
    field: m.balance,
    tokens: fromUnits(m.units),
    balance: fromUnits(after),
    relateType: m.relateType ?? null,
    relateId: m.relateId ?? null,
    remark: m.remark ?? null,
  });
  return { balanceUnits: after, logId };
}
