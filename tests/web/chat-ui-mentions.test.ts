import { describe, expect, it } from 'vitest';
import {
  filterCandidates,
  insertMention,
  mentionedIds,
  mentionQueryAt,
  splitMentions,
  withMention,
  type MentionCandidate,
} from '../../web/src/workspace/chat/mentions';

const MEMBERS: MentionCandidate[] = [
  { userId: 1, name: 'Me', ai: false },
  { userId: 2, name: 'Ann', ai: false },
  { userId: 3, name: 'Anna', ai: false },
  { userId: 4, name: 'Helper Bot', ai: true },
  { userId: 5, name: 'Banner', ai: false },
  { userId: 6, name: '小明', ai: false },
];
const names = new Map(MEMBERS.map((m) => [m.userId, m.name]));
const nameOf = (id: number) => names.get(id);

describe('mention query at the caret', () => {
  it('opens on an @ at the start, after a space or after CJK text', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(mentionQueryAt('hi @an', 6)).toEqual({ start: 3, end: 6, query: 'an' });
    expect(mentionQueryAt('你好@小', 4)).toEqual({ start: 2, end: 4, query: '小' });
  });

  it('stays closed inside an e-mail address, after a space, or with the caret before the @', () => {
    expect(mentionQueryAt('mail ann@example.com', 20)).toBeNull();
    expect(mentionQueryAt('@ann done', 9)).toBeNull();
    expect(mentionQueryAt('x @ann', 1)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(mentionQueryAt('@annabel', 3)).toEqual({ start: 0, end: 3, query: 'an' });
  });
});

describe('filtering members', () => {
  it('offers prefix matches first, people before AI, never the signed-in member', () => {
    expect(filterCandidates(MEMBERS, 'an', 1).map((c) => c.userId)).toEqual([2, 3, 5]);
    expect(filterCandidates(MEMBERS, '', 1).map((c) => c.userId)).toEqual([2, 3, 5, 6, 4]);
    expect(filterCandidates(MEMBERS, 'BOT', 1).map((c) => c.userId)).toEqual([4]);
    expect(filterCandidates(MEMBERS, 'me', 1)).toEqual([]);
  });
});

describe('inserting a mention', () => {
  it('replaces the typed @query by @Name and a space, caret after it', () => {
    const text = 'hi @an and more';
    const q = mentionQueryAt(text, 6)!;
    expect(insertMention(text, q, 'Anna')).toEqual({ text: 'hi @Anna and more', caret: 9 });
  });

  it('adds an id once', () => {
    expect(withMention([2], 3)).toEqual([2, 3]);
    expect(withMention([2, 3], 2)).toEqual([2, 3]);
  });
});

describe('mentioned ids before sending', () => {
  it('keeps ids whose @Name is still in the text and drops deleted ones', () => {
    expect(mentionedIds('@Ann and @Helper Bot look', [2, 4], nameOf)).toEqual([2, 4]);
    expect(mentionedIds('@Ann look', [2, 4], nameOf)).toEqual([2]);
    expect(mentionedIds('nobody', [2, 4], nameOf)).toEqual([]);
  });

  it('gives @Anna to Anna, not to Ann, when both were picked', () => {
    expect(mentionedIds('hey @Anna', [2, 3], nameOf)).toEqual([3]);
    expect(mentionedIds('@Ann @Anna', [2, 3], nameOf)).toEqual([2, 3]);
  });

  it('keeps ids whose names are not known yet, once each', () => {
    expect(mentionedIds('text', [99, 99], nameOf)).toEqual([99]);
  });

  it('finds a CJK name followed directly by text', () => {
    expect(mentionedIds('@小明你好', [6], nameOf)).toEqual([6]);
  });
});

describe('highlighting mentions in a message', () => {
  it('cuts @Name parts out of the text, the longest name first', () => {
    expect(splitMentions('hi @Anna and @Ann!', ['Ann', 'Anna'])).toEqual([
      { text: 'hi ', mention: false },
      { text: '@Anna', mention: true },
      { text: ' and ', mention: false },
      { text: '@Ann', mention: true },
      { text: '!', mention: false },
    ]);
  });

  it('leaves unknown @words and text without names alone', () => {
    expect(splitMentions('mail a@b.c', ['Ann'])).toEqual([{ text: 'mail a@b.c', mention: false }]);
    expect(splitMentions('@Ann', [])).toEqual([{ text: '@Ann', mention: false }]);
    expect(splitMentions('@Ann', ['Ann'])).toEqual([{ text: '@Ann', mention: true }]);
  });
});
