/** What the chat's search panel marks in a found message, and the piece of a long one it shows (search-highlight.ts). */
import { describe, expect, it } from 'vitest';
import { hasSearchWord, highlightParts, searchNeedles, snippet } from '../../web/src/workspace/chat/search-highlight';

const marked = (text: string, q: string) =>
  highlightParts(text, searchNeedles(q))
    .filter((p) => p.hit)
    .map((p) => p.text);

describe('search highlight', () => {
  it('marks each word of the query, whatever its case, also at the start of a longer word', () => {
    expect(marked('We Deploy today, deployed yesterday', 'deploy')).toEqual(['Deploy', 'deploy']);
    expect(marked('ship it on Friday', 'friday SHIP')).toEqual(['ship', 'Friday']);
  });

  it('marks a Chinese word, or its pairs where the text holds them apart', () => {
    expect(marked('我们的项目今天上线', '项目')).toEqual(['项目']);
    expect(marked('我们的项目今天上线', '项目上线')).toEqual(['项目', '上线']);
    expect(marked('我们的项目今天上线', '项')).toEqual(['项']);
  });

  it('keeps the text whole, marked and unmarked parts in order', () => {
    const parts = highlightParts('a deploy b', searchNeedles('deploy'));
    expect(parts).toEqual([
      { text: 'a ', hit: false },
      { text: 'deploy', hit: true },
      { text: ' b', hit: false },
    ]);
    expect(highlightParts('nothing here', searchNeedles('deploy'))).toEqual([{ text: 'nothing here', hit: false }]);
  });

  it('shows the part of a long text around its first mark', () => {
    const long = `${'x '.repeat(100)}the deploy word ${'y '.repeat(100)}`;
    const piece = snippet(long, searchNeedles('deploy'), 60, 10);
    expect(piece.startsWith('…')).toBe(true);
    expect(piece.endsWith('…')).toBe(true);
    expect(piece).toContain('deploy');
    // It starts at a word, not inside one.
    expect(snippet(`${'word '.repeat(40)}deploy`, searchNeedles('deploy'), 30, 10)).toBe('…word word deploy');
    expect(snippet('short text', searchNeedles('deploy'))).toBe('short text');
  });

  it('tells a query with nothing to search for', () => {
    expect(hasSearchWord(' ?! ')).toBe(false);
    expect(hasSearchWord('项')).toBe(true);
    expect(hasSearchWord('v2')).toBe(true);
  });
});
