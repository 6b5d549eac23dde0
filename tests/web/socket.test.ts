import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRealtime, RealtimeError, type Realtime, type RealtimeStatus } from '../../web/src/app/socket';
import { startFakeChatServer, until, type FakeChatServer } from './chat-fake-server';

let server: FakeChatServer;
let rt: Realtime | null = null;
let token: string | null = null;

function open(extra: { ackTimeoutMs?: number } = {}): Realtime {
  rt = createRealtime({ url: server.url, getToken: () => token, getLanguage: () => 'zh-cn', ...extra });
  return rt;
}

beforeEach(async () => {
  server = await startFakeChatServer();
  server.tokens.set('good', 1);
  token = null;
});

afterEach(async () => {
  rt?.close();
  rt = null;
  await server.close();
});

describe('realtime socket', () => {
  it('connects when a token exists and disconnects when it goes', async () => {
    const r = open();
    const seen: RealtimeStatus[] = [];
    r.subscribe((s) => seen.push(s));
    r.tokenChanged();
    expect(r.status).toEqual({ state: 'offline', reason: 'noToken' });
    expect(server.handshakes).toHaveLength(0);

    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    expect(server.handshakes).toEqual([{ token: 'good', language: 'zh-cn' }]);
    expect(server.io.sockets.sockets.size).toBe(1);

    server.tokens.set('refreshed', 1);
    token = 'refreshed'; // a refresh while online keeps the connection
    r.tokenChanged();
    expect(r.status.state).toBe('online');
    expect(server.handshakes).toHaveLength(1);
    await until(() => server.auths.length === 1);

    token = null;
    r.tokenChanged();
    expect(r.status).toEqual({ state: 'offline', reason: 'noToken' });
    await until(() => server.io.sockets.sockets.size === 0);
    expect(seen.map((s) => s.state)).toEqual(['connecting', 'online', 'offline']);
  });

  it('stops retrying when the handshake is refused with 1001, and connects again with a new token', async () => {
    const r = open();
    token = 'bad';
    r.tokenChanged();
    await until(() => r.status.state === 'offline' && r.status.reason === 'refused');
    expect(r.status.message).toBe('Token invalid');
    await new Promise((res) => setTimeout(res, 1600)); // longer than the first reconnection delay
    expect(server.handshakes).toHaveLength(1);
    expect(r.status.reason).toBe('refused');

    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    expect(server.handshakes.map((h) => h.token)).toEqual(['bad', 'good']);
  });

  it('answers send with the stored message and rejects with the envelope message on a refusal', async () => {
    const r = open();
    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    const stored = await r.send({ toType: 1, toId: 7, content: 'hi', clientId: 'c1' });
    expect(stored).toMatchObject({ seq: 1, fromId: 1, clientId: 'c1', conversation: 'g:7' });

    server.sendFaults.push({ refuse: { code: 1001, message: 'Too fast', data: null } });
    const err = await r.send({ toType: 1, toId: 7, content: 'again', clientId: 'c2' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RealtimeError);
    expect(err).toMatchObject({ code: 1001, message: 'Too fast' });
    expect(server.messages).toHaveLength(1);
  });

  it('rejects on an ack timeout and at once while offline', async () => {
    const r = open({ ackTimeoutMs: 300 });
    await expect(r.send({ toType: 0, toId: 2, content: 'x', clientId: 'c0' })).rejects.toMatchObject({ code: 0, message: 'offline' });
    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    server.sendFaults.push('noAck');
    const started = Date.now();
    await expect(r.send({ toType: 0, toId: 2, content: 'x', clientId: 'c1' })).rejects.toMatchObject({ code: 0, message: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('hands each notice kind to its own handlers, until they unsubscribe', async () => {
    const r = open();
    const reads: unknown[] = [];
    const presences: unknown[] = [];
    const offRead = r.onNotice('read', (d) => reads.push(d));
    r.onNotice('presence', (d) => presences.push(d));
    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    server.notice(1, 'read', { toType: 1, toId: 7, userId: 1, seq: 3 });
    server.notice(1, 'presence', { userId: 2, online: true });
    await until(() => reads.length === 1 && presences.length === 1);
    expect(reads[0]).toEqual({ toType: 1, toId: 7, userId: 1, seq: 3 });
    offRead();
    server.notice(1, 'read', { toType: 1, toId: 7, userId: 1, seq: 4 });
    server.notice(1, 'presence', { userId: 2, online: false });
    await until(() => presences.length === 2);
    expect(reads).toHaveLength(1);
  });

  it('reconnects after a dropped connection and after a server disconnect, calling onReconnect each time', async () => {
    const r = open();
    let connections = 0;
    r.onReconnect(() => connections++);
    token = 'good';
    r.tokenChanged();
    await until(() => connections === 1);

    server.dropAll();
    await until(() => r.status.state === 'connecting');
    await until(() => connections === 2);
    expect(r.status.state).toBe('online');

    for (const s of server.io.sockets.sockets.values()) s.disconnect(true);
    await until(() => connections === 3);
    expect(server.handshakes).toHaveLength(3);

    // The session ended meanwhile: the next handshake is refused and retrying stops.
    server.tokens.delete('good');
    for (const s of server.io.sockets.sockets.values()) s.disconnect(true);
    await until(() => r.status.reason === 'refused');
    expect(connections).toBe(3);
  });

  it('hands a refreshed token to the connected socket once, and reconnects when the server refuses it', async () => {
    const r = open();
    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    server.tokens.set('refreshed', 1);
    token = 'refreshed';
    r.tokenChanged();
    await until(() => server.auths.length === 1);
    expect(server.auths).toEqual(['refreshed']);
    r.tokenChanged(); // the server holds it already: nothing is sent again
    const sent = await r.send({ toType: 1, toId: 7, content: 'still here', clientId: 'k1' });
    expect(sent.seq).toBe(1);
    expect(server.auths).toHaveLength(1);
    expect(server.handshakes).toHaveLength(1);

    token = 'stranger'; // refused by the server: the handshake decides, and refuses it too
    r.tokenChanged();
    await until(() => r.status.reason === 'refused');
    expect(server.auths).toEqual(['refreshed', 'stranger']);
    expect(server.handshakes.map((h) => h.token)).toEqual(['good', 'stranger']);
  });

  it('stops at the notice of an ended session and tells onSessionEnd which token it held', async () => {
    const r = open();
    const ends: unknown[] = [];
    r.onSessionEnd((e) => ends.push(e));
    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    server.endSessions(1, 'logout');
    await until(() => r.status.state === 'offline');
    expect(r.status.reason).toBe('ended');
    expect(ends).toEqual([{ reason: 'logout', token: 'good' }]);
    await new Promise((res) => setTimeout(res, 1600)); // longer than the first reconnection delay
    expect(server.handshakes).toHaveLength(1);
    r.tokenChanged(); // the same ended token: still no handshake
    expect(r.status.reason).toBe('ended');
    expect(server.handshakes).toHaveLength(1);

    server.tokens.set('next', 1); // a new session (e.g. a new password's pair) connects again
    token = 'next';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    expect(server.handshakes.map((h) => h.token)).toEqual(['good', 'next']);
  });

  it('connects again after an `expired` session notice, with the token it has then', async () => {
    const r = open();
    const ends: unknown[] = [];
    r.onSessionEnd((e) => ends.push(e));
    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    server.endSessions(1, 'expired');
    await until(() => server.handshakes.length === 2 && r.status.state === 'online');
    expect(ends).toEqual([]);
  });

  it('disconnects on pause until the next tokenChanged', async () => {
    const r = open();
    token = 'good';
    r.tokenChanged();
    await until(() => r.status.state === 'online');
    r.pause();
    expect(r.status).toEqual({ state: 'offline', reason: 'paused' });
    await until(() => server.io.sockets.sockets.size === 0);
    r.tokenChanged();
    await until(() => r.status.state === 'online');
  });
});
