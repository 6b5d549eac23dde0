/**
 * A socket lives no longer than its session (issue 35, item 7): a logout ends the sockets of that
 * session, a new password or a disabled account every socket of the member, each told why first
 * (`notice {kind: 'session'}`) and then receiving nothing more; a socket handed a refreshed access
 * token (`auth`) outlives the token it connected with, and one that got none ends after the grace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { closeAll, connect, emitAck, notices, waitNotice, type Client } from '../helpers/sockets';
import { group, member, post, text, type Person } from './chat-world';

const kinds = await databaseKinds();

interface Pair {
  token: string;
  refreshToken: string;
}

async function signIn(t: TestApp, p: Person, password = 'Member-Pass-1'): Promise<Pair> {
  const res = await post(t, '/admin/base/open/login', { username: p.username, password });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
  return res.body.data as Pair;
}

/** The socket is told why its session ended, is disconnected, and a message sent to it afterwards does not arrive. */
async function ended(s: Client, reason: string): Promise<void> {
  await waitNotice(s, 'session', (d) => d.reason === reason);
  await expect.poll(() => s.connected).toBe(false);
}

describe.each(kinds)('socket sessions on %s', (kind) => {
  let t: TestApp;
  let sender: Person;
  const open: Client[] = [];
  const client = async (token: string) => {
    const s = await connect(token);
    open.push(s);
    return s;
  };
  /** Sends a private message from `sender` to `to` and one into `g`; resolves with their ids. */
  const send = async (to: Person, g: number) => {
    const dm = await post(t, '/admin/base/message/add', text(0, to.id, 'private'), sender.token);
    const gm = await post(t, '/admin/base/message/add', text(1, g, 'group'), sender.token);
    expect([dm.body.code, gm.body.code]).toEqual([1000, 1000]);
    return [dm.body.data.id, gm.body.data.id] as number[];
  };
  const got = (s: Client, ids: number[]) => notices(s, 'message').filter((n) => ids.includes(n.data.id)).length;

  beforeAll(async () => {
    t = await startApp(kind);
    sender = await member(t);
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  it('ends the sockets of a session at its logout, and another session of the member keeps receiving', async () => {
    const p = await member(t);
    const g = await group(t, sender, [p]);
    const other = await signIn(t, p);
    const [s, kept] = [await client(p.token), await client(other.token)];
    expect((await post(t, '/admin/base/comm/logout', {}, p.token)).body.code).toBe(1000);
    await ended(s, 'logout');
    const ids = await send(p, g);
    for (const id of ids) await waitNotice(kept, 'message', (m) => m.id === id);
    expect(got(s, ids)).toBe(0);
    expect(notices(kept, 'session')).toEqual([]);
  });

  it('ends every socket of the member when the password changes', async () => {
    const p = await member(t);
    const g = await group(t, sender, [p]);
    const other = await signIn(t, p);
    const sockets = [await client(p.token), await client(other.token)];
    const res = await post(t, '/admin/base/comm/personUpdate', { password: 'Member-Pass-2', originalPassword: 'Member-Pass-1' }, p.token);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    for (const s of sockets) await ended(s, 'password');
    // The new session's socket receives; the ended ones nothing.
    const fresh = await client(res.body.data.token);
    const ids = await send(p, g);
    for (const id of ids) await waitNotice(fresh, 'message', (m) => m.id === id);
    for (const s of sockets) expect(got(s, ids)).toBe(0);
  });

  it('ends every socket of the member when an administrator disables the account', async () => {
    const p = await member(t);
    const g = await group(t, sender, [p]);
    const other = await signIn(t, p);
    const sockets = [await client(p.token), await client(other.token)];
    const watcher = await client(sender.token);
    expect((await post(t, '/admin/base/sys/user/update', { id: p.id, status: 0 }, t.adminToken)).body.code).toBe(1000);
    for (const s of sockets) await ended(s, 'disabled');
    const gm = await post(t, '/admin/base/message/add', text(1, g, 'group'), sender.token);
    await waitNotice(watcher, 'message', (m) => m.id === gm.body.data.id);
    for (const s of sockets) expect(got(s, [gm.body.data.id])).toBe(0);
  });

  it('ends the sockets of a session whose refresh token was used twice', async () => {
    const p = await member(t);
    const pair = await signIn(t, p);
    const s = await client(pair.token);
    const refresh = () => t.http().get('/admin/base/open/refreshToken').query({ refreshToken: pair.refreshToken });
    expect((await refresh()).body.code).toBe(1000);
    expect((await refresh()).status).toBe(401);
    await ended(s, 'revoked');
  });

  it('refuses an `auth` token of another user or no token, and keeps the socket', async () => {
    const p = await member(t);
    const s = await client(p.token);
    expect((await emitAck(s, 'auth', { token: sender.token })).code).toBe(1001);
    expect((await emitAck(s, 'auth', {})).code).toBe(1002);
    expect((await emitAck(s, 'auth', { token: 'not-a-token' })).code).toBe(1001);
    expect((await emitAck(s, 'sendMessage', text(0, sender.id, 'still me'))).code).toBe(1000);
  });
});

describe.each(kinds)('socket tokens past their expiry on %s', (kind) => {
  const TTL = 6;
  let t: TestApp;
  const open: Client[] = [];

  beforeAll(async () => {
    t = await startApp(kind, { accessTtl: TTL, env: { ...process.env, SOCKET_TOKEN_GRACE: '1' } });
  });
  afterAll(async () => {
    await closeAll(...open);
    await t?.close();
  });

  it('keeps a socket handed the refreshed access token, and ends one that got none after the grace', async () => {
    const [sender, p] = [await member(t), await member(t)];
    const first = await signIn(t, p);
    const started = Math.floor(Date.now() / 1000);
    const [renewed, stale] = [await connect(first.token), await connect(first.token)];
    open.push(renewed, stale);
    // The refreshed token must expire well after the first one: refresh at least 3 s of the clock later.
    while (Math.floor(Date.now() / 1000) < started + 3) await new Promise((r) => setTimeout(r, 100));
    const res = await t.http().get('/admin/base/open/refreshToken').query({ refreshToken: first.refreshToken });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    const ack = await emitAck(renewed, 'auth', { token: res.body.data.token });
    expect(ack).toMatchObject({ code: 1000, data: { expire: expect.any(Number) } });

    // The first token's expiry and grace have passed once the stale socket is told so.
    await waitNotice(stale, 'session', (d) => d.reason === 'expired', (TTL + 10) * 1000);
    await expect.poll(() => stale.connected).toBe(false);
    expect(renewed.connected).toBe(true);
    const sent = await emitAck(renewed, 'sendMessage', text(0, sender.id, 'still here'));
    expect(sent.code).toBe(1000);
    // The sender's first token has expired too: a fresh sign-in.
    const dm = await post(t, '/admin/base/message/add', text(0, p.id, 'to you'), (await signIn(t, sender)).token);
    await waitNotice(renewed, 'message', (m) => m.id === dm.body.data.id);
    expect(notices(stale, 'message').some((m) => m.data.id === dm.body.data.id)).toBe(false);
  });
});
