/**
 * `message/search`: the caller's messages that hold every term of a query, newest first, in the
 * conversations the caller may read now (see "Who reads what" in server/modules/chat/README.md):
 * search never shows more than history does.
 *
 * Top to bottom: rate limit (SEARCH_LIMIT per user, every instance together), the query's terms
 * (terms.ts), the scopes (one conversation the caller may read, as message/messageList decides
 * it, 403/404 otherwise; else the live groups they are an active member of and their private
 * chats), the index's matches (search-index.ts), then the messages themselves, read as stored now:
 * a recalled or deleted message is left out even if its terms were not removed yet, and what each
 * result shows is the message's latest state, never the index's.
 */
import { entity, hit, id, int, isIn, oneOf, SYSTEM, text } from '../../../core/api';
import type { AuthUser, Core, Input, InvalidField } from '../../../core/api';
import { readableConversation } from '../chat-access';
import { groupIdsOfUser } from '../chat.queries';
import { targetOf, type Target } from '../conversation';
import { privateConversations } from '../history.queries';
import type { StoredMessage } from '../send-store';
import { findInIndex } from './search-index';
import { MESSAGE_SOURCE } from './message-index';
import { SEARCH } from './search.messages';
import { queryTerms } from './terms';

/** Searches per user in a window (a debounced search box asks a few times a second at most). */
const SEARCH_LIMIT = { max: 30, windowSeconds: 10 };
export const SEARCH_PAGE = { size: 20, maxSize: 50 } as const;
/** Reads of the index per page at most: each further one replaces results that were recalled meanwhile. */
const MAX_ROUNDS = 4;

/** What message/search is given: the query, one conversation or none (all the caller's), the page. */
export const SEARCH_INPUT = {
  q: text({ max: 100 }),
  toType: oneOf([0, 1] as const).optional(),
  toId: id().optional(),
  beforeId: id().optional(),
  size: int({ min: 1, max: SEARCH_PAGE.maxSize }).optional(),
};

/**
 * A query without a letter or digit, and a conversation named by half (`sent`: the fields the body
 * held, so that a field already refused for its value is not also said missing).
 */
export function searchInputErrors(input: Input<typeof SEARCH_INPUT>, sent: ReadonlySet<string>): InvalidField[] {
  const errors: InvalidField[] = [];
  if (typeof input.q === 'string' && !queryTerms(input.q).length) errors.push({ field: 'q', rule: 'invalid', params: {} });
  for (const [given, missing] of [
    ['toType', 'toId'],
    ['toId', 'toType'],
  ]) {
    if (sent.has(given) && !sent.has(missing)) errors.push({ field: missing, rule: 'required', params: {} });
  }
  return errors;
}

export interface Found extends Target {
  /** The message as stored now. */
  message: StoredMessage;
}

export interface FoundPage {
  list: Found[];
  hasMore: boolean;
}

/** The conversation keys the user may search without naming one: their live groups and their private chats. */
async function ownConversations(core: Core, userId: number): Promise<string[]> {
  const groups = (await groupIdsOfUser(core, userId)).map((g) => `g:${g}`);
  return [...new Set([...groups, ...(await privateConversations(core, userId))])];
}

/** The messages of `ids` that a reader of `scopes` is shown: stored, not recalled, in one of them. */
async function shown(core: Core, ids: number[], scopes: Set<string>): Promise<StoredMessage[]> {
  if (!ids.length) return [];
  const rows = await core.ops.reads(SYSTEM).find(entity(core.model, 'base/message'), isIn('id', ids));
  const byId = new Map(rows.map((m) => [m.id, m]));
  return ids.map((id) => byId.get(id)).filter((m): m is StoredMessage => !!m && !m.recallTime && scopes.has(m.conversation));
}

/** `{q, toType?, toId?, beforeId?, size?}` -> `{list: [{message, toType, toId}], hasMore}`, newest first. */
export async function searchMessages(core: Core, user: AuthUser, input: Input<typeof SEARCH_INPUT>): Promise<FoundPage> {
  await hit(core.cache, [{ key: `chat:search:${user.id}`, ...SEARCH_LIMIT }], SEARCH.search_too_fast);
  const terms = queryTerms(input.q);
  const one = input.toType !== undefined && input.toId !== undefined ? { toType: input.toType, toId: input.toId } : null;
  const scopes = one ? [await readableConversation(core, user, one)] : await ownConversations(core, user.id);
  const size = input.size ?? SEARCH_PAGE.size;
  const scopeSet = new Set(scopes);
  const found: StoredMessage[] = [];
  let before = input.beforeId;
  let exhausted = false;
  for (let round = 0; round < MAX_ROUNDS && !exhausted && found.length <= size; round++) {
    const want = size + 1 - found.length;
    const ids = await findInIndex(core, { source: MESSAGE_SOURCE, scopes, terms, limit: want, beforeSourceId: before });
    exhausted = ids.length < want;
    if (ids.length) before = ids[ids.length - 1];
    found.push(...(await shown(core, ids, scopeSet)));
  }
  const list = found.slice(0, size).map((message) => ({ message, ...(targetOf(message.conversation, user.id) as Target) }));
  return { list, hasMore: found.length > size || !exhausted };
}
