/**
 * Payouts of a creator's withdrawable tokens (base/payout, issue 37):
 * - request `{tokens, note?, clientKey}` (a member): in one transaction the payout row (once per
 *   (userId, clientKey): a replay answers the first request's payout and moves nothing, `replayed`)
 *   and the ledger move of `tokens` out of withdrawableTokens (tokenLog type 14, relateType payout).
 *   More than the withdrawable balance: 409, nothing written. The member's row is locked first, so
 *   concurrent requests queue and together never take more than the balance.
 * - markPaid `{id, reference}` (administrators, key base:payout:markPaid): the payout, still requested,
 *   becomes paid with the reference of the transfer made outside the platform; the member is told.
 * - reject `{id, reason}` (key base:payout:reject): the payout, still requested, becomes rejected and its
 *   tokens go back to withdrawableTokens (type 15); the member is told why.
 * A payout leaves "requested" once: a second or raced markPaid or reject is a 409 that writes nothing.
 */
import {
  l,
  SYSTEM,
  and,
  call,
  defineRoutes,
  entity,
  eq,
  fail,
  id,
  nowStored,
  nullableText,
  num,
  obj,
  text as textField,
  t as text,
  BOOL,
  INT,
  NUM,
  STR,
  nullable,
} from '../../../core/api';
import type { Core, EntityRow, InvalidField, OpTransaction } from '../../../core/api';
import { PAYOUT_STATUS } from '../../../../entities/base/payout.entity';
import { memberLang } from '../../system/member-language';
import { NOTIFY_TYPE, notifyUsers } from '../../workspace/notify/notify.service';
import { fromUnits, toUnits } from '../pay/money';
import { moveTokens, TOKEN_KIND } from './ledger.service';
import { LEDGER } from './ledger.messages';
import { PAYOUT } from './payout.messages';

type Payout = EntityRow<'base/payout'>;

const CLIENT_KEY = /^[A-Za-z0-9_-]{8,40}$/;
const MAX_TOKENS = 1e9;

/** A payout as its calls answer it. */
const PAYOUT_ROW = obj({
  id: INT,
  tokens: NUM,
  status: INT,
  note: nullable(STR),
  reference: nullable(STR),
  reason: nullable(STR),
  handleTime: nullable(STR),
  createTime: nullable(STR),
});

function shown(p: Payout) {
  return {
    id: p.id,
    tokens: Number(p.tokens),
    status: p.status,
    note: p.note,
    reference: p.reference,
    reason: p.reason,
    handleTime: p.handleTime,
    createTime: p.createTime,
  };
}

/** One key per intended payout; tokens of whole ledger units (four decimals), above zero. */
function requestProblems({ tokens, clientKey }: { tokens?: number; clientKey?: string }): InvalidField[] {
  const errors: InvalidField[] = [];
  if (clientKey !== undefined && !CLIENT_KEY.test(clientKey))
    errors.push({ field: 'clientKey', rule: 'format', params: { format: '8-40 letters, digits, _ or -' } });
  const units = tokens === undefined ? 0 : toUnits(tokens);
  if (tokens !== undefined && (units <= 0 || Math.abs(fromUnits(units) - tokens) > 1e-9)) errors.push({ field: 'tokens', rule: 'invalid', params: {} });
  return errors;
}

export default defineRoutes((core: Core) => {
  const payouts = entity(core.model, 'base/payout');
  const users = entity(core.model, 'base/sys/user');

  /** The payout `id`, still requested, moved to `status` with `changes`, once (409 otherwise); answers it as it was. */
  async function settle(
    t: OpTransaction,
    payoutId: number,
    status: 1 | 2,
    changes: { reference?: string; reason?: string },
    by: number | null,
  ): Promise<Payout> {
    const [p] = await t.lock(payouts, payoutId);
    if (!p) throw fail.notFound(PAYOUT.payout_not_found);
    if (p.status !== PAYOUT_STATUS.requested) throw fail.conflict(PAYOUT.payout_not_open);
    const open = and(eq('id', payoutId), eq('status', PAYOUT_STATUS.requested));
    await t.updateWhere(payouts, open, { status, ...changes, handledBy: by, handleTime: nowStored() }, { expect: 1 });
    return p;
  }

  /** Tells the payout's member, in their language. */
  async function tell(
    t: OpTransaction,
    p: Payout,
    type: 12 | 13,
    title: (lang: ReturnType<typeof memberLang>) => string,
    content: string | null,
    by: number | null,
  ): Promise<void> {
    const [member] = await t.find(users, eq('id', p.userId ?? 0), { fields: ['language'] });
    if (!member) return;
    await notifyUsers(core, t, { toIds: [member.id], type, title: title(memberLang(member)), content, fromId: by });
  }

  return [
    call(core, 'base', 'payout', 'request', {
      method: 'POST',
      member: true,
      summary: l('Ask to be paid withdrawable tokens', '申请提现', '申請提領'),
      input: { tokens: num({ min: 0, max: MAX_TOKENS }), note: nullableText({ max: 500 }), clientKey: textField({ max: 40 }) },
      refine: requestProblems,
      effect: 'write',
      answer: obj({ payout: PAYOUT_ROW, withdrawable: NUM, replayed: BOOL }),
      async handler(req, { tokens, note, clientKey }) {
        const userId = req.user!.id;
        const units = toUnits(tokens);
        return core.ops.transaction(SYSTEM, async (t) => {
          // The member's row lock queues their requests: a replay finds the first one's payout.
          const [user] = await t.lock(users, userId);
          if (!user) throw fail.notFound(LEDGER.ledger_user_not_found);
          const row = { userId, tokens: fromUnits(units), status: PAYOUT_STATUS.requested, note: note || null, clientKey };
          const { id: payoutId, created } = await t.addIfAbsent(payouts, row, ['userId', 'clientKey'], { owner: userId });
          const [p] = await t.find(payouts, eq('id', payoutId));
          if (!created) return { payout: shown(p), withdrawable: Number(user.withdrawableTokens ?? 0), replayed: true };
          if (toUnits(user.withdrawableTokens) < units) throw fail.conflict(PAYOUT.payout_not_enough);
          const moved = await moveTokens(core, t, {
            userId,
            balance: 'withdrawableTokens',
            units: -units,
            kind: TOKEN_KIND.payout,
            relateType: 'payout',
            relateId: payoutId,
          });
          return { payout: shown(p), withdrawable: fromUnits(moved.balanceUnits), replayed: false };
        });
      },
    }),
    call(core, 'base', 'payout', 'markPaid', {
      method: 'POST',
      summary: l('Mark a payout paid', '标记提现已支付', '標記提領已支付'),
      input: { id: id(), reference: textField({ max: 200 }) },
      effect: 'write',
      answer: obj({ id: INT, status: INT }),
      async handler(req, { id: payoutId, reference }) {
        const by = req.user?.id ?? null;
        return core.ops.transaction(SYSTEM, async (t) => {
          const p = await settle(t, payoutId, PAYOUT_STATUS.paid, { reference }, by);
          const amount = String(Number(p.tokens));
          await tell(t, p, NOTIFY_TYPE.payoutPaid, (lang) => text(lang, PAYOUT.notify_payout_paid, { amount, reference }), null, by);
          return { id: payoutId, status: PAYOUT_STATUS.paid };
        });
      },
    }),
    call(core, 'base', 'payout', 'reject', {
      method: 'POST',
      summary: l('Reject a payout (its tokens go back)', '拒绝提现（代币退回）', '拒絕提領（代幣退回）'),
      input: { id: id(), reason: textField({ max: 500 }) },
      effect: 'write',
      answer: obj({ id: INT, status: INT }),
      async handler(req, { id: payoutId, reason }) {
        const by = req.user?.id ?? null;
        return core.ops.transaction(SYSTEM, async (t) => {
          const p = await settle(t, payoutId, PAYOUT_STATUS.rejected, { reason }, by);
          const units = toUnits(p.tokens);
          await moveTokens(core, t, {
            userId: p.userId ?? 0,
            balance: 'withdrawableTokens',
            units,
            kind: TOKEN_KIND.payoutReturned,
            relateType: 'payout',
            relateId: payoutId,
          });
          const amount = String(fromUnits(units));
          await tell(t, p, NOTIFY_TYPE.payoutRejected, (lang) => text(lang, PAYOUT.notify_payout_rejected, { amount }), reason, by);
          return { id: payoutId, status: PAYOUT_STATUS.rejected };
        });
      },
    }),
  ];
});
