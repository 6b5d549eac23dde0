/**
 * One-time e-mail codes for signing in (purpose `login`, also used to register) and for resetting a
 * password (purpose `reset`).
 *
 * - A code is 6 digits, mailed in the caller's language. Only an HMAC of it is kept, in the cache
 *   store (Redis when configured), under a hash of the address: no code or address sits there in
 *   clear. A new code replaces the previous one of the same address and purpose.
 * - It lives MAIL_CODE_TTL seconds (600), is good once, and dies after MAIL_CODE_TRIES (5) wrong tries.
 * - `check(..., consume = false)` (verifyCode) only checks; a wrong try still counts. Consuming
 *   (loginByEmail, resetPassword) takes the code out atomically, so two requests cannot both use it.
 * - Sending is limited per address (one per MAIL_SEND_INTERVAL seconds, 60; MAIL_DAILY_MAX a day, 10)
 *   and per IP (MAIL_IP_HOURLY an hour, 20); checking per IP (MAIL_CHECK_IP_LIMIT per 10 minutes,
 *   30). Over a limit: 429 with a message saying which.
 * - A reset code goes only to an address that has an account; for any other the call counts its
 *   limits and sends nothing, so the answer does not tell whether the account exists.
 * - Without an SMTP server (no SMTP_HOST) every send is a 503 saying that mail is not configured.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { fail, hit, reset, t, type Lang } from '../../core/api';
import type { Core } from '../../core/api';
import { createMailAdapter, MailNotConfigured, type MailAdapter } from '../../adapters/mail.adapter';
import { MAIL } from './email.messages';
import type { CodePurpose } from '../system/account.input';

/** A 1002 answer for one field. */
export function invalidField(field: string, rule: string, params: Record<string, string | number> = {}): Error {
  return fail.invalid([{ field, rule, params }]);
}

interface Settings {
  ttl: number;
  tries: number;
  interval: number;
  daily: number;
  ipHourly: number;
  checkIpLimit: number;
}

function settings(env: Record<string, string | undefined>): Settings {
  const n = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : d);
  return {
    ttl: Math.max(1, n(env.MAIL_CODE_TTL, 600)),
    tries: Math.max(1, n(env.MAIL_CODE_TRIES, 5)),
    interval: n(env.MAIL_SEND_INTERVAL, 60),
    daily: n(env.MAIL_DAILY_MAX, 10),
    ipHourly: n(env.MAIL_IP_HOURLY, 20),
    checkIpLimit: n(env.MAIL_CHECK_IP_LIMIT, 30),
  };
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export class EmailCodes {
  private readonly s: Settings;
  private readonly key: Buffer;

  constructor(
    private readonly core: Core,
    private readonly mail: MailAdapter,
  ) {
    this.s = settings(core.config.env);
    // The same key on every instance of the database (core/auth/signing-keys.ts).
    this.key = core.secrets.derive('mail-code');
  }

  private digest(purpose: CodePurpose, email: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${email}:${code}`).digest('hex');
  }

  private keys(purpose: CodePurpose, email: string) {
    const a = sha(email);
    return { code: `mail:code:${purpose}:${a}`, tries: `mail:tries:${purpose}:${a}`, address: a };
  }

  /** Counts a code request against the address and IP limits (429 past one). */
  private async countSend(email: string, ip: string): Promise<void> {
    const a = sha(email);
    const c = this.core.cache;
    if (this.s.interval > 0) await hit(c, [{ key: `mail:send:gap:${a}`, max: 1, windowSeconds: this.s.interval }], MAIL.mail_send_too_soon);
    await hit(c, [{ key: `mail:send:day:${a}`, max: this.s.daily, windowSeconds: 86_400 }], MAIL.mail_send_daily_limit);
    await hit(c, [{ key: `mail:send:ip:${ip}`, max: this.s.ipHourly, windowSeconds: 3600 }], MAIL.mail_send_ip_limit);
  }

  /** Counts a code check against the IP limit (429 past it). */
  async countCheck(ip: string): Promise<void> {
    await hit(this.core.cache, [{ key: `mail:check:ip:${ip}`, max: this.s.checkIpLimit, windowSeconds: 600 }], MAIL.mail_check_ip_limit);
  }

  /**
   * Mails a new code for `purpose` to `email`, unless `deliver` is false (an unknown address asking
   * for a reset): then only the limits are counted.
   */
  async send(email: string, purpose: CodePurpose, lang: Lang, ip: string, deliver = true): Promise<void> {
    // Before anything else, and whether or not the address has an account, so that the answer
    // still does not tell which addresses have one.
    if (!this.mail.configured) throw fail.unavailable(MAIL.mail_not_configured);
    await this.countSend(email, ip);
    if (!deliver) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const k = this.keys(purpose, email);
    await this.core.cache.set(k.code, this.digest(purpose, email, code), this.s.ttl);
    await this.core.cache.del(k.tries);
    const minutes = Math.ceil(this.s.ttl / 60);
    try {
      await this.mail.send({
        to: email,
        subject: t(lang, purpose === 'login' ? MAIL.mail_subject_login : MAIL.mail_subject_reset),
        text: t(lang, purpose === 'login' ? MAIL.mail_text_login : MAIL.mail_text_reset, { code, minutes }),
      });
    } catch (err) {
      // A code nobody received must not stay usable; asking again at once is fine.
      await this.core.cache.del(k.code);
      await reset(this.core.cache, `mail:send:gap:${k.address}`);
      // A refusing or unreachable SMTP server is an upstream failure (502) the caller may retry.
      if (err instanceof MailNotConfigured) throw fail.unavailable(MAIL.mail_not_configured);
      throw fail.badGateway(MAIL.mail_send_failed);
    }
  }

  /**
   * Checks a code (400 when wrong, expired, used or out of tries); with `consume` it is used up.
   * Callers count the check with countCheck first.
   */
  async check(email: string, purpose: CodePurpose, code: unknown, consume: boolean): Promise<void> {
    if (typeof code !== 'string' && typeof code !== 'number') throw invalidField('code', 'required');
    const given = String(code).trim();
    if (!/^\d{6}$/.test(given)) throw invalidField('code', 'format', { format: '6 digits' });
    const k = this.keys(purpose, email);
    const stored = await this.core.cache.get(k.code);
    if (!stored) throw fail.bad(MAIL.mail_code_expired);
    const digest = this.digest(purpose, email, given);
    const right = stored.length === digest.length && timingSafeEqual(Buffer.from(digest), Buffer.from(stored));
    if (!right) {
      const wrong = await this.core.cache.incr(k.tries, this.s.ttl);
      if (wrong >= this.s.tries) {
        await this.core.cache.del(k.code, k.tries);
        throw fail.bad(MAIL.mail_code_exhausted);
      }
      throw fail.bad(MAIL.mail_code_wrong, { left: this.s.tries - wrong });
    }
    if (!consume) return;
    // Only the request that takes it out uses the code; a concurrent one finds it gone.
    if ((await this.core.cache.take(k.code)) !== stored) throw fail.bad(MAIL.mail_code_expired);
    await this.core.cache.del(k.tries);
  }
}

const byCore = new WeakMap<Core, EmailCodes>();

/** The code service of a running core (one mail adapter per core, from its configuration). */
export function emailCodes(core: Core): EmailCodes {
  let s = byCore.get(core);
  if (!s) byCore.set(core, (s = new EmailCodes(core, createMailAdapter(core.config.env))));
  return s;
}
