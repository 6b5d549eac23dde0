/** Permission-matrix fixtures of the hand-written calls of messages and the socket-facing calls (base/message). */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';

export const CHAT_FIXTURES: Record<string, (w: World) => Fixture> = {
  // B writes into A's private group (as A's mention too), forges A as sender, fakes a notice, and
  // writes to A privately (allowed: B's own message, never in A's name).
  'POST /admin/base/message/add': (w) =>
    write(
      { body: { toType: 1, toId: w.groupId, content: { text: "B in A's group" }, at: [w.a.id] } },
      { body: { toType: 1, toId: w.groupId, type: 9, content: "B's fake notice" } },
      { body: { toType: 0, toId: w.adminId, content: 'as A', fromId: w.a.id, seq: 1, conversation: `g:${w.groupId}` } },
      { body: { toType: 0, toId: w.a.id, content: 'hello A', clientId: 'matrix-b-1' } },
    ),
  // A's group history, A's private chat with the administrator (only B's own chats answer).
  'POST /admin/base/message/messageList': (w) =>
    read(
      { body: { toType: 1, toId: w.groupId } },
      { body: { toType: 1, toId: w.groupId, afterSeq: 0, size: 200 } },
      { body: { toType: 0, toId: w.a.id } },
      { body: { toType: 0, toId: w.adminId, beforeSeq: 3 } },
    ),
  'POST /admin/base/message/conversations': () => read({}),
  // B searches everywhere, then in A's group and in B's chat with A: only B's own conversations answer.
  'POST /admin/base/message/search': (w) =>
    read(
      { body: { q: 'note' } },
      { body: { q: 'note', toType: 1, toId: w.groupId } },
      { body: { q: 'note', toType: 0, toId: w.a.id } },
      { body: { q: 'note', toType: 0, toId: w.adminId, size: 50 } },
    ),
  // B marks A's group and B's chat with A read: never A's marks.
  'POST /admin/base/message/read': (w) => write({ body: { toType: 1, toId: w.groupId, seq: 1 } }, { body: { toType: 0, toId: w.a.id, seq: 5 } }),
  'POST /admin/base/message/sendTeamNotice': (w) => write({ body: { groupId: w.groupId, content: 'B posing as A' } }),
};
