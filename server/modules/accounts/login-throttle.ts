/**
 * Password sign-in with brute-force throttling, in the cache store (shared by every instance with
 * Redis). An attempt is counted BEFORE its password is checked, atomically, so a burst cannot slip
 * past the limit while the checks run:
 * - per account from one address: past LOGIN_MAX_FAILURES, one attempt per delay, the delay
 *   doubling with each (429 with Retry-After). Only that address waits: the owner elsewhere signs in.
 * - per address over every account: past LOGIN_MAX_FAILURES_PER_IP, 429 until the window ends.
 * - per account over every address: past LOGIN_MAX_FAILURES_PER_ACCOUNT, each attempt needs a solved
 *   captcha, which slows many addresses guessing together without locking the owner out.
 * A success ends its account and address's count and gives back its share of the others; an attempt
 * refused or failed for any other reason than a wrong password gives its counts back.
 */
import { AppError, fail, usernameKey } from '../../core/api';
import type { Core, TokenPair } from '../../core/api';
import { LOGIN } from './login.messages';

function limits(core: Core) {
  const n = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
  return {
    perAccount: n(core.config.env.LOGIN_MAX_FAILURES, 10),
    perAddress: n(core.config.env.LOGIN_MAX_FAILURES_PER_IP, 50),
    accountWide: n(core.config.env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 100),
    window: n(core.config.env.LOGIN_FAILURE_WINDOW, 900),
    // The first wait past the limit; each attempt let through after it doubles it, up to the window.
    firstDelay: n(core.config.env.LOGIN_FAILURE_DELAY, 60),
  };
}

export interface LoginAttempt {
  username: string;
  password: string;
  ip: string;
  /** Whether the caller solved a captcha with this attempt (asked only once the account needs one). */
  captchaSolved: () => Promise<boolean>;
}

export async function loginThrottled(core: Core, a: LoginAttempt): Promise<TokenPair> {
  const { perAccount, perAddress, accountWide, window, firstDelay } = limits(core);
  // Every spelling of one account counts against it (and a name that cannot be one is refused first).
  const account = usernameKey(a.username);
  const pairKey = `rl:login:pair:${account}:${a.ip}`;
  const addressKey = `rl:login:ip:${a.ip}`;
  const accountKey = `rl:login:user:${account}`;

  const wait = await core.cache.throttle(pairKey, {
    max: perAccount,
    windowSeconds: window,
    baseDelayMs: firstDelay * 1000,
    maxDelayMs: Math.max(firstDelay, window) * 1000,
  });
  if (wait > 0) throw fail.tooMany(LOGIN.login_wait, { retryAfter: Math.ceil(wait / 1000) });
  const [fromAddress, onAccount] = await Promise.all([core.cache.incr(addressKey, window), core.cache.incr(accountKey, window)]);
  const giveBack = () => Promise.all([core.cache.decr(pairKey), core.cache.decr(addressKey), core.cache.decr(accountKey)]);
  try {
    if (fromAddress > perAddress) throw fail.tooMany('too_many_requests');
    if (onAccount > accountWide && !(await a.captchaSolved())) throw fail.bad(LOGIN.login_captcha_needed);
    const tokens = await core.auth.login(a.username, a.password);
    await Promise.all([core.cache.forget(pairKey), core.cache.decr(addressKey), core.cache.decr(accountKey)]);
    return tokens;
  } catch (e) {
    if (!(e instanceof AppError && e.key === 'login_failed')) await giveBack();
    throw e;
  }
}
