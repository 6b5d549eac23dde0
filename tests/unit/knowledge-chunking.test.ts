/** Chunking of the group knowledge's documents (server/modules/ai/knowledge/chunking.ts), and the vectors' cosine and stored form. */
import { describe, expect, it } from 'vitest';
import { CHUNK, chunkBlocks, cutPoint, tailOf, type TextBlock } from '../../server/modules/ai/knowledge/chunking';
import { cosine, vectorOf, vectorText } from '../../server/modules/ai/knowledge/vectors';

const sentence = (i: number) => `Sentence number ${i} says something about the project plan.`;
const sentences = (from: number, n: number) => Array.from({ length: n }, (_, i) => sentence(from + i)).join(' ');

describe('chunkBlocks', () => {
  it('keeps a short document in one chunk with its place', () => {
    expect(chunkBlocks([{ place: 'p. 1', part: 1, text: '  Hello\r\n world.  ' }])).toEqual([{ place: 'p. 1', text: 'Hello\nworld.' }]);
  });

  it('never lets a chunk cross a part (a page), however short', () => {
    const blocks: TextBlock[] = [
      { place: 'p. 1', part: 1, text: 'First page.' },
      { place: 'p. 2', part: 2, text: 'Second page.' },
    ];
    expect(chunkBlocks(blocks)).toEqual([
      { place: 'p. 1', text: 'First page.' },
      { place: 'p. 2', text: 'Second page.' },
    ]);
  });

  it('cuts a long page into chunks of at most the maximum, at sentence ends, overlapping a little', () => {
    const text = sentences(1, 80);
    const chunks = chunkBlocks([{ place: 'p. 4', part: 4, text }]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(c.place).toBe('p. 4');
      expect(c.text.length).toBeLessThanOrEqual(CHUNK.max);
    }
    for (const c of chunks.slice(0, -1)) expect(c.text.length).toBeGreaterThanOrEqual(CHUNK.min / 2);
    // Each chunk but the first starts with the end of the one before.
    for (let i = 1; i < chunks.length; i++) {
      const head = chunks[i]!.text.slice(0, 40);
      expect(chunks[i - 1]!.text).toContain(head.slice(0, 20));
    }
    // Every sentence is in some chunk, whole.
    for (let i = 1; i <= 80; i++) expect(chunks.some((c) => c.text.includes(sentence(i)))).toBe(true);
  });

  it('joins paragraphs of a section until the minimum, naming the span of paragraphs', () => {
    const blocks: TextBlock[] = Array.from({ length: 12 }, (_, i) => ({ place: `Setup · ¶ ${i + 1}`, part: 1, text: sentences(i * 3, 3) }));
    const chunks = chunkBlocks(blocks);
    expect(chunks[0]!.place).toMatch(/^Setup · ¶ 1–\d+$/);
    expect(chunks[0]!.text.length).toBeGreaterThanOrEqual(CHUNK.min);
    expect(chunks.every((c) => c.text.length <= CHUNK.max)).toBe(true);
  });

  it('cuts text with no spaces (Chinese) at sentence marks or hard at the limit', () => {
    const zh = '项目上线时间是十二月十五日。'.repeat(200);
    const chunks = chunkBlocks([{ place: 'p. 1', part: 1, text: zh }]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((c) => c.text.length <= CHUNK.max)).toBe(true);
    expect(chunks[0]!.text.endsWith('。')).toBe(true);
  });

  it('skips empty blocks and answers nothing for an empty document', () => {
    expect(chunkBlocks([{ place: 'p. 1', part: 1, text: ' \n\n ' }])).toEqual([]);
  });
});

describe('cutPoint and tailOf', () => {
  it('cuts after the last sentence end within the limit, else at a space, else hard', () => {
    expect(cutPoint('One two. Three four', 12)).toBe(9);
    // A sentence end in the first half is too early: the last space instead.
    expect(cutPoint('One. Two three four', 12)).toBe(9);
    expect(cutPoint('aaaa bbbb cccc dddd', 12)).toBe(10);
    expect(cutPoint('x'.repeat(30), 12)).toBe(12);
    expect(cutPoint('short', 12)).toBe(5);
  });

  it('takes the tail from the start of a word', () => {
    expect(tailOf('the quick brown fox', 9)).toBe('fox');
    expect(tailOf('abc', 9)).toBe('abc');
    expect(tailOf('anything', 0)).toBe('');
  });
});

describe('vectors', () => {
  it('measures cosine similarity', () => {
    expect(cosine([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBeCloseTo(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(cosine([1, 2], [1, 2, 3])).toBe(0);
  });

  it('stores a vector as a compact list and reads it back, refusing what is not one', () => {
    const v = [0.123456789, -1e-9, 3];
    const back = vectorOf(vectorText(v))!;
    expect(back).toHaveLength(3);
    expect(back[0]).toBeCloseTo(0.123457, 6);
    expect(cosine(v, back)).toBeCloseTo(1, 6);
    expect(vectorOf('not json')).toBeNull();
    expect(vectorOf('["a"]')).toBeNull();
    expect(vectorOf(null)).toBeNull();
    expect(vectorOf('[]')).toBeNull();
  });
});
