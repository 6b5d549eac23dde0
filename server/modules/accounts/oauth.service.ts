/**
 * Google and Discord sign-in, the part after the provider: single-use states, the account behind a
 * provider id (found, linked by a verified e-mail, or created), tokens, and one-time tickets.
 *
 * Two flows. `web`: the provider sends the browser back to the web app (`{base}/login?code&state`),
 * which checks the state it kept and posts `{code, state}` to googleLogin/discordLogin. `callback`
 * (Discord): the provider sends the browser to sys/user/discordOauthCallback, which signs in and
 * redirects to `{base}/login?oauth=discord&ticket=…`; the web app trades the ticket for tokens with
 * open/oauth2. The callback flow binds state and ticket to a cookie set by open/oauth1, so a code or
 * ticket carried to another browser is refused (no sign-in forgery, no leaked-URL replay).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fail, SYSTEM } from '../../core/api';
import type { Core, Lang } from '../../core/api';
import { OAuthError, type OAuthProfile, type OAuthProvider, type OAuthProviderName } from '../../adapters/oauth.adapter';
import { createMember } from '../system/member.service';
import './oauth.messages';
import { userByEmail, userByProviderId, type ProviderColumn } from './oauth.queries';
import { signInState } from './account.queries';

export type OAuthFlow = 'web' | 'callback';

const STATE_TTL = 600;
const TICKET_TTL = 120;
export const BINDING_COOKIE = 'cosmac_oauth';
export const CALLBACK_PATH = '/api/admin/base/sys/user/discordOauthCallback';
const DISPLAY: Record<OAuthProviderName, string> = { google: 'Google', discord: 'Discord' };
const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

export const displayName = (p: OAuthProviderName): string => DISPLAY[p];

export interface OAuthSettings {
  /** The public origin of the site, e.g. `https://cosmac.example` (OAUTH_REDIRECT_BASE). */
  base: string;
  /** Sign-ins per minute and IP address, for starting and for finishing (OAUTH_RATE_LIMIT). */
  ratePerMinute: number;
  secureCookie: boolean;
}

export function oauthSettings(core: Core): OAuthSettings {
  const env = core.config.env;
  const base = (env.OAUTH_REDIRECT_BASE || `http://localhost:${core.config.port}`).replace(/\/+$/, '');
  const rate = Number(env.OAUTH_RATE_LIMIT);
  return { base, ratePerMinute: Number.isInteger(rate) && rate > 0 ? rate : 30, secureCookie: base.startsWith('https:') };
}

export function redirectUriFor(s: OAuthSettings, flow: OAuthFlow): string {
  return flow === 'callback' ? `${s.base}${CALLBACK_PATH}` : `${s.base}/login`;
}

interface StateRecord {
  provider: OAuthProviderName;
  flow: OAuthFlow;
  redirectUri: string;
  nonce: string;
  /** The language the sign-in started in (its `language` header), for a member it creates. */
  language?: Lang;
}

const newToken = () => randomBytes(24).toString('base64url');

/** Whether a cookie value is the expected nonce, in constant time. */
export function sameNonce(expected: string, got: string | undefined): boolean {
  if (!got) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(got);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Opens a sign-in: a single-use state (10 minutes) and the provider's consent URL. */
export async function startSignIn(core: Core, p: OAuthProvider, flow: OAuthFlow, s: OAuthSettings, language?: Lang) {
  const state = newToken();
  const nonce = newToken();
  const redirectUri = redirectUriFor(s, flow);
  const rec: StateRecord = { provider: p.name, flow, redirectUri, nonce, ...(language ? { language } : {}) };
  await core.cache.set(`oauth:state:${state}`, JSON.stringify(rec), STATE_TTL);
  return { url: p.authorizeUrl(state, redirectUri), state, flow, redirectUri, nonce };
}

/** Uses up a state; refuses (400) one that is unknown, expired, used, or of another provider or flow. */
export async function takeState(core: Core, state: unknown, provider: OAuthProviderName, flow: OAuthFlow): Promise<StateRecord> {
  if (typeof state !== 'string' || !TOKEN_RE.test(state)) throw fail.bad('oauth_state_invalid');
  const raw = await core.cache.take(`oauth:state:${state}`);
  const rec = raw ? (JSON.parse(raw) as StateRecord) : null;
  if (!rec || rec.provider !== provider || rec.flow !== flow) throw fail.bad('oauth_state_invalid');
  return rec;
}

/** The provider's account behind a code; provider failures become clear 400/502 answers. */
export async function profileFromCode(p: OAuthProvider, code: string, redirectUri: string): Promise<OAuthProfile> {
  try {
    const tokens = await p.exchangeCode(code, redirectUri);
    return await p.userInfo(tokens.accessToken);
  } catch (e) {
    if (!(e instanceof OAuthError)) throw e;
    const provider = displayName(p.name);
    if (e.reason === 'invalid_grant') throw fail.bad('oauth_code_invalid', { provider });
    if (e.reason === 'rejected') throw fail.badGateway('oauth_provider_rejected', { provider, error: e.providerError });
    throw fail.badGateway('oauth_provider_unavailable', { provider });
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const fit = (v: string | null, max = 255): string | undefined => (v && v.length <= max ? v : undefined);

/**
 * The member of a provider account: found by googleId/discordId; else an existing account with the
 * same verified e-mail gets the provider id; else a new member (no nickName yet: profile incomplete).
 * A disabled account is refused (403). A new member keeps `language` (the browser's, when the web sent it).
 */
export async function memberFor(
  core: Core,
  provider: OAuthProviderName,
  profile: OAuthProfile,
  language?: Lang,
): Promise<{ id: number; created: boolean; linked: boolean }> {
  const col: ProviderColumn = provider === 'google' ? 'googleId' : 'discordId';
  const users = core.model.system('users');
  const lockKey = `oauth:lock:${provider}:${profile.id}`;
  // Two first sign-ins of one account at once must not create two members.
  if ((await core.cache.incr(lockKey, 30)) > 1) throw fail.conflict('oauth_busy');
  try {
    const byId = await userByProviderId(core, col, profile.id);
    if (byId) {
      if (byId.status !== 1) throw fail.forbidden('account_disabled');
      return { id: byId.id, created: false, linked: false };
    }
    const email = profile.emailVerified && profile.email && EMAIL_RE.test(profile.email) ? fit(profile.email.toLowerCase()) : undefined;
    if (email) {
      const byEmail = await userByEmail(core, col, email);
      if (byEmail) {
        if (byEmail.linked) throw fail.conflict('oauth_email_linked', { provider: displayName(provider) });
        if (byEmail.status !== 1) throw fail.forbidden('account_disabled');
        await core.ops.update(users, { id: byEmail.id, [col]: profile.id }, SYSTEM);
        return { id: byEmail.id, created: false, linked: true };
      }
    }
    const id = await createMember(
      core,
      {
        [col]: profile.id,
        ...(email ? { email } : {}),
        ...(fit(profile.avatar) ? { headImg: fit(profile.avatar) } : {}),
        ...(fit(profile.name) ? { name: fit(profile.name) } : {}),
        ...(language ? { language } : {}),
      },
      profile.handle ?? provider,
    );
    return { id, created: true, linked: false };
  } finally {
    await core.cache.del(lockKey);
  }
}

/** A token pair for a member, refusing a disabled or deleted one; `incomplete` until the nickName is set. */
export async function signInAs(core: Core, userId: number, created: boolean) {
  const u = await signInState(core, userId);
  if (!u) throw fail.unauthorized('oauth_ticket_invalid');
  if (u.status !== 1) throw fail.forbidden('account_disabled');
  const pair = await core.auth.issue({ id: userId, passwordV: u.passwordV });
  return { ...pair, incomplete: !u.nickName, created };
}

interface TicketRecord {
  userId: number;
  created: boolean;
  nonce: string;
}

/** A one-time ticket (2 minutes) that the browser that started the sign-in trades for tokens. */
export async function issueTicket(core: Core, rec: TicketRecord): Promise<string> {
  const ticket = newToken();
  await core.cache.set(`oauth:ticket:${ticket}`, JSON.stringify(rec), TICKET_TTL);
  return ticket;
}

/** Uses up a ticket; it must come with the cookie of the browser that started the sign-in. */
export async function redeemTicket(core: Core, ticket: unknown, cookieNonce: string | undefined): Promise<TicketRecord> {
  if (typeof ticket !== 'string' || !TOKEN_RE.test(ticket)) throw fail.bad('oauth_ticket_invalid');
  const raw = await core.cache.take(`oauth:ticket:${ticket}`);
  const rec = raw ? (JSON.parse(raw) as TicketRecord) : null;
  if (!rec || !sameNonce(rec.nonce, cookieNonce)) throw fail.bad('oauth_ticket_invalid');
  return rec;
}
