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
import type { Core } from '../../../core/core';
import type { Row } from '../../../core/entity/define';
import { l } from '../../../core/entity/define';
import { SYSTEM } from '../../../core/entity/access';
import { call, defineRoutes } from '../../../core/modules';
import { fail } from '../../../core/http/errors';
import { hit } from '../../../core/http/rate-limit';
import { Fields } from '../../../core/http/fields';
import { and, eq } from '../../../core/crud/condition';
import { nowStored, toStoredDate } from '../../../core/crud/values';
import { fromUnits, toUnits } from '../pay/money';
import { extendVip } from '../../goods/order/effects';
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
  const coupons = core.model.byKey.get('base/coupon')!;
  return [
    call(core, 'base', 'coupon', 'generate', {
      method: 'POST',
      summary: l('Generate redemption codes', '生成兑换码', '產生兌換碼'),
      async handler(req) {
        const f = Fields.of(req.body, ['count', 'type', 'days', 'tokens', 'expireTime', 'memo']);
        const count = f.has('count') ? f.int('count', { min: 1, max: 1000 }) : f.bad('count', 'required');
        const type = f.has('type') ? f.int('type', { min: 1, max: 2 }) : f.bad('type', 'required');
        const days = f.int('days', { min: 1, max: 3650 });
        const tokens = f.num('tokens', { min: 0.0001, max: 1e9 });
        const expire = f.str('expireTime', 40);
        const memo = f.str('memo', 255);
        if (type === COUPON_TYPE.days && days === undefined && !f.errors.some((e) => e.field === 'days')) f.bad('days', 'required');
        if (type === COUPON_TYPE.tokens && tokens === undefined && !f.errors.some((e) => e.field === 'tokens')) f.bad('tokens', 'required');
        const expireTime = expire ? toStoredDate(expire) : null;
        if (expire && !expireTime) f.bad('expireTime', 'format', { format: 'date-time' });
        f.done();
        const rows: Row[] = Array.from({ length: count! }, () => ({
          code: newCode(), type, days: type === COUPON_TYPE.days ? days : null, tokens: type === COUPON_TYPE.tokens ? fromUnits(toUnits(tokens)) : null,
          status: COUPON_STATUS.unused, expireTime: expireTime ? new Date(`${expireTime.replace(' ', 'T')}Z`).toISOString() : null, memo: memo ?? null,
        }));
        await core.ops.transaction(SYSTEM, (t) => t.add(coupons, rows));
        return { count: rows.length, codes: rows.map((r) => r.code) };
      },
    }),
    call(core, 'base', 'coupon', 'use', {
      method: 'POST',
      member: true,
      summary: l('Redeem a code', '使用兑换码', '使用兌換碼'),
      async handler(req) {
        const f = Fields.of(req.body, ['code']);
        const code = f.str('code', 64, true);
        f.done();
        const user = req.user!;
        await hit(core.cache, [
          { key: `coupon:use:user:${user.id}`, max: 10, windowSeconds: 60 },
          { key: `coupon:use:ip:${req.ctx.ip}`, max: 30, windowSeconds: 60 },
        ], LEDGER.coupon_too_many_tries);
        const normalized = code!.trim().toUpperCase().replace(/[\s-]/g, '');
        return core.ops.transaction(SYSTEM, async (t) => {
          const [c] = await t.lock(coupons, eq('code', normalized));
          if (!c) throw fail.notFound(LEDGER.coupon_not_found);
          if (Number(c.status) === COUPON_STATUS.used) throw fail.conflict(LEDGER.coupon_used);
          if (Number(c.status) === COUPON_STATUS.disabled) throw fail.conflict(LEDGER.coupon_disabled);
          if (c.expireTime && Date.parse(String(c.expireTime)) <= Date.now()) throw fail.conflict(LEDGER.coupon_expired);
          await t.updateWhere(coupons, and(eq('id', Number(c.id)), eq('status', COUPON_STATUS.unused)), { status: COUPON_STATUS.used, userId: user.id, redeemTime: nowStored() }, { expect: 1 });
          const result: Row = { code: c.code, type: c.type };
          if (Number(c.type) === COUPON_TYPE.tokens) {
            const { balanceUnits } = await moveTokens(core, t, { userId: user.id, balance: 'tokens', units: toUnits(c.tokens), kind: TOKEN_KIND.coupon, relateType: 'coupon', relateId: Number(c.id) });
            Object.assign(result, { tokens: c.tokens, balance: fromUnits(balanceUnits) });
          } else {
            Object.assign(result, { days: c.days, vipEndTime: await extendVip(core, t, user.id, Number(c.days ?? 0), null) });
          }
          return result;
        });
      },
    }),
  ];
});
