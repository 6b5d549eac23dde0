/** The live answer of a run built from its delta notices: order by index, gaps, repeats, and which messages end a run. */
import { describe, expect, it } from 'vitest';
import {
  conversationKeyOf,
  finalRunOf,
  GAP,
  MAX_STREAM_CHARS,
  readDelta,
  RUN_MESSAGE_TYPE,
  runPhase,
  StreamAccumulator,
} from '../../web/src/workspace/apps/run-stream-model';

function feed(pieces: Array<[number, string]>): StreamAccumulator {
  const acc = new StreamAccumulator();
  for (const [i, text] of pieces) acc.add(i, text);
  return acc;
}

describe('a run stream accumulator', () => {
  it('joins pieces that come in order', () => {
    const v = feed([
      [0, 'Hel'],
      [1, 'lo, '],
      [2, 'world'],
    ]).view();
    expect(v).toEqual({ text: 'Hello, world', startsLate: false, complete: true, pieces: 3 });
  });

  it('places pieces by index whatever the order they came in', () => {
    const acc = feed([
      [2, 'c'],
      [0, 'a'],
      [1, 'b'],
    ]);
    expect(acc.view().text).toBe('abc');
    expect(acc.view().complete).toBe(true);
    // Appending after an out-of-order piece keeps the text right.
    acc.add(3, 'd');
    acc.add(5, 'f');
    acc.add(4, 'e');
    expect(acc.view().text).toBe('abcdef');
  });

  it('ignores a repeated index: the first text wins and nothing changes', () => {
    const acc = feed([
      [0, 'one '],
      [1, 'two'],
    ]);
    const before = acc.view();
    expect(acc.add(1, 'TWO')).toBe(false);
    expect(acc.add(0, 'one ')).toBe(false);
    expect(acc.view()).toEqual(before);
    expect(acc.view().text).toBe('one two');
  });

  it('shows a missing piece as a gap until it comes', () => {
    const acc = feed([
      [0, 'a'],
      [2, 'c'],
    ]);
    expect(acc.view()).toMatchObject({ text: `a${GAP}c`, complete: false, startsLate: false });
    acc.add(1, 'b');
    expect(acc.view()).toMatchObject({ text: 'abc', complete: true });
  });

  it('marks a stream joined in the middle (first index above 0) with a leading gap', () => {
    const acc = feed([
      [5, 'fgh'],
      [6, 'ij'],
    ]);
    expect(acc.view()).toEqual({ text: `${GAP}fghij`, startsLate: true, complete: false, pieces: 2 });
    acc.add(0, 'a');
    expect(acc.view().text).toBe(`a${GAP}fghij`);
    expect(acc.view().startsLate).toBe(false);
  });

  it('holds an empty stream as empty and complete', () => {
    expect(new StreamAccumulator().view()).toEqual({ text: '', startsLate: false, complete: true, pieces: 0 });
  });

  it('keeps no more than MAX_STREAM_CHARS characters', () => {
    const acc = new StreamAccumulator();
    expect(acc.add(0, 'x'.repeat(MAX_STREAM_CHARS))).toBe(true);
    expect(acc.add(1, 'y')).toBe(false);
    expect(acc.view().text.length).toBe(MAX_STREAM_CHARS);
  });
});

describe('delta notices', () => {
  it('reads a well-formed delta', () => {
    expect(readDelta({ runId: 4, conversation: 'g:7', index: 0, text: 'Hi' })).toEqual({ runId: 4, conversation: 'g:7', index: 0, text: 'Hi' });
  });

  it('drops malformed ones instead of throwing', () => {
    for (const bad of [
      null,
      'x',
      {},
      { runId: 0, conversation: 'g:7', index: 0, text: '' },
      { runId: 4, conversation: '', index: 0, text: '' },
      { runId: 4, conversation: 'g:7', index: -1, text: 'a' },
      { runId: 4, conversation: 'g:7', index: 1.5, text: 'a' },
      { runId: 4, conversation: 'g:7', index: 0, text: 5 },
      { runId: '4', conversation: 'g:7', index: 0, text: 'a' },
    ]) {
      expect(readDelta(bad)).toBeNull();
    }
  });
});

describe('messages that end a run', () => {
  it('are the answer (ok) and the error (failed) naming the run in relateId', () => {
    expect(finalRunOf({ type: RUN_MESSAGE_TYPE.answer, relateId: 9, content: 'done' })).toEqual({ runId: 9, ok: true });
    expect(finalRunOf({ type: RUN_MESSAGE_TYPE.error, relateId: 9, content: { runId: 9, error: 'timeout' } })).toEqual({ runId: 9, ok: false });
  });

  it('fall back to the error content runId when relateId is missing', () => {
    expect(finalRunOf({ type: 22, content: { runId: 3, error: 'upstream' } })).toEqual({ runId: 3, ok: false });
  });

  it('are not requests, plain messages, or messages naming no run', () => {
    expect(finalRunOf({ type: RUN_MESSAGE_TYPE.request, relateId: 9 })).toBeNull();
    expect(finalRunOf({ type: 0, relateId: 9 })).toBeNull();
    expect(finalRunOf({ type: null, content: 'hi' })).toBeNull();
    expect(finalRunOf({ type: 21, content: 'no run' })).toBeNull();
  });
});

describe('conversation keys', () => {
  it('are the server’s: the group, or the two users lowest first (a member with themself too)', () => {
    expect(conversationKeyOf(5, { toType: 1, toId: 7 })).toBe('g:7');
    expect(conversationKeyOf(5, { toType: 0, toId: 3 })).toBe('p:3:5');
    expect(conversationKeyOf(3, { toType: 0, toId: 5 })).toBe('p:3:5');
    expect(conversationKeyOf(5, { toType: 0, toId: 5 })).toBe('p:5:5');
  });
});

describe('the phase of a run the dialog started', () => {
  const answer = { type: RUN_MESSAGE_TYPE.answer, relateId: 7, content: { runId: 7, text: 'hi' } };
  const error = { type: RUN_MESSAGE_TYPE.error, relateId: 7, content: { runId: 7, error: 'x' } };

  it('leaves "queued" for an async run once its answer or error arrived', () => {
    expect(runPhase(true, false, null)).toBe('queued');
    expect(runPhase(true, false, answer)).toBe('done');
    expect(runPhase(true, false, error)).toBe('failed');
    expect(runPhase(true, true, null)).toBe('live');
  });

  it('waits, streams and ends a sync run', () => {
    expect(runPhase(false, false, null)).toBe('waiting');
    expect(runPhase(false, true, null)).toBe('live');
    expect(runPhase(false, true, answer)).toBe('done');
  });
});
