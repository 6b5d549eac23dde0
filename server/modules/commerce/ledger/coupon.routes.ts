/**
 * base/coupon (redemption codes) calls:
 * - generate `{count 1..1000, type 1|2, days? (type 1, 1..3650), tokens? (type 2, > 0), expireTime?, memo?}`
 *   (administrator) -> `{count, codes}`: codes of 16 characters from a 32-letter alphabet without look-alikes
 *   (crypto random, 80 bits: unguessable), stored unused (status 0).
 * - use `{code}` (member): redeems once. The code's row is locked, then a conditional update (status 0 -> 1,
 *   userId, redeemTime) in the same transaction as the effect: tokens through the ledger (type 5) or VIP days
 *   added to vipEndTime. Of any number of concurrent redemptions exactly one succeeds; the others get 409.
 *   Limited to 10 tries a minute per member and 30 per address (guessing).
 * page, update, delete are the generic ones (update refuses used codes: see the entity).
 */
import { randomInt } from 'node:crypto';
import {
  l,
  SYSTEM,
  call,
  defineRoutes,
  entity,
  fail,
  hit,
  int,
  nullableText,
  num,
  text,
  INT,
  NUM,
  STR,
  listOf,
  nullable,
  obj,
  and,
  eq,
  nowStored,
  toStoredDate,
} from '../../../core/api';
import type { Core, Row, InvalidField } from '../../../core/api';
import { fromUnits, toUnits } from '../pay/money';
import { extendVip } from '../goods/order/effects';
import { moveTokens, TOKEN_KIND } from './ledger.service';
import { LEDGER } from './ledger.messages';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const COUPON_TYPE = { days: 1, tokens: 2 } as const;
export const COUPON_STATUS = { unused: 0, used: 1, disabled: 2 } as const;

export function newCode(): string {
  let s = '';
  for (let i = 0; i < 16; i++) s += ALPHABET[randomInt(0, ALPHABET.length)];
  return s;
}

export default defineRoutes((core: Core) => {
  const coupons = entity(core.model, 'base/coupon');
  return [
    call(core, 'base', 'coupon', 'generate', {
      method: 'POST',
      summary: l('Generate redemption codes', '生成兑换码', '產生兌換碼'),
      input: {
        count: int({ min: 1, max: 1000 }),
        type: int({ min: 1, max: 2 }),
        days: int({ min: 1, max: 3650 }).optional(),
        tokens: num({ min: 0.0001, max: 1e9 }).optional(),
        expireTime: nullableText({ max: 40 }),
        memo: nullableText({ max: 255 }),
      },
      // Days for a VIP code, tokens for a tokens code (when not sent at all), and a date the store reads.
      refine(input, req) {
        const errors: InvalidField[] = [];
        const absent = (k: string) => (req.body as Row)[k] === undefined;
        if (input.type === COUPON_TYPE.days && absent('days')) errors.push({ field: 'days', rule: 'required', params: {} });
        if (input.type === COUPON_TYPE.tokens && absent('tokens')) errors.push({ field: 'tokens', rule: 'required', params: {} });
        if (input.expireTime && !toStoredDate(input.expireTime)) errors.push({ field: 'expireTime', rule: 'format', params: { format: 'date-time' } });
        return errors;
      },
      effect: 'write',
      answer: obj({ count: INT, codes: listOf(STR) }),
      async handler(_req, input) {
        const { count, type, days, tokens, memo } = input;
        const expireTime = input.expireTime ? toStoredDate(input.expireTime) : null;
        const rows: Row[] = Array.from({ length: count }, () => ({
          code: newCode(),
          type,
          days: type === COUPON_TYPE.days ? days : null,
          tokens: type === COUPON_TYPE.tokens ? fromUnits(toUnits(tokens)) : null,
          status: COUPON_STATUS.unused,
          expireTime: expireTime ? new Date(`${expireTime.replace(' ', 'T')}Z`).toISOString() : null,
          memo: memo ?? null,
        }));
        await core.ops.transaction(SYSTEM, (t) => t.add(coupons, rows));
        return { count: rows.length, codes: rows.map((r) => r.code) };
      },
    }),
    call(core, 'base', 'coupon', 'use', {
      method: 'POST',
      member: true,
      summary: l('Redeem a code', '使用兑换码', '使用兌換碼'),
      input: { code: text({ max: 64 }) },
      effect: 'write',
      answer: obj({ code: STR, type: INT, tokens: NUM, balance: NUM, days: INT, vipEndTime: nullable(STR) }, ['tokens', 'balance', 'days', 'vipEndTime']),
      async handler(req, { code }) {
        const user = req.user!;
        await hit(
          core.cache,
          [
            { key: `coupon:use:user:${user.id}`, max: 10, windowSeconds: 60 },
            { key: `coupon:use:ip:${req.ctx.ip}`, max: 30, windowSeconds: 60 },
          ],
          LEDGER.coupon_too_many_tries,
        );
        const normalized = code.trim().toUpperCase().replace(/[\s-]/g, '');
        return core.ops.transaction(SYSTEM, async (t) => {
          const [c] = await t.lock(coupons, eq('code', normalized));
          if (!c) throw fail.notFound(LEDGER.coupon_not_found);
          if (c.status === COUPON_STATUS.used) throw fail.conflict(LEDGER.coupon_used);
          if (c.status === COUPON_STATUS.disabled) throw fail.conflict(LEDGER.coupon_disabled);
          if (c.expireTime && Date.parse(c.expireTime) <= Date.now()) throw fail.conflict(LEDGER.coupon_expired);
          await t.updateWhere(
            coupons,
            and(eq('id', c.id), eq('status', COUPON_STATUS.unused)),
            { status: COUPON_STATUS.used, userId: user.id, redeemTime: nowStored() },
            { expect: 1 },
          );
          const result: Row = { code: c.code, type: c.type };
          if (c.type === COUPON_TYPE.tokens) {
            const { balanceUnits } = await moveTokens(core, t, {
              userId: user.id,
              balance: 'tokens',
              units: toUnits(c.tokens),
              kind: TOKEN_KIND.coupon,
              relateType: 'coupon',
              relateId: c.id,
            });
            Object.assign(result, { tokens: c.tokens, balance: fromUnits(balanceUnits) });
          } else {
            Object.assign(result, { days: c.days, vipEndTime: await extendVip(core, t, user.id, c.days ?? 0, null) });
          }
          return result;
        });
      },
    }),
  ];
});
