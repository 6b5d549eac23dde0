import { describe, expect, it } from 'vitest';
import { noticeAttempt, noticesOf, noticeText, type NoticeMessage } from '../../web/src/workspace/teams/team-notice';

const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};

describe('notice retries', () => {
  it('sends the same text again with the same clientId, so the server stores it once', () => {
    const make = ids();
    const first = noticeAttempt(null, 'Kickoff at 10', make);
    expect(first).toEqual({ content: 'Kickoff at 10', clientId: 'id-1' });
    expect(noticeAttempt(first, 'Kickoff at 10', make)).toBe(first);
    expect(noticeAttempt(first, '  Kickoff at 10  ', make).clientId).toBe('id-1');
  });

  it('gives an edited text a new clientId', () => {
    const make = ids();
    const first = noticeAttempt(null, 'Kickoff at 10', make);
    const edited = noticeAttempt(first, 'Kickoff at 11', make);
    expect(edited).toEqual({ content: 'Kickoff at 11', clientId: 'id-2' });
  });
});

describe('recent notices', () => {
  const msg = (seq: number, type: number | null, content: unknown = `m${seq}`): NoticeMessage => ({ id: seq, fromId: 1, seq, type, content });

  it('keeps the type-9 messages, newest first, at most the limit', () => {
    const list = [msg(1, 9), msg(2, 0), msg(3, 9), msg(4, null), msg(5, 9), msg(6, 9)];
    expect(noticesOf(list, 3).map((m) => m.seq)).toEqual([6, 5, 3]);
    expect(noticesOf([msg(1, 0)])).toEqual([]);
  });

  it('shows text content as it is and anything else as JSON', () => {
    expect(noticeText('hello')).toBe('hello');
    expect(noticeText({ text: 'inner' })).toBe('inner');
    expect(noticeText({ a: 1 })).toBe('{"a":1}');
    expect(noticeText(null)).toBe('');
  });
});
