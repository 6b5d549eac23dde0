/**
 * Google and Discord sign-in end to end, on every database kind, against a local fake provider that
 * speaks the real token and user-info formats: first sign-in creates the member, the next finds it;
 * e-mail linking; single-use states and tickets; refused codes and provider failures; disabled
 * accounts; the Discord callback redirect carries a ticket, never a token; per-IP rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { FakeOAuthProvider, type DiscordAccount, type GoogleAccount } from '../helpers/fake-oauth-provider';

const kinds = await databaseKinds();
const BASE = 'http://app.test';
const CALLBACK = '/api/admin/base/sys/user/discordOauthCallback';

let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

function googleAccount(over: Partial<GoogleAccount> = {}): GoogleAccount {
  const id = uniq();
  return {
    sub: `1${id}`,
    email: `g${id}@gmail.test`,
    email_verified: true,
    name: `Grace ${id}`,
    picture: `https://lh3.googleusercontent.test/a/${id}=s96-c`,
    ...over,
  };
}

function discordAccount(over: Partial<DiscordAccount> = {}): DiscordAccount {
  const id = uniq();
  return {
    id: `9${Date.now()}${n}`,
    username: `dora${id}`,
    global_name: `Dora ${id}`,
    email: `d${id}@discord.test`,
    verified: true,
    avatar: `a1b2c3${n}`,
    ...over,
  };
}

describe.each(kinds)('Google and Discord sign-in on %s', (kind) => {
  let app: TestApp;
  let fake: FakeOAuthProvider;

  beforeAll(async () => {
    fake = await new FakeOAuthProvider().start();
    app = await startApp(kind, { env: { ...process.env, ...fake.env(), OAUTH_REDIRECT_BASE: BASE, OAUTH_RATE_LIMIT: '60' } });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });

  const post = (path: string, body: unknown, cookie?: string) => {
    const r = app
      .http()
      .post(path)
      .send(body as object);
    return cookie ? r.set('Cookie', cookie) : r;
  };

  /** open/oauth1, then the consent page: the code and state the browser comes back with. */
  async function consent(provider: 'google' | 'discord', flow?: 'web' | 'callback') {
    const start = await post('/admin/base/open/oauth1', { provider, ...(flow ? { flow } : {}) });
    expect(start.status).toBe(200);
    const cookie = (start.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('cosmac_oauth='))!.split(';')[0];
    const back = await fake.consent(start.body.data.url);
    return { back, start: start.body.data, cookie, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  async function googleLogin(account: GoogleAccount) {
    fake.next.google = account;
    const { code, state } = await consent('google');
    return post('/admin/base/sys/user/googleLogin', { code, state });
  }

  /** The Discord callback flow as a browser runs it; returns the redirect after the callback. */
  async function discordCallback(account: DiscordAccount, opts: { sendCookie?: boolean } = {}) {
    fake.next.discord = account;
    const c = await consent('discord');
    expect(c.back.origin + c.back.pathname).toBe(BASE + CALLBACK);
    const r = app.http().get(c.back.pathname + c.back.search);
    const res = await (opts.sendCookie === false ? r : r.set('Cookie', c.cookie));
    expect(res.status).toBe(302);
    return { location: new URL(res.headers.location as string), cookie: c.cookie };
  }

  async function person(token: string) {
    const res = await app.http().get('/admin/base/comm/person').set('Authorization', token);
    expect(res.body.code).toBe(1000);
    return res.body.data as Record<string, unknown>;
  }

  it('opens a Google sign-in with a consent URL of the configured provider, our client id and the web redirect', async () => {
    const res = await post('/admin/base/open/oauth1', { provider: 'google' });
    expect(res.body.code).toBe(1000);
    const url = new URL(res.body.data.url);
    expect(url.origin + url.pathname).toBe(`${fake.url}/google/o/oauth2/v2/auth`);
    expect(url.searchParams.get('client_id')).toBe(fake.clients.google.id);
    expect(url.searchParams.get('redirect_uri')).toBe(`${BASE}/login`);
    expect(url.searchParams.get('state')).toBe(res.body.data.state);
    expect(res.body.data.state.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses an unknown provider with a validation error naming the field', async () => {
    const res = await post('/admin/base/open/oauth1', { provider: 'myspace' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1002);
    expect(res.body.data[0].field).toBe('provider');
  });

  it('creates a member with the googleId on the first Google sign-in and finds the same member on the next', async () => {
    const account = googleAccount();
    const before = fake.tokenRequests.length;
    const first = await googleLogin(account);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: true, incomplete: true });
    expect(typeof first.body.data.token).toBe('string');
    expect(typeof first.body.data.refreshToken).toBe('string');
    // The token endpoint got a form-encoded authorization_code grant with our credentials and redirect.
    const tr = fake.tokenRequests[before];
    expect(tr.contentType).toContain('application/x-www-form-urlencoded');
    expect(tr.form).toMatchObject({
      grant_type: 'authorization_code',
      client_id: fake.clients.google.id,
      client_secret: fake.clients.google.secret,
      redirect_uri: `${BASE}/login`,
    });
    const me = await person(first.body.data.token);
    expect(me).toMatchObject({ googleId: account.sub, email: account.email, headImg: account.picture, name: account.name });
    expect(me.nickName ?? null).toBeNull();

    const second = await googleLogin(account);
    expect(second.status).toBe(200);
    expect(second.body.data.created).toBe(false);
    expect((await person(second.body.data.token)).id).toBe(me.id);
    const rows = await app.core.db.query(`SELECT ${app.core.db.q('id')} FROM ${app.core.db.q('base_sys_user')} WHERE ${app.core.db.q('googleId')} = ?`, [
      account.sub,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('creates a member with the discordId through the Discord callback and ticket, and finds it on the next sign-in', async () => {
    const account = discordAccount();
    const first = await discordCallback(account);
    expect(first.location.origin + first.location.pathname).toBe(`${BASE}/login`);
    expect([...first.location.searchParams.keys()].sort()).toEqual(['oauth', 'ticket']);
    expect(first.location.searchParams.get('oauth')).toBe('discord');
    const ticket = first.location.searchParams.get('ticket')!;
    const res = await post('/admin/base/open/oauth2', { ticket }, first.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: true, incomplete: true });
    // The redirect carried a ticket, not the token it was traded for.
    expect(first.location.toString()).not.toContain(res.body.data.token);
    expect(first.location.toString()).not.toContain(res.body.data.refreshToken);
    expect(first.location.toString()).not.toMatch(/eyJ/);
    const me = await person(res.body.data.token);
    expect(me).toMatchObject({
      discordId: account.id,
      email: account.email,
      name: account.global_name,
      headImg: `https://cdn.discordapp.com/avatars/${account.id}/${account.avatar}.png`,
    });
    expect(fake.tokenRequests.at(-1)!.form.redirect_uri).toBe(BASE + CALLBACK);

    const again = await post('/admin/base/open/oauth2', { ticket }, first.cookie);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/ticket/i);

    const second = await discordCallback(account);
    const res2 = await post('/admin/base/open/oauth2', { ticket: second.location.searchParams.get('ticket') }, second.cookie);
    expect(res2.body.data.created).toBe(false);
    expect((await person(res2.body.data.token)).id).toBe(me.id);
  });

  it("keeps the language of a first sign-in on the new member: googleLogin's header, and for the Discord callback the header of oauth1", async () => {
    fake.next.google = googleAccount();
    const g = await consent('google');
    const google = await post('/admin/base/sys/user/googleLogin', { code: g.code, state: g.state }).set('language', 'zh-tw');
    expect((await person(google.body.data.token)).language).toBe('zh-tw');

    const account = discordAccount();
    fake.next.discord = account;
    const start = await post('/admin/base/open/oauth1', { provider: 'discord' }).set('language', 'zh-cn');
    const cookie = (start.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('cosmac_oauth='))!.split(';')[0];
    const back = await fake.consent(start.body.data.url);
    // The provider sends the browser back without our header.
    const cb = await app
      .http()
      .get(back.pathname + back.search)
      .set('Cookie', cookie);
    const ticket = new URL(cb.headers.location as string).searchParams.get('ticket');
    const discord = await post('/admin/base/open/oauth2', { ticket }, cookie);
    expect((await person(discord.body.data.token)).language).toBe('zh-cn');
  });

  it('signs in with Discord through discordLogin in the web flow', async () => {
    const account = discordAccount();
    fake.next.discord = account;
    const { code, state, back } = await consent('discord', 'web');
    expect(back.origin + back.pathname).toBe(`${BASE}/login`);
    const res = await post('/admin/base/sys/user/discordLogin', { code, state });
    expect(res.status).toBe(200);
    expect((await person(res.body.data.token)).discordId).toBe(account.id);
  });

  it('refuses a state that was already used, even with a fresh code', async () => {
    fake.next.google = googleAccount();
    const c = await consent('google');
    const secondCode = (await fake.consent(c.start.url)).searchParams.get('code')!;
    expect((await post('/admin/base/sys/user/googleLogin', { code: c.code, state: c.state })).status).toBe(200);
    const reuse = await post('/admin/base/sys/user/googleLogin', { code: secondCode, state: c.state });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: 1001, data: null });
    expect(reuse.body.message).toMatch(/expired or was already used/);
  });

  it('refuses a state made for another provider or an unknown state', async () => {
    fake.next.discord = discordAccount();
    const d = await consent('discord', 'web');
    expect((await post('/admin/base/sys/user/googleLogin', { code: d.code, state: d.state })).status).toBe(400);
    expect((await post('/admin/base/sys/user/googleLogin', { code: 'x', state: 'A'.repeat(32) })).status).toBe(400);
  });

  it('answers a clear 400 when the provider refuses the code as invalid_grant', async () => {
    fake.next.google = googleAccount();
    const { state } = await consent('google');
    const before = fake.tokenRequests.length;
    const res = await post('/admin/base/sys/user/googleLogin', { code: '4/0Awrong-code', state });
    expect(fake.tokenRequests[before]).toMatchObject({ status: 400, form: { code: '4/0Awrong-code' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, data: null });
    expect(res.body.message).toBe('The Google authorization code is invalid or has expired; please sign in again');
  });

  it('answers 502 with a clear message when the provider is down or refuses our client', async () => {
    fake.next.google = googleAccount();
    fake.outage = true;
    try {
      const down = await googleLogin(fake.next.google);
      expect(down.status).toBe(502);
      expect(down.body).toMatchObject({ code: 1001, message: 'Google could not be reached; please try again later' });
    } finally {
      fake.outage = false;
    }
    const secret = fake.clients.discord.secret;
    fake.clients.discord.secret = 'rotated-at-the-provider';
    try {
      fake.next.discord = discordAccount();
      const { code, state } = await consent('discord', 'web');
      const refused = await post('/admin/base/sys/user/discordLogin', { code, state });
      expect(refused.status).toBe(502);
      expect(refused.body.message).toContain('invalid_client');
      expect(refused.text).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      fake.clients.discord.secret = secret;
    }
  });

  it('links an existing account with the same verified e-mail instead of creating one', async () => {
    const email = `linked${uniq()}@example.test`;
    const add = await app
      .http()
      .post('/admin/base/sys/user/add')
      .set('Authorization', app.adminToken)
      .send({ username: `linked${uniq()}`, password: 'Some-Pass-123', email, nickName: 'Linda' });
    expect(add.body.code).toBe(1000);
    const res = await googleLogin(googleAccount({ email: email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: false, incomplete: false });
    const me = await person(res.body.data.token);
    expect(me.id).toBe(add.body.data.id);
    expect(me.googleId).toBeTruthy();
  });

  it('does not link by an e-mail the provider has not verified, and does not store it', async () => {
    const email = `unverified${uniq()}@example.test`;
    const add = await app
      .http()
      .post('/admin/base/sys/user/add')
      .set('Authorization', app.adminToken)
      .send({ username: `owner${uniq()}`, password: 'Some-Pass-123', email });
    const { location, cookie } = await discordCallback(discordAccount({ email, verified: false }));
    const res = await post('/admin/base/open/oauth2', { ticket: location.searchParams.get('ticket') }, cookie);
    expect(res.body.data.created).toBe(true);
    const me = await person(res.body.data.token);
    expect(me.id).not.toBe(add.body.data.id);
    expect(me.email ?? null).toBeNull();
  });

  it('refuses a disabled member, by Google and by the Discord callback', async () => {
    const g = googleAccount();
    const first = await googleLogin(g);
    const id = (await person(first.body.data.token)).id;
    const off = await app.http().post('/admin/base/sys/user/update').set('Authorization', app.adminToken).send({ id, status: 0 });
    expect(off.body.code).toBe(1000);
    const res = await googleLogin(g);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This account is disabled');

    const d = discordAccount();
    const made = await discordCallback(d);
    const tokens = await post('/admin/base/open/oauth2', { ticket: made.location.searchParams.get('ticket') }, made.cookie);
    const did = (await person(tokens.body.data.token)).id;
    await app.http().post('/admin/base/sys/user/update').set('Authorization', app.adminToken).send({ id: did, status: 0 });
    const { location } = await discordCallback(d);
    expect(location.searchParams.get('ticket')).toBeNull();
    expect(location.searchParams.get('error')).toBe('account_disabled');
  });

  it('refuses a callback from a browser that did not start the sign-in, and a ticket without its cookie', async () => {
    const foreign = await discordCallback(discordAccount(), { sendCookie: false });
    expect(foreign.location.searchParams.get('error')).toBe('oauth_state_invalid');
    expect(foreign.location.searchParams.get('ticket')).toBeNull();

    const ok = await discordCallback(discordAccount());
    const noCookie = await post('/admin/base/open/oauth2', { ticket: ok.location.searchParams.get('ticket') });
    expect(noCookie.status).toBe(400);
  });

  it('sends the browser back with oauth_denied when the user cancels on the consent page', async () => {
    fake.deny = true;
    try {
      const c = await consent('discord');
      const res = await app
        .http()
        .get(c.back.pathname + c.back.search)
        .set('Cookie', c.cookie);
      const location = new URL(res.headers.location as string);
      expect(location.searchParams.get('error')).toBe('oauth_denied');
      expect(location.searchParams.get('message')).toBe('The Discord sign-in was cancelled');
    } finally {
      fake.deny = false;
    }
  });

  // Last: it uses up this IP address's allowance.
  it('rate-limits starting sign-ins per IP address with 429', async () => {
    let last = 0;
    let calls = 0;
    while (calls < 100) {
      calls++;
      const res = await post('/admin/base/open/oauth1', { provider: 'google' });
      last = res.status;
      if (res.status === 429) {
        expect(res.body.message).toBe('Too many requests, please try again later');
        break;
      }
    }
    expect(last).toBe(429);
    expect(calls).toBeLessThanOrEqual(61);
  });
});
