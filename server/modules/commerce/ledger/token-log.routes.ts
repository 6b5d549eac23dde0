/**
 * base/tokenLog calls for administrators (permission keys base:tokenLog:*):
 * - batchSetWithdrawable `{ids}`: revenue entries (earnedTokens: a sale, type 3, or a creator's share of a
 *   bought AI member's run fee, type 12) become withdrawable: their
 *   tokens move from earnedTokens to withdrawableTokens through the ledger (two entries per user, type 8)
 *   and the entries are marked isWithdrawable 1, auditStatus 1. All or nothing: an id that is not such
 *   an entry, one already withdrawable, one whose order was refunded since (its revenue was reversed), or
 *   earned tokens short of the sum (a debt) -> 409, nothing written.
 * - auditList `{page?, size?, userId?, isWithdrawable?}`: those revenue entries to review, newest first,
 *   with the seller's name and `refunded` (its order was refunded: not to be made withdrawable).
 * - check (GET, ours): the ledger check — `{users, entries, mismatches, debts}`; mismatches must be empty
 *   (a balance equal to the sum of its entries), debts are balances below zero after refunds.
 */
import { l, SYSTEM, and, call, defineRoutes, entity, eq, fail, id, ids, int, ANY_OBJECT, BOOL, INT, STR, nullable, obj, pageOf, isIn } from '../../../core/api';
import type { Core, Row } from '../../../core/api';
import { toUnits } from '../pay/money';
import { moveTokens, TOKEN_KIND } from './ledger.service';
import { ledgerCheck, refundedOrders, userNames } from './ledger.queries';
import { LEDGER } from './ledger.messages';

/** The entry types that are revenue an administrator may make withdrawable. */
const REVENUE: readonly number[] = [TOKEN_KIND.sale, TOKEN_KIND.runEarning];

export default defineRoutes((core: Core) => {
  const logs = entity(core.model, 'base/tokenLog');
  return [
    call(core, 'base', 'tokenLog', 'batchSetWithdrawable', {
      method: 'POST',
      summary: l('Make revenue withdrawable', '批量设为可提现', '批次設為可提領'),
      input: { ids: ids() },
      effect: 'write',
      answer: obj({ count: INT, users: INT }),
      async handler(_req, { ids }) {
        return core.ops.transaction(SYSTEM, async (t) => {
          const rows = await t.lock(logs, isIn('id', ids));
          const ok = rows.filter((r) => r.field === 'earnedTokens' && REVENUE.includes(r.type ?? 0) && r.isWithdrawable === 0 && toUnits(r.tokens) > 0);
          const orderIds = [...new Set(ok.filter((r) => r.relateType === 'order').map((r) => r.relateId ?? 0))];
          const orders = entity(core.model, 'goods/order');
          const refunded = new Set(
            (orderIds.length ? await t.find(orders, and(isIn('id', orderIds), eq('status', 9)), { fields: ['id'] }) : []).map((o) => o.id),
          );
          if (ok.length !== ids.length || ok.some((r) => refunded.has(r.relateId ?? 0))) throw fail.conflict(LEDGER.ledger_entries_not_found);
          const byUser = new Map<number, number>();
          for (const r of ok) byUser.set(r.userId, (byUser.get(r.userId) ?? 0) + toUnits(r.tokens));
          for (const [userId, units] of [...byUser].sort((a, b) => a[0] - b[0])) {
            const ref = { userId, kind: TOKEN_KIND.withdrawable, relateType: 'tokenLog', remark: `${ok.filter((r) => r.userId === userId).length} entries` };
            await moveTokens(core, t, { ...ref, balance: 'earnedTokens', units: -units });
            await moveTokens(core, t, { ...ref, balance: 'withdrawableTokens', units });
          }
          await t.updateWhere(logs, isIn('id', ids), { isWithdrawable: 1, auditStatus: 1 }, { expect: ids.length });
          return { count: ids.length, users: byUser.size };
        });
      },
    }),
    call(core, 'base', 'tokenLog', 'auditList', {
      method: 'POST',
      summary: l('Revenue entries to review', '待审核收入记录', '待審核收入紀錄'),
      input: {
        page: int({ min: 1, max: 10_000_000 }).optional(),
        size: int({ min: 1, max: 1000 }).optional(),
        userId: id().optional(),
        isWithdrawable: int({ min: 0, max: 1 }).optional(),
      },
      effect: 'read',
      answer: pageOf(obj({ ...(ANY_OBJECT.properties as object), id: INT, userId: INT, userName: nullable(STR), refunded: BOOL }, [])),
      async handler(_req, input) {
        const { userId, isWithdrawable } = input;
        const page = input.page ?? 1;
        const size = input.size ?? 20;
        const filter: Row = { page, size, order: 'id', sort: 'desc', field: 'earnedTokens', type: [...REVENUE] };
        if (userId) filter.userId = userId;
        if (isWithdrawable !== undefined) filter.isWithdrawable = isWithdrawable;
        const res = await core.ops.page(logs, filter, SYSTEM);
        const ids = [...new Set(res.list.map((r) => Number(r.userId)))];
        const names = await userNames(core, ids);
        const refunded = await refundedOrders(core, res.list);
        return { ...res, list: res.list.map((r) => ({ ...r, userName: names.get(Number(r.userId)) ?? null, refunded: refunded.has(Number(r.relateId)) })) };
      },
    }),
    call(core, 'base', 'tokenLog', 'check', {
      method: 'GET',
      summary: l('Ledger check: balances against their entries', '账本核对：余额与流水', '帳本核對：餘額與流水'),
      input: {},
      effect: 'read',
      answer: obj({ users: INT, entries: INT, mismatches: { type: 'array' }, debts: { type: 'array' } }),
      handler: () => ledgerCheck(core),
    }),
  ];
});
