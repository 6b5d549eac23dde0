/** What an AI member is told in a chat (the token budget, who said what) and whom its reply mentions. */
import { describe, expect, it } from 'vitest';
import { buildContext, contextBudget, estimateTokens, textOf } from '../../server/modules/ai/ai-context';
import { mentionsIn } from '../../server/modules/ai/ai-mentions';
import { aiInARow } from '../../server/modules/ai/ai-reply.service';
import type { TailMessage } from '../../server/modules/ai/ai-reply.queries';

const AI = 99;
let nextId = 1;
/** A message; `from` AI is the AI member under test. */
function msg(from: number, content: unknown, extra: Partial<TailMessage> = {}): TailMessage {
  const id = nextId++;
  return { id, seq: id, fromId: from, type: 0, content, fromAi: from === AI, name: from === AI ? 'Bot' : `User${from}`, ...extra };
}
/** Newest first, as the queries answer. */
const newestFirst = (...oldestFirst: TailMessage[]) => [...oldestFirst].reverse();

describe('the context of an AI reply', () => {
  it("names everyone else's turns, makes the AI member's own turns assistant turns and leaves error messages out", () => {
    const tail = newestFirst(
      msg(1, { text: 'hello' }),
      msg(AI, 'hi, how can I help?'),
      msg(AI, { runId: 3, error: 'upstream' }, { type: 22 }),
      msg(2, 'what is 2+2?'),
    );
    expect(buildContext({ system: 'Be kind.', tail, aiUserId: AI, budget: 3000 })).toEqual([
      { role: 'system', content: 'Be kind.' },
      { role: 'user', content: 'User1: hello' },
      { role: 'assistant', content: 'hi, how can I help?' },
      { role: 'user', content: 'User2: what is 2+2?' },
    ]);
  });

  it('drops the oldest turns first to stay within the budget, counting the system prompt', () => {
    const old = msg(1, 'a'.repeat(400)); // 'User1: ' + 400 characters: 102 tokens
    const middle = msg(2, 'b'.repeat(400));
    const newest = msg(1, 'c'.repeat(40)); // 12 tokens
    const system = 's'.repeat(80); // 20 tokens
    const tail = newestFirst(old, middle, newest);
    expect(buildContext({ system, tail, aiUserId: AI, budget: 134 }).map((m) => m.content[7] ?? m.content[0])).toEqual(['s', 'b', 'c']);
    expect(buildContext({ system, tail, aiUserId: AI, budget: 133 }).map((m) => m.content[7] ?? m.content[0])).toEqual(['s', 'c']);
    expect(buildContext({ system, tail, aiUserId: AI, budget: 236 })).toHaveLength(4);
  });

  it('always keeps the system prompt and the newest turn, even beyond the budget', () => {
    const tail = newestFirst(msg(1, 'older'), msg(2, 'x'.repeat(1000)));
    expect(buildContext({ system: 'p'.repeat(100), tail, aiUserId: AI, budget: 10 })).toEqual([
      { role: 'system', content: 'p'.repeat(100) },
      { role: 'user', content: `User2: ${'x'.repeat(1000)}` },
    ]);
    expect(buildContext({ system: null, tail: [], aiUserId: AI, budget: 10 })).toEqual([]);
  });

  it('reads the budget from AI_CONTEXT_TOKENS, 3000 when unset or nonsense, and estimates four characters a token', () => {
    expect(contextBudget({})).toBe(3000);
    expect(contextBudget({ AI_CONTEXT_TOKENS: '500' })).toBe(500);
    expect(contextBudget({ AI_CONTEXT_TOKENS: '-5' })).toBe(3000);
    expect(contextBudget({ AI_CONTEXT_TOKENS: 'lots' })).toBe(3000);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
    expect(textOf({ url: 'a.png' })).toBe('{"url":"a.png"}');
  });
});

describe('mentions in an AI reply', () => {
  const members = [
    { id: 1, nickName: 'Bob' },
    { id: 2, nickName: 'Bob Jr' },
    { id: 3, nickName: '小助手' },
    { id: 4, nickName: 'Ann' },
    { id: 5, nickName: null },
  ];

  it('finds @nickName of the members, in order of first mention, each once, whatever the case', () => {
    expect(mentionsIn('@ann, then @BOB, and @Ann again', members)).toEqual([4, 1]);
  });

  it('prefers the longest name at a mention and does not match a name inside a longer word', () => {
    expect(mentionsIn('@Bob Jr and @Bobby', members)).toEqual([2]);
    expect(mentionsIn('ask @Bob.', members)).toEqual([1]);
  });

  it('needs no space after a name in other scripts', () => {
    expect(mentionsIn('@小助手你好', members)).toEqual([3]);
  });

  it('finds nothing without an @ or without names', () => {
    expect(mentionsIn('Bob and Ann', members)).toEqual([]);
    expect(mentionsIn('@Bob', [])).toEqual([]);
  });
});

describe('AI replies in a row', () => {
  it('counts the AI messages at the end of the conversation only', () => {
    expect(aiInARow(newestFirst(msg(AI, 'x'), msg(1, 'y'), msg(AI, 'z'), msg(AI, 'w')))).toBe(2);
    expect(aiInARow(newestFirst(msg(AI, 'x'), msg(1, 'y')))).toBe(0);
    expect(aiInARow([])).toBe(0);
  });
});
