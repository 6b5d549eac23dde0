/**
 * Chains of AI replies in the web (issue 41), over a real socket.io connection to the chat's fake
 * server: a chain notice makes the chain known under its first message and its thread is read; an
 * AI reply naming a chain not yet known has its thread read once; notices while a read is in flight
 * read it again after; the run-stream store carries an answer's phase, tool, chain and asker.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRealtime, type ChatMessage, type Realtime } from '../../web/src/app/socket';
import { createChains, type Chains, type LoadThread } from '../../web/src/workspace/apps/chains';
import { createRunStreams, type RunStreams } from '../../web/src/workspace/apps/run-streams';
import { startFakeChatServer, until, type FakeChatServer } from './chat-fake-server';

const ME = 1;
const notice = (over: Record<string, unknown> = {}) => ({ id: 5, rootId: 40, conversation: 'g:7', state: 0, steps: 1, payerId: ME, loopIds: null, ...over });
const reply = (chain: unknown): ChatMessage => ({
  id: 41,
  fromId: 9,
  toType: 1,
  toId: 7,
  type: 21,
  content: 'hi',
  conversation: 'g:7',
  seq: 2,
  extraInfo: { chain },
});

describe('chains of AI replies in the web', () => {
  let server: FakeChatServer;
  let rt: Realtime;
  let chains: Chains;
  let streams: RunStreams;
  let reads: number[];
  let release: Array<() => void>;

  beforeEach(async () => {
    server = await startFakeChatServer();
    server.tokens.set('me', ME);
    rt = createRealtime({ url: server.url, getToken: () => 'me', getLanguage: () => 'en', ackTimeoutMs: 300 });
    reads = [];
    release = [];
    const load: LoadThread = (id) =>
      new Promise((resolve) => {
        reads.push(id);
        release.push(() => resolve({ ...notice({ id, state: 1, steps: 2 }), runs: [], mine: true, total: 3 }));
      });
    chains = createChains(rt, load);
    streams = createRunStreams(rt);
    rt.tokenChanged();
    await until(() => rt.status.state === 'online');
  });

  afterEach(async () => {
    chains.dispose();
    streams.dispose();
    rt.close();
    await server.close();
  });

  it('knows a chain from its notice, under its first message, and reads its thread again after a notice that came during a read', async () => {
    expect(chains.byRoot(40)).toBeNull();
    server.notice(ME, 'chain', notice());
    await until(() => chains.byRoot(40) !== null);
    expect(chains.byRoot(40)).toMatchObject({ id: 5, state: 0, steps: 1 });
    expect(reads).toEqual([5]);
    server.notice(ME, 'chain', notice({ steps: 2 }));
    await until(() => chains.byRoot(40)?.steps === 2);
    // One read at a time: the second waits for the first.
    expect(reads).toEqual([5]);
    release.shift()!();
    await until(() => reads.length === 2);
    release.shift()!();
    await until(() => chains.byRoot(40)?.state === 1);
    expect(chains.byRoot(40)).toMatchObject({ total: 3, mine: true });
  });

  it('reads the thread of a chain an AI reply names, once, and ignores a reply naming none', async () => {
    chains.seen(reply(6));
    chains.seen(reply(6));
    chains.seen(reply('x'));
    expect(reads).toEqual([6]);
    release.shift()!();
    await until(() => chains.byRoot(40)?.id === 6);
    chains.seen(reply(6));
    expect(reads).toEqual([6]);
  });

  it("carries an answer's phase, tool, chain and asker on its live stream", async () => {
    server.notice(ME, 'delta', { runId: 8, conversation: 'g:7', fromId: 42, start: true, phase: 'thinking', chainId: 5, payerId: ME });
    await until(() => streams.stream(8) !== null);
    expect(streams.stream(8)).toMatchObject({ phase: 'thinking', chainId: 5, payerId: ME });
    server.notice(ME, 'delta', { runId: 8, conversation: 'g:7', phase: 'calling', tool: 'base_order_page' });
    await until(() => streams.stream(8)?.phase === 'calling');
    expect(streams.stream(8)).toMatchObject({ tool: 'base_order_page', pieces: 0 });
    // A phase of another conversation's run, or an unknown phase, changes nothing.
    server.notice(ME, 'delta', { runId: 8, conversation: 'g:9', phase: 'reading' });
    server.notice(ME, 'delta', { runId: 8, conversation: 'g:7', phase: 'dreaming' });
    server.notice(ME, 'delta', { runId: 8, conversation: 'g:7', index: 0, text: 'Hi', fromId: 42 });
    await until(() => streams.stream(8)?.text === 'Hi');
    expect(streams.stream(8)?.phase).toBe('calling');
  });
});
