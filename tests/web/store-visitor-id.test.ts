import { describe, expect, it } from 'vitest';
import { memoryStorage, type StorageLike } from '../../web/src/lib/session';
import { isVisitorId, newVisitorId, VISITOR_KEY, visitorId } from '../../web/src/workspace/store/visitor-id';

describe('store visitor id', () => {
  it('makes an id the server accepts (8 to 64 letters, digits, - or _)', () => {
    expect(isVisitorId(newVisitorId())).toBe(true);
    let i = 0;
    const fixed = newVisitorId(() => ((i++ % 16) + 0.5) / 16);
    expect(fixed).toBe('0123456789abcdef0123456789abcdef');
    expect(isVisitorId(fixed)).toBe(true);
  });
  it('keeps one id per browser: made once, then read back', () => {
    const storage = memoryStorage();
    const first = visitorId(storage, () => 'visitor-aaaa-1111');
    expect(first).toBe('visitor-aaaa-1111');
    expect(storage.getItem(VISITOR_KEY)).toBe('visitor-aaaa-1111');
    expect(visitorId(storage, () => 'another-id-2222')).toBe('visitor-aaaa-1111');
  });
  it('replaces a stored value the server would refuse', () => {
    const storage = memoryStorage({ [VISITOR_KEY]: 'bad id!' });
    expect(visitorId(storage, () => 'fresh-id-3333')).toBe('fresh-id-3333');
    expect(storage.getItem(VISITOR_KEY)).toBe('fresh-id-3333');
  });
  it('still answers an id when the storage throws or is missing', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(visitorId(broken, () => 'page-only-4444')).toBe('page-only-4444');
    expect(visitorId(null, () => 'page-only-5555')).toBe('page-only-5555');
  });
});
