/**
 * Google and Discord sign-in (OAuth 2 authorization-code flow) over their real HTTP wire formats,
 * with Node's fetch. Endpoints and credentials come from configuration (AppConfig.env), so tests
 * point them at a local fake provider on 127.0.0.1.
 *
 * Settings (defaults are the real providers):
 * - GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL
 * - DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_AUTH_URL, DISCORD_TOKEN_URL, DISCORD_API_URL,
 *   DISCORD_CDN_URL (avatar pictures)
 * - OAUTH_TIMEOUT_MS: how long a provider call may take (default 10000)
 *
 * @example
 * const google = oauthProviders(core.config.env).google; // null when no client id is configured
 * const url = google!.authorizeUrl(state, 'https://app.example/login');
 * const tokens = await google!.exchangeCode(code, 'https://app.example/login');
 * const me = await google!.userInfo(tokens.accessToken); // { id, email, emailVerified, name, avatar }
 */

export type OAuthProviderName = 'google' | 'discord';
export const OAUTH_PROVIDERS: readonly OAuthProviderName[] = ['google', 'discord'];

/** What a token endpoint answered. */
export interface OAuthTokens {
  accessToken: string;
  tokenType: string;
  expiresIn: number | null;
  scope: string | null;
  refreshToken: string | null;
  /** Google's OpenID Connect id_token, when present. */
  idToken: string | null;
}

/** The provider's account, in one shape for every provider. */
export interface OAuthProfile {
  /** The provider's stable account id (Google `sub`, Discord `id`). */
  id: string;
  email: string | null;
  /** Whether the provider vouches that the e-mail belongs to this account. */
  emailVerified: boolean;
  /** Display name. */
  name: string | null;
  /** A short handle to seed a username (Discord username, Google e-mail local part). */
  handle: string | null;
  /** Picture URL. */
  avatar: string | null;
}

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  /** Where to send the browser to ask the user's consent. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Trades an authorization code for tokens; the redirectUri must be the one of authorizeUrl. */
  exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens>;
  /** Reads the signed-in account with the access token. */
  userInfo(accessToken: string): Promise<OAuthProfile>;
}

/**
 * Why a provider call failed: `invalid_grant` (the code is wrong, used or expired: the user's
 * problem), `rejected` (the provider refused our request: client id, secret or redirect URI are
 * misconfigured, or it answered something we cannot read) or `unavailable` (network, timeout, 5xx).
 */
export class OAuthError extends Error {
  constructor(
    readonly provider: OAuthProviderName,
    readonly reason: 'invalid_grant' | 'rejected' | 'unavailable',
    /** The provider's error code (`invalid_client`, `redirect_uri_mismatch`, `http_503`...). */
    readonly providerError: string,
  ) {
    super(`${provider} ${reason}: ${providerError}`);
  }
}

interface ClientSettings {
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

type Json = Record<string, unknown>;

async function callProvider(provider: OAuthProviderName, url: string, init: RequestInit, timeoutMs: number): Promise<Json> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const name = (e as Error).name;
    throw new OAuthError(provider, 'unavailable', name === 'TimeoutError' ? 'timeout' : 'network');
  }
  const text = await res.text().catch(() => '');
  let body: Json | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Json;
  } catch {
    body = null;
  }
  if (res.status >= 500) throw new OAuthError(provider, 'unavailable', `http_${res.status}`);
  if (!res.ok) {
    const code = typeof body?.error === 'string' ? body.error : `http_${res.status}`;
    throw new OAuthError(provider, code === 'invalid_grant' ? 'invalid_grant' : 'rejected', code.slice(0, 60));
  }
  if (!body) throw new OAuthError(provider, 'rejected', 'unreadable_answer');
  return body;
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  };
}

function readTokens(provider: OAuthProviderName, b: Json): OAuthTokens {
  if (typeof b.access_token !== 'string' || !b.access_token) throw new OAuthError(provider, 'rejected', 'no_access_token');
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    accessToken: b.access_token,
    tokenType: str(b.token_type) ?? 'Bearer',
    expiresIn: typeof b.expires_in === 'number' ? b.expires_in : null,
    scope: str(b.scope),
    refreshToken: str(b.refresh_token),
    idToken: str(b.id_token),
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function idOf(provider: OAuthProviderName, v: unknown): string {
  const id = typeof v === 'number' ? String(v) : text(v);
  if (!id) throw new OAuthError(provider, 'rejected', 'no_account_id');
  return id;
}

export class GoogleOAuth implements OAuthProvider {
  readonly name = 'google' as const;
  constructor(
    private readonly s: ClientSettings,
    private readonly urls: { auth: string; token: string; userinfo: string },
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const u = new URL(this.urls.auth);
    u.search = new URLSearchParams({
      client_id: this.s.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      access_type: 'online',
      include_granted_scopes: 'true',
      prompt: 'select_account',
    }).toString();
    return u.toString();
  }

  async exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens> {
    const b = await callProvider(
      this.name,
      this.urls.token,
      form({
        grant_type: 'authorization_code',
        code,
        client_id: this.s.clientId,
        client_secret: this.s.clientSecret,
        redirect_uri: redirectUri,
      }),
      this.s.timeoutMs,
    );
    return readTokens(this.name, b);
  }

  async userInfo(accessToken: string): Promise<OAuthProfile> {
    const b = await callProvider(
      this.name,
      this.urls.userinfo,
      {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      },
      this.s.timeoutMs,
    );
    const email = text(b.email);
    return {
      id: idOf(this.name, b.sub),
      email,
      // Google sends a boolean; some older endpoints sent the string "true".
      emailVerified: !!email && (b.email_verified === true || b.email_verified === 'true'),
      name: text(b.name),
      handle: email ? email.split('@')[0] : text(b.given_name),
      avatar: text(b.picture),
    };
  }
}

export class DiscordOAuth implements OAuthProvider {
  readonly name = 'discord' as const;
  constructor(
    private readonly s: ClientSettings,
    private readonly urls: { auth: string; token: string; api: string; cdn: string },
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const u = new URL(this.urls.auth);
    u.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.s.clientId,
      scope: 'identify email',
      state,
      redirect_uri: redirectUri,
      prompt: 'none',
    }).toString();
    return u.toString();
  }

  async exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens> {
    const b = await callProvider(
      this.name,
      this.urls.token,
      form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.s.clientId,
        client_secret: this.s.clientSecret,
      }),
      this.s.timeoutMs,
    );
    return readTokens(this.name, b);
  }

  async userInfo(accessToken: string): Promise<OAuthProfile> {
    const b = await callProvider(
      this.name,
      `${this.urls.api.replace(/\/+$/, '')}/users/@me`,
      {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      },
      this.s.timeoutMs,
    );
    const id = idOf(this.name, b.id);
    const email = text(b.email);
    const hash = text(b.avatar);
    return {
      id,
      email,
      // `verified` is Discord's flag for a confirmed e-mail address.
      emailVerified: !!email && b.verified === true,
      name: text(b.global_name) ?? text(b.username),
      handle: text(b.username),
      avatar: hash && /^[a-zA-Z0-9_]+$/.test(hash) ? `${this.urls.cdn.replace(/\/+$/, '')}/avatars/${encodeURIComponent(id)}/${hash}.png` : null,
    };
  }
}

/** The configured providers; a provider without a client id and secret is null (not offered). */
export function oauthProviders(env: Record<string, string | undefined>): Record<OAuthProviderName, OAuthProvider | null> {
  const timeoutMs = Number(env.OAUTH_TIMEOUT_MS) > 0 ? Number(env.OAUTH_TIMEOUT_MS) : 10_000;
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? new GoogleOAuth(
          { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, timeoutMs },
          {
            auth: env.GOOGLE_AUTH_URL || 'https://accounts.google.com/o/oauth2/v2/auth',
            token: env.GOOGLE_TOKEN_URL || 'https://oauth2.googleapis.com/token',
            userinfo: env.GOOGLE_USERINFO_URL || 'https://openidconnect.googleapis.com/v1/userinfo',
          },
        )
      : null;
  const discord =
    env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET
      ? new DiscordOAuth(
          { clientId: env.DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET, timeoutMs },
          {
            auth: env.DISCORD_AUTH_URL || 'https://discord.com/oauth2/authorize',
            token: env.DISCORD_TOKEN_URL || 'https://discord.com/api/oauth2/token',
            api: env.DISCORD_API_URL || 'https://discord.com/api/v10',
            cdn: env.DISCORD_CDN_URL || 'https://cdn.discordapp.com',
          },
        )
      : null;
  return { google, discord };
}
