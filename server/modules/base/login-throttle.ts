/**
 * Password sign-in with brute-force throttling: failures are counted per account and per address
 * in the cache store (shared by every instance with Redis); past the limit every attempt, right or
 * wrong, is refused with 429 until the window ends. A success clears the account's count.
 */
import type { Core } from '../../core/core';
import type { TokenPair } from '../../core/auth/auth.service';
import { AppError, fail } from '../../core/http/errors';
import { usernameKey } from '../../core/auth/username';

function limits(core: Core) {
  const n = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
  return {
    perAccount: n(core.config.env.LOGIN_MAX_FAILURES, 10),
    perAddress: n(core.config.env.LOGIN_MAX_FAILURES_PER_IP, 50),
    window: n(core.config.env.LOGIN_FAILURE_WINDOW, 900),
  };
}

export async function loginThrottled(core: Core, username: string, password: string, ip: string): Promise<TokenPair> {
  const { perAccount, perAddress, window } = limits(core);
  // Every spelling of one account counts against it (and a name that cannot be one is refused first).
  const accountKey = `rl:login:user:${usernameKey(username)}`;
  const addressKey = `rl:login:ip:${ip}`;
  const [a, b] = await core.cache.mget([accountKey, addressKey]);
  if (Number(a ?? 0) >= perAccount || Number(b ?? 0) >= perAddress) throw fail.tooMany('too_many_requests');
  try {
    const tokens = await core.auth.login(username, password);
    await core.cache.del(accountKey);
    return tokens;
  } catch (e) {
    if (e instanceof AppError && e.key === 'login_failed') {
      await core.cache.incr(accountKey, window);
      await core.cache.incr(addressKey, window);
    }
    throw e;
  }
}
