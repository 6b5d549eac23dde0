/**
 * Google and Discord sign-in calls (all public, rate-limited per IP address):
 *
 * - `POST open/oauth1 {provider: 'google'|'discord', flow?: 'web'|'callback'}`
 *   -> `{url, state, flow, redirectUri}`. Opens a sign-in: the browser goes to `url`. The state is
 *   single use and lasts 10 minutes. Flow `web` (Google's default) returns to `{base}/login?code&state`;
 *   `callback` (Discord's default; Discord only) returns to sys/user/discordOauthCallback. Also sets
 *   the HttpOnly cookie that binds a callback sign-in to this browser.
 * - `POST sys/user/googleLogin {code, state}`, `POST sys/user/discordLogin {code, state}` (web flow)
 *   -> `{token, expire, refreshToken, refreshExpire, incomplete, created}`: trades the code, reads the
 *   account, finds the member by googleId/discordId, links one with the same verified e-mail, or
 *   creates one. `incomplete` is true until the additional-info step set the nickName.
 * - `GET|POST sys/user/discordOauthCallback ?code&state` (or `error`): where Discord sends the browser
 *   in the callback flow. Redirects (no envelope) to `{base}/login?oauth=discord&ticket=…` or
 *   `{base}/login?oauth=discord&error={key}&message={text}`. Never puts a token in a URL.
 * - `POST open/oauth2 {ticket}` -> the same as googleLogin: trades the callback's one-time ticket
 *   (2 minutes, same browser) for tokens.
 *
 * Refusals: bad or used state or ticket 400, wrong or expired code 400, disabled account 403, e-mail
 * already linked to another provider account 409, too many attempts 429, provider refused or down 502.
 */
import { l, call, defineRoutes, AppError, fail, hit, t, objectBody, oneOf, STR, obj } from '../../core/api';
import type { Core, ApiRequest, Route } from '../../core/api';
import { OAUTH_PROVIDERS, oauthProviders, type OAuthProvider, type OAuthProviderName } from '../../adapters/oauth.adapter';
import {
  BINDING_COOKIE,
  displayName,
  issueTicket,
  memberFor,
  oauthSettings,
  profileFromCode,
  redeemTicket,
  sameNonce,
  signInAs,
  startSignIn,
  takeState,
  type OAuthFlow,
} from './oauth.service';
import { headerLanguage } from '../system/member-language';
import { token } from '../system/account.input';
import { OAUTH_SIGN_IN } from './account.answers';

/** What Discord's redirect carries (query of a GET, form or JSON body of a POST); other parameters are dropped. */
const CALLBACK = {
  type: 'object',
  properties: { code: { type: 'string', maxLength: 2048 }, state: { type: 'string' }, error: { type: 'string' }, error_description: { type: 'string' } },
  additionalProperties: true,
};

/** The binding cookie sent by the browser (read by hand: koa's reader expects signed cookies when keys are set). */
function bindingCookie(req: ApiRequest): string | undefined {
  for (const part of (req.ctx.get('cookie') || '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === BINDING_COOKIE) return part.slice(i + 1).trim() || undefined;
  }
  return undefined;
}

export default defineRoutes((core: Core): Route[] => {
  const providers = oauthProviders(core.config.env);
  const s = oauthSettings(core);
  const limit = (req: ApiRequest, step: 'start' | 'finish') =>
    hit(core.cache, [{ key: `oauth:${step}:${req.ctx.ip}`, max: s.ratePerMinute, windowSeconds: 60 }]);
  const providerOf = (name: OAuthProviderName): OAuthProvider => {
    const p = providers[name];
    if (!p) throw fail.bad('oauth_provider_off', { provider: displayName(name) });
    return p;
  };
  const cookie = (value: string, maxAge: number) =>
    `${BINDING_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${s.secureCookie ? '; Secure' : ''}`;

  const login =
    (provider: OAuthProviderName) =>
    async (req: ApiRequest, { code, state }: { code: string; state: string }) => {
      await limit(req, 'finish');
      const p = providerOf(provider);
      const rec = await takeState(core, state, provider, 'web');
      const member = await memberFor(core, provider, await profileFromCode(p, code, rec.redirectUri), headerLanguage(req) ?? rec.language);
      return signInAs(core, member.id, member.created);
    };

  /** The Discord redirect: signs in, then sends the browser to the web app with a ticket or an error. */
  const callback = async (req: ApiRequest) => {
    const b = req.ctx.method === 'POST' ? objectBody(req.body, true) : {};
    const arg = (n: string) => (typeof b[n] === 'string' ? (b[n] as string) : req.query[n]);
    const to = new URL(`${s.base}/login`);
    to.searchParams.set('oauth', 'discord');
    try {
      await limit(req, 'finish');
      const p = providerOf('discord');
      const rec = await takeState(core, arg('state'), 'discord', 'callback');
      if (!sameNonce(rec.nonce, bindingCookie(req))) throw fail.bad('oauth_state_invalid');
      // The user cancelled on Discord's consent screen (error=access_denied) or Discord refused.
      if (arg('error')) throw fail.bad('oauth_denied', { provider: 'Discord' });
      const code = arg('code');
      if (!code || code.length > 2048) throw fail.bad('oauth_code_invalid', { provider: 'Discord' });
      const member = await memberFor(core, 'discord', await profileFromCode(p, code, rec.redirectUri), rec.language);
      to.searchParams.set('ticket', await issueTicket(core, { userId: member.id, created: member.created, nonce: rec.nonce }));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      to.searchParams.set('error', e.key);
      to.searchParams.set('message', t(req.lang, e.key, e.params));
    }
    req.ctx.set('Cache-Control', 'no-store');
    req.ctx.set('Referrer-Policy', 'no-referrer');
    req.ctx.status = req.ctx.method === 'POST' ? 303 : 302;
    req.ctx.redirect(to.toString());
  };

  const callbackSpec = (method: 'GET' | 'POST') =>
    call(core, 'base', 'sys/user', 'discordOauthCallback', {
      method,
      access: 'public',
      raw: true,
      summary: l('Discord sign-in return (redirects to the web app)', 'Discord 登录回调（重定向到网页）', 'Discord 登入回呼（重新導向至網頁）'),
      // Discord's redirect, read by the operation itself: a bad or missing field is a redirect to the
      // web app with the error, never a 1002 page, and the other parameters Discord adds are dropped.
      input: {},
      body: CALLBACK,
      effect: 'write',
      answer: { type: 'null', description: 'A redirect (302, or 303 after a POST) to {base}/login with a ticket or an error' },
      handler: (req) => callback(req),
    });

  return [
    call(core, 'base', 'open', 'oauth1', {
      method: 'POST',
      access: 'public',
      summary: l('Start a Google or Discord sign-in', '发起 Google 或 Discord 登录', '發起 Google 或 Discord 登入'),
      input: { provider: oneOf(OAUTH_PROVIDERS), flow: oneOf(['web', 'callback'] as const).optional() },
      // The state is kept in the cache (and bound to the browser by a cookie), no table changes.
      effect: 'read',
      answer: obj({ url: STR, state: STR, flow: { enum: ['web', 'callback'] }, redirectUri: STR }),
      handler: async (req, { provider, flow: asked }) => {
        await limit(req, 'start');
        const flow: OAuthFlow = asked ?? (provider === 'discord' ? 'callback' : 'web');
        if (flow === 'callback' && provider !== 'discord') throw fail.bad('oauth_flow_unsupported', { provider: displayName(provider), flow });
        const started = await startSignIn(core, providerOf(provider), flow, s, headerLanguage(req));
        req.ctx.append('Set-Cookie', cookie(started.nonce, 600));
        return { url: started.url, state: started.state, flow: started.flow, redirectUri: started.redirectUri };
      },
    }),
    call(core, 'base', 'open', 'oauth2', {
      method: 'POST',
      access: 'public',
      summary: l('Finish a Discord sign-in with its ticket', '用凭据完成 Discord 登录', '以憑證完成 Discord 登入'),
      input: { ticket: token() },
      effect: 'write',
      answer: OAUTH_SIGN_IN,
      handler: async (req, { ticket }) => {
        await limit(req, 'finish');
        const rec = await redeemTicket(core, ticket, bindingCookie(req));
        const tokens = await signInAs(core, rec.userId, rec.created);
        req.ctx.append('Set-Cookie', cookie('', 0));
        return tokens;
      },
    }),
    call(core, 'base', 'sys/user', 'googleLogin', {
      method: 'POST',
      access: 'public',
      summary: l('Sign in with Google', 'Google 登录', 'Google 登入'),
      input: { code: token(), state: token() },
      effect: 'write',
      answer: OAUTH_SIGN_IN,
      handler: login('google'),
    }),
    call(core, 'base', 'sys/user', 'discordLogin', {
      method: 'POST',
      access: 'public',
      summary: l('Sign in with Discord', 'Discord 登录', 'Discord 登入'),
      input: { code: token(), state: token() },
      effect: 'write',
      answer: OAUTH_SIGN_IN,
      handler: login('discord'),
    }),
    callbackSpec('GET'),
    callbackSpec('POST'),
  ];
});
