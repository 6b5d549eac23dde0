import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../web/src/lib/session';
import { createChatStore, type ChatStore, type ConversationItem } from '../../web/src/workspace/chat/chat-store';
import { draftKey } from '../../web/src/workspace/chat/chat-drafts';
import { createRealtime, type Realtime } from '../../web/src/app/socket';
import { startFakeChatServer, until, type FakeChatServer } from './chat-fake-server';

const ME = 1;
const GROUP = { toType: 1 as const, toId: 7 };
const ANN = { toType: 0 as const, toId: 2 }; // a private chat with user 2

let server: FakeChatServer;
let rt: Realtime;
let store: ChatStore;
let errors: unknown[];

async function online(loadConversations?: () => Promise<ConversationItem[]>): Promise<void> {
  rt = createRealtime({ url: server.url, getToken: () => 'me', getLanguage: () => 'en', ackTimeoutMs: 300 });
  store = createChatStore({ realtime: rt, userId: ME, storage: memoryStorage(), loadConversations, onError: (e) => errors.push(e) });
  rt.tokenChanged();
  await until(() => rt.status.state === 'online');
}

const seqs = (t: typeof GROUP | typeof ANN) => store.conversation(t).messages.map((m) => m.seq);

beforeEach(async () => {
  server = await startFakeChatServer();
  server.tokens.set('me', ME);
  errors = [];
});

afterEach(async () => {
  store?.dispose();
  rt?.close();
  await server.close();
});

describe('chat store', () => {
  it('sends with a clientId and holds the stored message once, even when its notice came too', async () => {
    await online();
    let notified = 0;
    store.subscribe(() => notified++);
    const out = await store.send(GROUP, { content: 'hello', at: [2] });
    expect(out.state).toBe('sent');
    expect(out.clientId).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => notified >= 3); // sending, the notice, sent
    const c = store.conversation(GROUP);
    expect(c.messages).toHaveLength(1);
    expect(c.messages[0]).toMatchObject({ seq: 1, clientId: out.clientId, content: 'hello' });
    expect(c.outbox).toEqual([]);
    expect(c.unread).toBe(0); // my own message
  });

  it('marks a refused send failed and retries it with the same clientId', async () => {
    await online();
    server.sendFaults.push({ refuse: { code: 1001, message: 'Too fast', data: null } });
    const failed = await store.send(GROUP, { content: 'one' });
    expect(failed).toMatchObject({ state: 'failed', error: 'Too fast' });
    expect(store.conversation(GROUP).outbox).toEqual([failed]);

    const sent = await store.retry(failed.clientId);
    expect(sent).toMatchObject({ state: 'sent', clientId: failed.clientId });
    expect(store.conversation(GROUP).outbox).toEqual([]);
    expect(server.messages.map((m) => m.clientId)).toEqual([failed.clientId]);
    expect(await store.retry('unknown')).toBeNull();
  });

  it('stores a message once when its ack was lost and the retry carries the same clientId', async () => {
    await online();
    server.sendFaults.push('storeWithoutAck');
    const failed = await store.send(ANN, { content: 'lost ack' });
    expect(failed).toMatchObject({ state: 'failed', error: 'timeout' });
    const sent = await store.retry(failed.clientId);
    expect(sent?.state).toBe('sent');
    expect(server.messages).toHaveLength(1);
    expect(store.conversation(ANN).messages.map((m) => m.clientId)).toEqual([failed.clientId]);
  });

  it('keeps messages sorted and unique by seq', async () => {
    await online();
    const m = (seq: number) => ({ id: seq, fromId: 2, toType: 1 as const, toId: 7, content: seq, conversation: 'g:7', seq });
    store.addHistory(GROUP, [m(3), m(1), m(2)]);
    store.add(m(2));
    store.addHistory(GROUP, [m(1), m(3)]);
    expect(seqs(GROUP)).toEqual([1, 2, 3]);
    expect(store.conversation(GROUP).lastSeq).toBe(3);
    expect(server.syncs).toEqual([]);
  });

  it('fills a gap with sync from the last held seq, asking again while hasMore', async () => {
    await online();
    server.store(2, GROUP);
    await until(() => seqs(GROUP).length === 1);
    for (let i = 0; i < 5; i++) server.store(2, GROUP, false); // seq 2..6 never delivered
    server.syncPage = 2;
    server.store(2, GROUP); // seq 7: a gap
    await until(() => seqs(GROUP).length === 7);
    expect(seqs(GROUP)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(store.conversation(GROUP).lastSeq).toBe(7);
    expect(server.syncs.map((s) => s.map((c) => c.afterSeq))).toEqual([[1], [3], [5]]);
    expect(store.conversation(GROUP).unread).toBe(7);
    expect(errors).toEqual([]);
  });

  it('after a reconnect syncs every known conversation from its last seq', async () => {
    await online();
    server.store(2, GROUP);
    server.store(2, { toType: 0, toId: ME, content: 'hi' }); // Ann writes to me
    await until(() => seqs(GROUP).length === 1 && seqs(ANN).length === 1);
    const syncsBefore = server.syncs.length;

    server.io.disconnectSockets(true); // the client comes back by itself
    await until(() => rt.status.state !== 'online');
    server.store(2, GROUP, false);
    server.store(2, GROUP, false);
    server.store(2, { toType: 0, toId: ME, content: 'are you there?' }, false);
    await until(() => seqs(GROUP).length === 3 && seqs(ANN).length === 2);

    const after = server.syncs.slice(syncsBefore);
    expect(after[0]).toEqual(
      expect.arrayContaining([
        { ...GROUP, afterSeq: 1 },
        { ...ANN, afterSeq: 1 },
      ]),
    );
    expect(after[0]).toHaveLength(2);
    expect(store.conversation(ANN).messages.at(-1)?.content).toBe('are you there?');
  });

  it('keeps drafts per user and conversation in storage, surviving a new store', async () => {
    await online();
    const storage = memoryStorage();
    const first = createChatStore({ realtime: rt, userId: ME, storage });
    first.setDraft(GROUP, { content: 'half a thought @Ann', atMentions: [2, 2] });
    first.setDraft(ANN, { content: 'see you', atMentions: [] });
    first.dispose();

    const reloaded = createChatStore({ realtime: rt, userId: ME, storage });
    expect(reloaded.getDraft(GROUP)).toEqual({ content: 'half a thought @Ann', atMentions: [2] });
    expect(reloaded.getDraft(ANN)).toEqual({ content: 'see you', atMentions: [] });
    const other = createChatStore({ realtime: rt, userId: 3, storage });
    expect(other.getDraft(GROUP)).toEqual({ content: '', atMentions: [] });

    reloaded.setDraft(ANN, { content: '', atMentions: [] });
    expect(storage.getItem(draftKey(ME, ANN))).toBeNull();
    storage.setItem(draftKey(ME, GROUP), '{broken');
    expect(reloaded.getDraft(GROUP)).toEqual({ content: '', atMentions: [] });
    reloaded.dispose();
    other.dispose();
  });

  it('counts unread from conversations and notices, and clears them on markRead', async () => {
    server.store(2, GROUP, false);
    server.store(2, GROUP, false);
    const items = (): Promise<ConversationItem[]> =>
      Promise.resolve([
        { ...GROUP, conversation: 'g:7', lastMessage: server.messages[1], lastSeq: 2, readSeq: 0, unread: 2 },
        { ...ANN, conversation: 'p:1:2', lastMessage: null, lastSeq: 0, readSeq: 0, unread: 0 },
      ]);
    await online(items);
    await store.load();
    expect(store.conversation(GROUP).unread).toBe(2);
    expect(store.totalUnread()).toBe(2);

    server.store(2, GROUP); // from Ann: unread
    await store.send(GROUP, { content: 'mine' }); // mine: not unread
    await until(() => seqs(GROUP).includes(4));
    expect(store.conversation(GROUP).unread).toBe(3);

    await store.markRead(GROUP);
    expect(store.conversation(GROUP).unread).toBe(0);
    expect(server.reads).toEqual([{ ...GROUP, seq: 4, userId: ME }]);

    server.store(2, GROUP);
    await until(() => store.conversation(GROUP).unread === 1);
    server.notice(ME, 'read', { ...GROUP, userId: ME, seq: 5 }); // read on another device
    await until(() => store.conversation(GROUP).unread === 0);
    expect(store.totalUnread()).toBe(0);
  });
});
