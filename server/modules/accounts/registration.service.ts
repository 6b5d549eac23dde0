/**
 * Registration helpers: whether an e-mail or username is taken, and invite codes. Whether a new
 * member must name an inviter's code comes from the param `inviteRequired` (base/sys/param keyName;
 * data 1/true/on), else from INVITE_REQUIRED in the environment; off by default.
 */
import { hit, usernameKey } from '../../core/api';
import type { Core } from '../../core/api';
import { MAIL } from './email.messages';
import { mailAddress } from '../system/account.input';
import { paramByKey } from '../system/param.queries';
import { anyUserHolds, liveEmailTaken } from '../system/registration.queries';

const on = (v: unknown) =>
  ['1', 'true', 'on', 'yes'].includes(
    String(v ?? '')
      .trim()
      .toLowerCase(),
  );

export async function inviteRequired(core: Core): Promise<boolean> {
  const p = await paramByKey(core, 'inviteRequired');
  return p ? on(p.data) : on(core.config.env.INVITE_REQUIRED);
}

/**
 * Whether an account holds `email` (live accounts; as read by account.input.ts, trimmed as typed) or
 * else `username` (any spelling of its canonical form, any row, as usernames stay unique after a soft
 * delete). Limited per IP (EXIST_IP_LIMIT a minute, 30): it answers only a boolean, and not at a rate
 * that makes listing accounts cheap.
 */
export async function accountExists(core: Core, input: { email?: string; username?: string | null }, ip: string): Promise<boolean> {
  const limit = Number(core.config.env.EXIST_IP_LIMIT) || 30;
  await hit(core.cache, [{ key: `exist:ip:${ip}`, max: limit, windowSeconds: 60 }], MAIL.mail_exist_limit);
  if (input.email !== undefined) return liveEmailTaken(core, mailAddress(input.email), input.email);
  return anyUserHolds(core, 'usernameKey', usernameKey(input.username ?? ''));
}
