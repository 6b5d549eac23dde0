/**
 * `base/message/search` (member): full-text search of the caller's conversations (search.service.ts).
 * Declared beside the chat's other calls of base/message, in its own file so the search stays one
 * folder; the route comes from module, entity and action, never from this file's place.
 */
import { l, call, defineRoutes, listOf, obj, BOOL, INT } from '../../../core/api';
import type { Core } from '../../../core/api';
import { MESSAGE } from '../chat.answers';
import { SEARCH_INPUT, searchInputErrors, searchMessages } from './search.service';

/** One result: the message as stored now, and its conversation as the caller names it. */
const FOUND = obj({ message: MESSAGE, toType: INT, toId: INT });

/** The fields a body holds with a value (null and '' count as absent, as the input's readers take them). */
function sentFields(body: unknown): Set<string> {
  if (typeof body !== 'object' || body === null) return new Set();
  return new Set(
    Object.entries(body)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k]) => k),
  );
}

export default defineRoutes((core: Core) => [
  call(core, 'base', 'message', 'search', {
    method: 'POST',
    member: true,
    summary: l('Search my conversations', '搜索我的会话', '搜尋我的對話'),
    description: l(
      'Messages holding every word of q (Chinese, Japanese and Korean text by pairs of characters), newest first, ' +
        'in one conversation the caller may read (toType and toId) or in all of theirs: the live groups they are a ' +
        'member of and their private chats. The last word is also matched as the start of a longer one. Recalled ' +
        'messages are never found. Page on with beforeId, the id of the last message of the page before.',
      '包含 q 中每个词（中日韩文字按相邻两字匹配）的消息，最新的在前；范围是调用者可读的一个会话（toType 与 toId），' +
        '或其全部会话：所在的有效群组与私聊。最后一个词也匹配以它开头的词。已撤回的消息不会被找到。翻页时以上一页最后一条消息的 id 作为 beforeId。',
      '包含 q 中每個詞（中日韓文字按相鄰兩字比對）的訊息，最新的在前；範圍是呼叫者可讀的一個對話（toType 與 toId），' +
        '或其全部對話：所在的有效群組與私訊。最後一個詞也比對以它開頭的詞。已收回的訊息不會被找到。翻頁時以上一頁最後一則訊息的 id 作為 beforeId。',
    ),
    input: SEARCH_INPUT,
    refine: (input, req) => searchInputErrors(input, sentFields(req.body)),
    effect: 'read',
    answer: obj({ list: listOf(FOUND), hasMore: BOOL }),
    handler: (req, input) => searchMessages(core, req.user!, input),
  }),
]);
