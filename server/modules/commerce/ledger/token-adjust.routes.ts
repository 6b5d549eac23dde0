/**
 * base/tokenLog/adjust (administrators, permission key base:tokenLog:adjust): gives or takes a user's
 * tokens by hand, as a ledger entry (type 7, adjust) written in one transaction with the balance it
 * changes; a balance is never edited directly.
 *
 * `{userId, amount, remark?, clientKey}` -> `{logId, balance, replayed}`. `amount` is signed (tokens,
 * at most four decimals, not zero); a balance that would go below zero is refused with 409 and
 * nothing is written. `clientKey` (8-40 letters, digits, `_` or `-`, one per intended adjustment)
 * makes a retried request answer the entry the first one wrote instead of adjusting twice: it is kept
 * in the entry's `relateType` (`adjust:<key>`), looked up under the user's row lock.
 *
 * The entry's `relateId` is the administrator who made it and its remark only what they wrote (the
 * member reads their ledger: no "#1" there). The member is notified (type system, in their language,
 * the remark as its text), so an open balance follows; a replayed request notifies nobody again.
 */
import {
  l,
  SYSTEM,
  and,
  entity,
  eq,
  call,
  defineRoutes,
  id,
  nullableText,
  num,
  text as textField,
  BOOL,
  INT,
  NUM,
  obj,
  fail,
  t as text,
} from '../../../core/api';
import type { Core, InvalidField } from '../../../core/api';
import { memberLang } from '../../system/member-language';
import { NOTIFY_TYPE, notifyUsers } from '../../workspace/notify/notify.service';
import { fromUnits, toUnits } from '../pay/money';
import { moveTokens, TOKEN_KIND } from './ledger.service';
import { LEDGER } from './ledger.messages';

const CLIENT_KEY = /^[A-Za-z0-9_-]{8,40}$/;
const MAX_AMOUNT = 1e9;

export default defineRoutes((core: Core) => {
  const logs = entity(core.model, 'base/tokenLog');
  const users = entity(core.model, 'base/sys/user');
  return [
    call(core, 'base', 'tokenLog', 'adjust', {
      method: 'POST',
      summary: l('Give or take tokens (ledger adjustment)', '调整代币（账本调整）', '調整代幣（帳本調整）'),
      input: {
        userId: id(),
        amount: num({ min: -MAX_AMOUNT, max: MAX_AMOUNT }),
        remark: nullableText({ max: 200 }),
        clientKey: textField({ max: 40 }),
      },
      // One key per intended adjustment; an amount of whole ledger units (four decimals), not zero.
      refine({ amount, clientKey }) {
        const errors: InvalidField[] = [];
        if (clientKey !== undefined && !CLIENT_KEY.test(clientKey))
          errors.push({ field: 'clientKey', rule: 'format', params: { format: '8-40 letters, digits, _ or -' } });
        const units = amount === undefined ? 0 : toUnits(amount);
        if (amount !== undefined && (units === 0 || Math.abs(fromUnits(units) - amount) > 1e-9)) errors.push({ field: 'amount', rule: 'invalid', params: {} });
        return errors;
      },
      effect: 'write',
      answer: obj({ logId: INT, balance: NUM, replayed: BOOL }),
      async handler(req, { userId, amount, remark, clientKey }) {
        const units = toUnits(amount);
        const relateType = `adjust:${clientKey}`;
        return core.ops.transaction(SYSTEM, async (t) => {
          // The user's row lock queues adjustments of one user, so a retry finds the first one's entry.
          const [user] = await t.lock(users, userId);
          if (!user) throw fail.notFound(LEDGER.ledger_user_not_found);
          const [done] = await t.find(logs, and(eq('userId', userId), eq('relateType', relateType)));
          if (done) return { logId: done.id, balance: done.balance ?? 0, replayed: true };
          const moved = await moveTokens(core, t, {
            userId: userId,
            balance: 'tokens',
            units,
            kind: TOKEN_KIND.adjust,
            relateType,
            relateId: req.user?.id ?? null,
            remark: remark || null,
          });
          const key = units > 0 ? LEDGER.notify_tokens_given : LEDGER.notify_tokens_taken;
          const title = text(memberLang(user), key, { amount: String(fromUnits(Math.abs(units))) });
          await notifyUsers(core, t, { toIds: [userId], type: NOTIFY_TYPE.system, title, content: remark || null, fromId: req.user?.id ?? null });
          return { logId: moved.logId, balance: fromUnits(moved.balanceUnits), replayed: false };
        });
      },
    }),
  ];
});
