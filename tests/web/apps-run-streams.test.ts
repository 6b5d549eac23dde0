/**
 * The run-stream store on a real socket.io connection (the chat's fake server speaking the wire
 * contract): deltas accumulate by run and index, out of order and repeated ones included, and the
 * stored final message replaces the live answer. Clock-dependent rules use a hand-driven realtime.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRealtime, type ChatMessage, type Realtime, type RealtimeStatus } from '../../web/src/app/socket';
import { createRunStreams, FINISHED_KEPT, STALE_MS, type RunStreams } from '../../web/src/workspace/apps/run-streams';
import { startFakeChatServer, until, type FakeChatServer } from './chat-fake-server';

const ME = 1;
const delta = (runId: number, index: number, text: string, conversation = 'g:7') => ({ runId, conversation, index, text });
const answer = (runId: number, content: unknown = 'stored answer', conversation = 'g:7'): ChatMessage => ({
  id: 100 + runId,
  fromId: ME,
  toType: 1,
  toId: 7,
  type: 21,
  relateId: runId,
  appId: 3,
  content,
  conversation,
  seq: 10 + runId,
});

describe('run streams over the socket', () => {
  let server: FakeChatServer;
  let rt: Realtime;
  let streams: RunStreams;
  let token: string | null = 'me';

  beforeEach(async () => {
    server = await startFakeChatServer();
    server.tokens.set('me', ME);
    token = 'me';
    rt = createRealtime({ url: server.url, getToken: () => token, getLanguage: () => 'en', ackTimeoutMs: 300 });
    streams = createRunStreams(rt);
    rt.tokenChanged();
    await until(() => rt.status.state === 'online');
  });

  afterEach(async () => {
    streams.dispose();
    rt.close();
    await server.close();
  });

  it('shows an AI member thinking from the start notice, then its pieces under its id', async () => {
    server.notice(ME, 'delta', { runId: 8, conversation: 'g:7', fromId: 42, start: true });
    await until(() => streams.stream(8) !== null);
    expect(streams.stream(8)).toMatchObject({ runId: 8, conversation: 'g:7', fromId: 42, text: '', pieces: 0 });
    expect(streams.inConversation('g:7').map((r) => r.runId)).toEqual([8]);
    server.notice(ME, 'delta', { ...delta(8, 0, 'Hi'), fromId: 42 });
    await until(() => streams.stream(8)?.text === 'Hi');
    expect(streams.stream(8)).toMatchObject({ fromId: 42, pieces: 1, startsLate: false });
    server.notice(ME, 'message', { ...answer(8), fromId: 42 });
    await until(() => streams.stream(8) === null);
    // A late start notice does not bring an ended run back.
    server.notice(ME, 'delta', { runId: 8, conversation: 'g:7', fromId: 42, start: true });
    server.notice(ME, 'delta', delta(9, 0, 'next'));
    await until(() => streams.stream(9) !== null);
    expect(streams.stream(8)).toBeNull();
  });

  it('builds each run’s answer from its deltas, runs and conversations apart', async () => {
    server.notice(ME, 'delta', delta(5, 0, 'Hello'));
    server.notice(ME, 'delta', delta(6, 0, 'Other', 'p:1:2'));
    server.notice(ME, 'delta', delta(5, 1, ', world'));
    await until(() => streams.stream(5)?.text === 'Hello, world' && streams.stream(6) !== null);
    expect(streams.stream(6)).toMatchObject({ runId: 6, conversation: 'p:1:2', text: 'Other', complete: true });
    expect(streams.inConversation('g:7').map((r) => r.runId)).toEqual([5]);
    expect(streams.inConversation('p:1:2').map((r) => r.runId)).toEqual([6]);
    expect(streams.inConversation('g:8')).toEqual([]);
  });

  it('puts out-of-order deltas in place and ignores repeated ones', async () => {
    for (const [i, text] of [
      [2, 'c'],
      [0, 'a'],
      [2, 'X'],
      [1, 'b'],
      [0, 'Y'],
      [3, 'd'],
    ] as const)
      server.notice(ME, 'delta', delta(8, i, text));
    await until(() => streams.stream(8)?.pieces === 4);
    expect(streams.stream(8)).toMatchObject({ text: 'abcd', complete: true, startsLate: false });
  });

  it('replaces the live answer by the stored message, and ignores deltas that come after it', async () => {
    server.notice(ME, 'delta', delta(9, 0, 'Partial'));
    await until(() => streams.stream(9) !== null);
    const stored = answer(9, 'Partial answer, whole');
    server.notice(ME, 'message', stored);
    await until(() => streams.final(9) !== null);
    expect(streams.stream(9)).toBeNull();
    expect(streams.final(9)).toEqual(stored);
    expect(streams.inConversation('g:7')).toEqual([]);
    server.notice(ME, 'delta', delta(9, 1, ' late'));
    server.notice(ME, 'delta', delta(10, 0, 'next run'));
    await until(() => streams.stream(10) !== null);
    expect(streams.stream(9)).toBeNull();
  });

  it('keeps a final message that came before any delta (a run answered before its call did)', async () => {
    server.notice(ME, 'message', { ...answer(11), type: 22, content: { runId: 11, error: 'timeout' } });
    server.notice(ME, 'delta', delta(11, 0, 'too late'));
    server.notice(ME, 'delta', delta(12, 0, 'marker'));
    await until(() => streams.stream(12) !== null);
    expect(streams.final(11)?.type).toBe(22);
    expect(streams.stream(11)).toBeNull();
  });

  it('lets ordinary chat messages pass without touching any run', async () => {
    server.notice(ME, 'delta', delta(13, 0, 'live'));
    server.notice(ME, 'message', { ...answer(13), type: 0, relateId: null, content: 'hi' });
    server.notice(ME, 'delta', delta(14, 0, 'marker'));
    await until(() => streams.stream(14) !== null);
    expect(streams.stream(13)?.text).toBe('live');
    expect(streams.final(13)).toBeNull();
  });

  it('notifies its subscribers once per change', async () => {
    let calls = 0;
    const off = streams.subscribe(() => calls++);
    server.notice(ME, 'delta', delta(15, 0, 'a'));
    server.notice(ME, 'delta', delta(15, 0, 'a')); // a repeat changes nothing
    server.notice(ME, 'delta', delta(15, 1, 'b'));
    await until(() => streams.stream(15)?.text === 'ab');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(2);
    off();
  });

  it('forgets everything when the member signs out', async () => {
    server.notice(ME, 'delta', delta(16, 0, 'secret'));
    server.notice(ME, 'message', answer(17));
    await until(() => streams.stream(16) !== null && streams.final(17) !== null);
    token = null;
    rt.tokenChanged();
    expect(streams.stream(16)).toBeNull();
    expect(streams.final(17)).toBeNull();
  });
});

/** A realtime whose notices and status the test sends by hand. */
function handRealtime() {
  const handlers = new Map<string, Set<(d: unknown) => void>>();
  const status = new Set<(s: RealtimeStatus) => void>();
  return {
    onNotice(kind: string, fn: (d: unknown) => void) {
      const set = handlers.get(kind) ?? handlers.set(kind, new Set()).get(kind)!;
      set.add(fn);
      return () => void set.delete(fn);
    },
    subscribe(fn: (s: RealtimeStatus) => void) {
      status.add(fn);
      return () => void status.delete(fn);
    },
    emit(kind: string, data: unknown) {
      for (const fn of handlers.get(kind) ?? []) fn(data);
    },
    listeners: () => [...handlers.values()].reduce((n, s) => n + s.size, 0) + status.size,
  };
}

describe('run streams by the clock', () => {
  it('drops a stream left without deltas for STALE_MS when another run starts', () => {
    const rt = handRealtime();
    let now = 1_000;
    const streams = createRunStreams(rt as unknown as Realtime, { now: () => now });
    rt.emit('delta', delta(1, 0, 'old'));
    now += STALE_MS - 1;
    rt.emit('delta', delta(2, 0, 'fresh'));
    expect(streams.stream(1)).not.toBeNull();
    now += 2;
    rt.emit('delta', delta(3, 0, 'newer'));
    expect(streams.stream(1)).toBeNull();
    expect(streams.stream(2)).not.toBeNull();
    expect(streams.inConversation('g:7').map((r) => r.runId)).toEqual([2, 3]);
  });

  it('keeps the final messages of the last FINISHED_KEPT runs only', () => {
    const rt = handRealtime();
    const streams = createRunStreams(rt as unknown as Realtime);
    for (let run = 1; run <= FINISHED_KEPT + 5; run++) rt.emit('message', answer(run));
    expect(streams.final(1)).toBeNull();
    expect(streams.final(5)).toBeNull();
    expect(streams.final(6)).not.toBeNull();
    expect(streams.final(FINISHED_KEPT + 5)).not.toBeNull();
  });

  it('answers the same list for a conversation while nothing there changed', () => {
    const rt = handRealtime();
    const streams = createRunStreams(rt as unknown as Realtime);
    rt.emit('delta', delta(1, 0, 'a'));
    const first = streams.inConversation('g:7');
    rt.emit('delta', delta(2, 0, 'b', 'p:1:2'));
    expect(streams.inConversation('g:7')).toBe(first);
    rt.emit('delta', delta(1, 1, 'b'));
    expect(streams.inConversation('g:7')).not.toBe(first);
    expect(streams.inConversation('g:7')[0].text).toBe('ab');
  });

  it('ignores a delta naming another conversation for a run it already holds', () => {
    const rt = handRealtime();
    const streams = createRunStreams(rt as unknown as Realtime);
    rt.emit('delta', delta(1, 0, 'a'));
    rt.emit('delta', delta(1, 1, 'b', 'g:8'));
    expect(streams.stream(1)?.text).toBe('a');
    expect(streams.inConversation('g:8')).toEqual([]);
  });

  it('stops listening when disposed', () => {
    const rt = handRealtime();
    const streams = createRunStreams(rt as unknown as Realtime);
    expect(rt.listeners()).toBe(3);
    streams.dispose();
    expect(rt.listeners()).toBe(0);
  });
});
