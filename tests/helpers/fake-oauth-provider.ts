/**
 * A local stand-in for Google's and Discord's OAuth 2 servers on 127.0.0.1 (random port), speaking
 * their wire formats: the consent page redirects with `code` and `state`; the token endpoints take
 * form-encoded `grant_type=authorization_code` requests and check client id, client secret, code and
 * redirect_uri (answering `400 {error:'invalid_grant'}` or `401 {error:'invalid_client'}` as the real
 * ones do); the user endpoints take a Bearer access token. Codes are single use.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
}

export interface DiscordAccount {
  id: string;
  username: string;
  global_name: string | null;
  email: string | null;
  verified: boolean;
  avatar: string | null;
}

type Provider = 'google' | 'discord';

interface Grant {
  provider: Provider;
  clientId: string;
  redirectUri: string;
  account: GoogleAccount | DiscordAccount;
}

export interface TokenRequest {
  provider: Provider;
  contentType: string;
  form: Record<string, string>;
  status: number;
}

const rand = (n = 16) => randomBytes(n).toString('base64url');

export class FakeOAuthProvider {
  readonly clients = {
    google: { id: 'google-client-123.apps.googleusercontent.com', secret: 'google-secret-abc' },
    discord: { id: '1100000000000000001', secret: 'discord-secret-xyz' },
  };
  /** The account that consents on the next visit of a consent page. */
  next: { google?: GoogleAccount; discord?: DiscordAccount } = {};
  /** The user presses "Cancel" on the consent page. */
  deny = false;
  /** The token endpoints answer 503, as during an outage. */
  outage = false;
  readonly tokenRequests: TokenRequest[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => this.json(res, 500, { error: String(e) }));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The settings that point the application at this fake. */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clients.google.id,
      GOOGLE_CLIENT_SECRET: this.clients.google.secret,
      GOOGLE_AUTH_URL: `${this.url}/google/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${this.url}/google/token`,
      GOOGLE_USERINFO_URL: `${this.url}/google/v1/userinfo`,
      DISCORD_CLIENT_ID: this.clients.discord.id,
      DISCORD_CLIENT_SECRET: this.clients.discord.secret,
      DISCORD_AUTH_URL: `${this.url}/discord/oauth2/authorize`,
      DISCORD_TOKEN_URL: `${this.url}/discord/api/oauth2/token`,
      DISCORD_API_URL: `${this.url}/discord/api/v10`,
    };
  }

  /** Visits a consent URL as the browser does and returns where the provider sends it back to. */
  async consent(authorizeUrl: string): Promise<URL> {
    const res = await fetch(authorizeUrl, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`consent page answered ${res.status}: ${await res.text()}`);
    return new URL(location);
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  private async readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', this.url);
    const route = `${req.method} ${u.pathname}`;
    if (route === 'GET /google/o/oauth2/v2/auth') return this.authorize('google', u, res);
    if (route === 'GET /discord/oauth2/authorize') return this.authorize('discord', u, res);
    if (route === 'POST /google/token') return this.token('google', req, res);
    if (route === 'POST /discord/api/oauth2/token') return this.token('discord', req, res);
    if (route === 'GET /google/v1/userinfo') return this.me('google', req, res);
    if (route === 'GET /discord/api/v10/users/@me') return this.me('discord', req, res);
    this.json(res, 404, { error: 'not_found' });
  }

  private authorize(provider: Provider, u: URL, res: ServerResponse): void {
    const p = u.searchParams;
    const redirectUri = p.get('redirect_uri') ?? '';
    const scopes = (p.get('scope') ?? '').split(' ');
    const wanted = provider === 'google' ? ['openid', 'email', 'profile'] : ['identify', 'email'];
    if (
      p.get('client_id') !== this.clients[provider].id ||
      p.get('response_type') !== 'code' ||
      !redirectUri ||
      !p.get('state') ||
      !wanted.every((s) => scopes.includes(s))
    ) {
      return this.json(res, 400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    if (this.deny) back.searchParams.set('error', 'access_denied');
    else {
      const account = this.next[provider];
      if (!account) return this.json(res, 500, { error: `no ${provider} account set to consent` });
      const code = provider === 'google' ? `4/0A${rand()}` : rand(15);
      this.codes.set(code, { provider, clientId: this.clients[provider].id, redirectUri, account });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', p.get('state')!);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private async token(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const contentType = req.headers['content-type'] ?? '';
    const form = Object.fromEntries(new URLSearchParams(await this.readBody(req)));
    const answer = (status: number, body: unknown) => {
      this.tokenRequests.push({ provider, contentType, form, status });
      this.json(res, status, body);
    };
    if (this.outage) {
      this.tokenRequests.push({ provider, contentType, form, status: 503 });
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (!contentType.startsWith('application/x-www-form-urlencoded')) return answer(400, { error: 'invalid_request' });
    let { client_id: clientId, client_secret: secret } = form;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) [clientId, secret] = Buffer.from(basic[1], 'base64').toString().split(':');
    const client = this.clients[provider];
    if (clientId !== client.id || secret !== client.secret) {
      return answer(401, provider === 'google' ? { error: 'invalid_client', error_description: 'Unauthorized' } : { error: 'invalid_client' });
    }
    if (form.grant_type !== 'authorization_code') return answer(400, { error: 'unsupported_grant_type' });
    const grant = this.codes.get(form.code ?? '');
    if (!grant || grant.provider !== provider || grant.redirectUri !== form.redirect_uri) {
      return answer(
        400,
        provider === 'google'
          ? { error: 'invalid_grant', error_description: 'Bad Request' }
          : { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
      );
    }
    this.codes.delete(form.code);
    const accessToken = provider === 'google' ? `ya29.${rand(24)}` : rand(22);
    this.tokens.set(accessToken, grant);
    if (provider === 'google') {
      return answer(200, {
        access_token: accessToken,
        expires_in: 3599,
        scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
        token_type: 'Bearer',
        id_token: `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: (grant.account as GoogleAccount).sub })).toString('base64url')}.sig`,
      });
    }
    return answer(200, { token_type: 'Bearer', access_token: accessToken, expires_in: 604800, refresh_token: rand(22), scope: 'identify email' });
  }

  private me(provider: Provider, req: IncomingMessage, res: ServerResponse): void {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const grant = m ? this.tokens.get(m[1]) : undefined;
    if (!grant || grant.provider !== provider) {
      return this.json(
        res,
        401,
        provider === 'google' ? { error: 'invalid_request', error_description: 'Invalid Credentials' } : { message: '401: Unauthorized', code: 0 },
      );
    }
    if (provider === 'google') {
      const a = grant.account as GoogleAccount;
      const [given, ...family] = a.name.split(' ');
      return this.json(res, 200, {
        sub: a.sub,
        name: a.name,
        given_name: given,
        family_name: family.join(' '),
        picture: a.picture,
        email: a.email,
        email_verified: a.email_verified,
      });
    }
    const a = grant.account as DiscordAccount;
    this.json(res, 200, {
      id: a.id,
      username: a.username,
      avatar: a.avatar,
      discriminator: '0',
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      global_name: a.global_name,
      avatar_decoration_data: null,
      banner_color: null,
      mfa_enabled: false,
      locale: 'en-US',
      premium_type: 0,
      email: a.email,
      verified: a.verified,
    });
  }
}
