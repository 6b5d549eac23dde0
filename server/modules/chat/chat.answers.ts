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
  },
  ['type', 'content', 'at', 'clientId', 'createTime'],
);

/** A page of one conversation, ascending by seq. */
export const MESSAGE_PAGE = obj({ list: listOf(MESSAGE), hasMore: BOOL });

/** The caller's read mark of a conversation. */
export const READ_MARK = obj({ toType: INT, toId: INT, seq: INT });

/** One of the caller's conversations, with its last message and unread count. */
export const CONVERSATION = obj({ toType: INT, toId: INT, conversation: STR, lastMessage: nullable(MESSAGE), lastSeq: INT, readSeq: INT, unread: INT });
