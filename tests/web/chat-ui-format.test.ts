import { describe, expect, it } from 'vitest';
import { contentText, dayName, isOwnRuns, listTime, messageTime, previewOf, previewText } from '../../web/src/workspace/chat/chat-format';
import { groupMessages } from '../../web/src/workspace/chat/message-groups';
import type { ChatMessage } from '../../web/src/app/socket';

const at = (y: number, mo: number, d: number, h = 12, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();
const NOW = at(2025, 3, 18, 15, 30);

describe('message content', () => {
  it('shows strings, an object text, and JSON for anything else', () => {
    expect(contentText('hi')).toEqual({ text: 'hi', raw: false });
    expect(contentText({ text: 'card', url: 'x' })).toEqual({ text: 'card', raw: false });
    expect(contentText({ content: 'inner' })).toEqual({ text: 'inner', raw: false });
    expect(contentText(42)).toEqual({ text: '42', raw: false });
    expect(contentText({ a: 1 })).toEqual({ text: '{\n  "a": 1\n}', raw: true });
    expect(contentText(null)).toEqual({ text: '', raw: false });
  });

  it('previews on one line, cut by characters', () => {
    expect(previewText('a\n\n b   c')).toBe('a b c');
    expect(previewText('你好世界', 2)).toBe('你好…');
    expect(previewText({ a: 1 })).toBe('{ "a": 1 }');
  });
});

describe('times', () => {
  it('shows the clock today, the date before, the year only when another', () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(messageTime(iso(at(2025, 3, 18, 9, 5)), NOW)).toBe('09:05');
    expect(messageTime(iso(at(2025, 3, 17, 23, 59)), NOW)).toBe('03-17 23:59');
    expect(messageTime(iso(at(2024, 12, 31, 8, 0)), NOW)).toBe('2024-12-31 08:00');
    expect(listTime(iso(at(2025, 3, 18, 9, 5)), NOW)).toBe('09:05');
    expect(listTime(iso(at(2025, 1, 2)), NOW)).toBe('01-02');
    expect(messageTime(undefined, NOW)).toBe('');
    expect(listTime('not a time', NOW)).toBe('');
  });

  it('names today and yesterday, else the date', () => {
    expect(dayName(at(2025, 3, 18, 0, 0), NOW)).toEqual({ kind: 'today' });
    expect(dayName(at(2025, 3, 17, 0, 0), NOW)).toEqual({ kind: 'yesterday' });
    expect(dayName(at(2025, 3, 16, 0, 0), NOW)).toEqual({ kind: 'date', date: '03-16' });
    expect(dayName(at(2024, 3, 16, 0, 0), NOW)).toEqual({ kind: 'date', date: '2024-03-16' });
  });
});

const msg = (seq: number, fromId: number, ms: number | null, type?: number): ChatMessage => ({
  id: seq,
  seq,
  fromId,
  toType: 1,
  toId: 7,
  conversation: 'g:7',
  content: `m${seq}`,
  type,
  createTime: ms === null ? undefined : new Date(ms).toISOString(),
});
const shape = (rows: ReturnType<typeof groupMessages>) => rows.map((r) => (r.kind === 'day' ? 'day' : `${r.message.seq}${r.head ? '*' : ''}`));

describe('grouping messages into runs', () => {
  it('starts a run on a new sender, a pause over 5 minutes and a new day', () => {
    const rows = groupMessages([
      msg(1, 2, at(2025, 3, 17, 23, 58)),
      msg(2, 2, at(2025, 3, 17, 23, 59)),
      msg(3, 2, at(2025, 3, 18, 0, 1)), // next day
      msg(4, 3, at(2025, 3, 18, 0, 2)), // another sender
      msg(5, 3, at(2025, 3, 18, 0, 6)),
      msg(6, 3, at(2025, 3, 18, 0, 12)), // 6 minutes later
    ]);
    expect(shape(rows)).toEqual(['day', '1*', '2', 'day', '3*', '4*', '5', '6*']);
  });

  it('keeps a team notice on its own', () => {
    const t = at(2025, 3, 18, 10);
    expect(shape(groupMessages([msg(1, 2, t), msg(2, 2, t, 9), msg(3, 2, t)]))).toEqual(['day', '1*', '2*', '3*']);
  });

  it('joins a message without a time to the run before it', () => {
    const t = at(2025, 3, 18, 10);
    expect(shape(groupMessages([msg(1, 2, t), msg(2, 2, null), msg(3, 2, t + 60_000)]))).toEqual(['day', '1*', '2', '3']);
  });
});

describe('the conversation list preview of AI runs', () => {
  it('labels a failed run instead of showing its { runId, error } JSON', () => {
    expect(previewOf(22, { runId: 7, error: 'timeout' })).toEqual({ label: 'runFailed', text: '' });
  });

  it('labels a run request: its text input shown, a form input left out', () => {
    expect(previewOf(20, 'translate this')).toEqual({ label: 'runRequest', text: 'translate this' });
    expect(previewOf(20, { topic: 'cats', words: 200 })).toEqual({ label: 'runRequest', text: '' });
  });

  it("marks an answer as the AI's, and shows every other message as its text", () => {
    expect(previewOf(21, 'the answer')).toEqual({ label: 'runAnswer', text: 'the answer' });
    expect(previewOf(0, 'hello')).toEqual({ label: null, text: 'hello' });
    expect(previewOf('9', 'notice')).toEqual({ label: null, text: 'notice' });
  });
});

describe('the own runs conversation', () => {
  it('is the private chat with oneself, not another private chat or a group', () => {
    expect(isOwnRuns({ toType: 0, toId: 5 }, 5)).toBe(true);
    expect(isOwnRuns({ toType: 0, toId: 6 }, 5)).toBe(false);
    expect(isOwnRuns({ toType: 1, toId: 5 }, 5)).toBe(false);
    expect(isOwnRuns({ toType: 0, toId: 0 }, 0)).toBe(false);
  });
});
