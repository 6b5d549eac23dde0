import { describe, expect, it } from 'vitest';
import { anchoredScrollTop, nearBottom, shouldLoadOlder } from '../../web/src/workspace/chat/scroll-keep';

describe('scroll keeping', () => {
  it('counts the last 120 px as the bottom', () => {
    expect(nearBottom({ scrollTop: 880, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(nearBottom({ scrollTop: 879, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
    expect(nearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });

  it('loads older messages near the top only while more exist and nothing loads', () => {
    const top = { scrollTop: 40, scrollHeight: 3000, clientHeight: 500 };
    expect(shouldLoadOlder(top, { hasMore: true, loading: false })).toBe(true);
    expect(shouldLoadOlder(top, { hasMore: false, loading: false })).toBe(false);
    expect(shouldLoadOlder(top, { hasMore: true, loading: true })).toBe(false);
    expect(shouldLoadOlder({ ...top, scrollTop: 400 }, { hasMore: true, loading: false })).toBe(false);
  });

  it('loads on when the list does not fill its box', () => {
    expect(shouldLoadOlder({ scrollTop: 0, scrollHeight: 400, clientHeight: 500 }, { hasMore: true, loading: false })).toBe(true);
  });

  it('keeps the message being read in place after a page was put above', () => {
    // The message was 30 px below the top edge; 1,200 px of older messages pushed it to 1,230 px.
    expect(anchoredScrollTop(10, 1230, 30)).toBe(1210);
    expect(anchoredScrollTop(0, 30, 30)).toBe(0);
    // A loading row removed above it: it moved up by 40 px.
    expect(anchoredScrollTop(500, -10, 30)).toBe(460);
    expect(anchoredScrollTop(10, -100, 30)).toBe(0);
  });
});
