/** Public API of the core, accounts: callers, tokens, captchas, passwords and usernames. */
export type {
  /** The signed-in caller of a request (an AuthUser with its permissions). */
  Caller,
  /** An access token and its refresh token. */
  TokenPair,
} from '../auth/auth.service';

export {
  /** True when a captcha answer matches; the captcha is spent either way. */
  checkCaptcha,
  /** A new captcha (id and image). */
  createCaptcha,
} from '../auth/captcha';

export {
  /** Whether a password matches its stored hash. */
  verifyPassword,
} from '../auth/password';

export {
  /** The stored columns of a username; 1002 when it cannot be one. */
  usernameColumns,
  /** The key a username is looked up by. */
  usernameKey,
} from '../auth/username';

export {
  /** The label of the member role. */
  MEMBER_ROLE_LABEL,
} from '../seed';
