import { describe, expect, it } from 'vitest';
import { ago, parseTags, safeHttpUrl, shareLinks, tweetUrl } from '../../web/src/workspace/social/profile';

describe('profile tags', () => {
  it('reads a JSON array, a JSON text and a comma list alike', () => {
    expect(parseTags(['design', 'AI'])).toEqual(['design', 'AI']);
    expect(parseTags('["design","AI"]')).toEqual(['design', 'AI']);
    expect(parseTags('design, AI，音乐; x|y')).toEqual(['design', 'AI', '音乐', 'x', 'y']);
  });
  it('drops blanks and repeats, keeps numbers and named objects', () => {
    expect(parseTags(['a', ' ', 'a', 3, { name: 'b' }, null])).toEqual(['a', '3', 'b']);
    expect(parseTags(null)).toEqual([]);
    expect(parseTags('[broken')).toEqual(['broken']);
  });
  it('keeps at most 20 tags of 32 characters', () => {
    const many = Array.from({ length: 30 }, (_, i) => `t${i}`);
    expect(parseTags(many)).toHaveLength(20);
    expect(parseTags(['x'.repeat(50)])[0]).toHaveLength(32);
  });
});

describe('links', () => {
  it('accepts only absolute http(s) addresses', () => {
    expect(safeHttpUrl('https://discord.gg/abc')).toBe('https://discord.gg/abc');
    expect(safeHttpUrl(' http://a.b/c ')).toBe('http://a.b/c');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('/relative')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
  it('turns a shareLink object (or its JSON) into named links, skipping unsafe ones', () => {
    const v = { github: 'https://github.com/x', bad: 'javascript:alert(1)', n: 3 };
    expect(shareLinks(v)).toEqual([{ name: 'github', url: 'https://github.com/x' }]);
    expect(shareLinks(JSON.stringify(v))).toEqual([{ name: 'github', url: 'https://github.com/x' }]);
    expect(shareLinks(['https://a.b'])).toEqual([]);
    expect(shareLinks('nope')).toEqual([]);
  });
  it('builds the X share address with the page encoded', () => {
    const u = new URL(tweetUrl('https://site/person/ann?x=1&y=2', 'Ann'));
    expect(u.origin + u.pathname).toBe('https://twitter.com/intent/tweet');
    expect(u.searchParams.get('url')).toBe('https://site/person/ann?x=1&y=2');
    expect(u.searchParams.get('text')).toBe('Ann');
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T11:59:30Z', { unit: 'now' }],
    ['2026-01-10T11:55:00Z', { unit: 'minutes', count: 5 }],
    ['2026-01-10T09:00:00Z', { unit: 'hours', count: 3 }],
    ['2026-01-08T12:00:00Z', { unit: 'days', count: 2 }],
    ['2025-12-01T12:00:00Z', { unit: 'date' }],
    ['2026-01-10T13:00:00Z', { unit: 'date' }],
  ])('%s', (then, want) => {
    expect(ago(then, now)).toEqual(want);
  });
});
