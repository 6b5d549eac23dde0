/** What the chat screens need of the store beyond tests/web/chat-store.test.ts: history pages and unread counts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../web/src/lib/session';
import { createChatStore, type ChatStore, type ConversationItem } from '../../web/src/workspace/chat/chat-store';
import { createRealtime, type ChatMessage, type Realtime } from '../../web/src/app/socket';
import { startFakeChatServer, until, type FakeChatServer } from './chat-fake-server';

const ME = 1;
const GROUP = { toType: 1 as const, toId: 7 };

let server: FakeChatServer;
let rt: Realtime;
let store: ChatStore;

const m = (seq: number, fromId = 2): ChatMessage => ({ id: seq, fromId, ...GROUP, content: `m${seq}`, conversation: 'g:7', seq });

async function online(loadConversations?: () => Promise<ConversationItem[]>): Promise<void> {
  rt = createRealtime({ url: server.url, getToken: () => 'me', getLanguage: () => 'en', ackTimeoutMs: 300 });
  store = createChatStore({ realtime: rt, userId: ME, storage: memoryStorage(), loadConversations });
  rt.tokenChanged();
  await until(() => rt.status.state === 'online');
}

beforeEach(async () => {
  server = await startFakeChatServer();
  server.tokens.set('me', ME);
});

afterEach(async () => {
  store?.dispose();
  rt?.close();
  await server.close();
});

describe('chat store and history pages', () => {
  it('does not count a history page again on top of the unread count the server gave', async () => {
    // The server: 100 messages, read up to 97, so 3 unread; the list knows only the last one.
    await online(() => Promise.resolve([{ ...GROUP, conversation: 'g:7', lastMessage: m(100), lastSeq: 100, readSeq: 97, unread: 3 }]));
    await store.load();
    expect(store.conversation(GROUP).unread).toBe(3);
    store.addHistory(
      GROUP,
      Array.from({ length: 50 }, (_, i) => m(51 + i)),
    );
    expect(store.conversation(GROUP).messages).toHaveLength(50);
    expect(store.conversation(GROUP).unread).toBe(3);
    store.addHistory(
      GROUP,
      Array.from({ length: 50 }, (_, i) => m(1 + i)),
    ); // an older page: all read
    expect(store.conversation(GROUP).unread).toBe(3);
    expect(store.totalUnread()).toBe(3);
  });

  it('counts the held messages of others past the read mark of a conversation the list did not know', async () => {
    await online();
    store.addHistory(GROUP, [m(1), m(2, ME), m(3)]);
    expect(store.conversation(GROUP).unread).toBe(2);
    await store.markRead(GROUP);
    store.addHistory(GROUP, [m(1), m(2, ME), m(3)]);
    expect(store.conversation(GROUP).unread).toBe(0);
  });

  it('still counts live messages that arrive after a history page', async () => {
    await online();
    store.addHistory(GROUP, [m(1, ME)]);
    server.messages.push(m(1, ME));
    server.store(2, GROUP);
    await until(() => store.conversation(GROUP).messages.length === 2);
    expect(store.conversation(GROUP).unread).toBe(1);
  });
});
