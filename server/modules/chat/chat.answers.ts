/** What the chat calls answer, as JSON Schema for their declarations (/eps, OpenAPI, agents). */
import { BOOL, INT, STR, listOf, nullable, obj } from '../../core/api';

/** A stored message: its place in the conversation, its sender and what it says. */
export const MESSAGE = obj(
  {
    id: INT,
    fromId: INT,
    toType: INT,
    toId: INT,
    type: nullable(INT),
    content: { description: 'the JSON value sent' },
    at: nullable(listOf(INT)),
    conversation: STR,
    seq: INT,
    clientId: nullable(STR),
    createTime: STR,
    replyTo: nullable(INT),
    reply: obj({ id: INT, seq: INT, fromId: nullable(INT), type: nullable(INT), text: nullable(STR), recalled: BOOL }),
    editTime: nullable(STR),
    recallTime: nullable(STR),
    recalledBy: nullable(INT),
    reactions: nullable({ type: 'object', description: 'reaction name -> ids of the members who set it', additionalProperties: listOf(INT) }),
    pinTime: nullable(STR),
    pinnedBy: nullable(INT),
    changeSeq: nullable(INT),
  },
  [
    'type',
    'content',
    'at',
    'clientId',
    'createTime',
    'replyTo',
    'reply',
    'editTime',
    'recallTime',
    'recalledBy',
    'reactions',
    'pinTime',
    'pinnedBy',
    'changeSeq',
  ],
);

/** One change of a message (an edit, a recall, a reaction, a pin): its number in the conversation and the message as it is now. */
export const CHANGE = obj(
  { kind: { type: 'string', enum: ['edit', 'recall', 'react', 'pin', 'unpin'] }, change: INT, byId: INT, emoji: nullable(STR), message: MESSAGE },
  ['emoji'],
);

/** Who read how far in a conversation (their last-read seq). */
export const READERS = listOf(obj({ userId: INT, seq: INT }));

/** A page of one conversation, ascending by seq, with the conversation's change number when read (sync asks for changes after it). */
export const MESSAGE_PAGE = obj({ list: listOf(MESSAGE), hasMore: BOOL, lastChange: INT });

/** The caller's read mark of a conversation. */
export const READ_MARK = obj({ toType: INT, toId: INT, seq: INT });

/** One of the caller's conversations, with its last message and unread count. */
export const CONVERSATION = obj({
  toType: INT,
  toId: INT,
  conversation: STR,
  lastMessage: nullable(MESSAGE),
  lastSeq: INT,
  readSeq: INT,
  unread: INT,
  lastChange: INT,
  muted: BOOL,
});
