/**
 * Coalesced deltas (server/modules/ai/delta-stream.ts): the first piece goes out at once, later
 * pieces within the window are joined into the next notice, indexes count notices, `end()` sends what
 * is held and nothing comes after it; a window of 0 sends every piece.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeltaStream } from '../../server/modules/ai/delta-stream';

describe('DeltaStream', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };

  it('sends the first piece at once and joins the pieces of each window, in order', () => {
    const sent: Array<[number, string]> = [];
    const s = new DeltaStream(
      (i, t) => sent.push([i, t]),
      30,
      () => clock,
    );
    s.push('Hel');
    expect(sent).toEqual([[0, 'Hel']]);
    for (const p of ['lo', ', ', 'wor']) {
      advance(5);
      s.push(p);
    }
    expect(sent).toHaveLength(1);
    advance(15); // 30 ms after the first notice
    expect(sent).toEqual([
      [0, 'Hel'],
      [1, 'lo, wor'],
    ]);
    advance(100);
    s.push('ld'); // quiet for longer than the window: at once
    expect(sent[2]).toEqual([2, 'ld']);
    s.push('!');
    s.end();
    expect(sent).toEqual([
      [0, 'Hel'],
      [1, 'lo, wor'],
      [2, 'ld'],
      [3, '!'],
    ]);
    advance(100);
    expect(sent).toHaveLength(4);
    expect(sent.map(([, t]) => t).join('')).toBe('Hello, world!');
    expect(s.sent).toBe(4);
  });

  it('sends every piece with a window of 0, and nothing for empty pieces or an empty end', () => {
    const sent: string[] = [];
    const s = new DeltaStream(
      (_i, t) => sent.push(t),
      0,
      () => clock,
    );
    for (const p of ['a', '', 'b', 'c']) s.push(p);
    s.end();
    s.end();
    expect(sent).toEqual(['a', 'b', 'c']);
  });
});
