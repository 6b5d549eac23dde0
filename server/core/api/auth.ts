/** Public API of the core, accounts: callers, tokens, captchas, passwords, usernames and sealed secrets. */
export type {
  /** The signed-in caller of a request (an AuthUser with its permissions). */
  Caller,
  /** An access token and its refresh token. */
  TokenPair,
} from '../auth/auth.service';

export {
  /** A new personal API key: the secret shown once, its SHA-256 and the prefix kept to recognise it. */
  newApiKey,
  /** The permission key a route answers to (its own, or `module:entity:action` from its path), as a key's scope reads it. */
  routeKey,
  /** Whether the API key a caller signed in with (if any) lets a route through. */
  keyAllowsRoute,
} from '../auth/api-keys';

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

export {
  /**
   * Seals a secret (a provider's API key) for storing, with the installation's secrets key, which is
   * never in the database (docs/decisions/sealed-secrets.md). Fields declared `sealed: true` are
   * sealed by the operations already; this is for values kept elsewhere.
   * @example
   * ```ts
   * const stored = sealSecret(core, apiKey); // 'sealed:v1:…'
   * ```
   */
  sealSecret,
  /**
   * The plain text of a sealed value (a value without the `sealed:v1:` prefix as it is); a 503
   * `secret_unreadable` when it was sealed with another key. Read the sealed field by naming it.
   * @example
   * ```ts
   * const [row] = await t.system.find('base/auth', eq('id', authId), { fields: ['secret'] });
   * const apiKey = row.secret ? openSecret(core, row.secret) : null;
   * ```
   */
  openSecret,
} from '../secrets/seal-api';
