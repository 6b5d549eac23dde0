import { describe, expect, it } from 'vitest';
import { nextEnabled } from '../../web/src/components/MenuButton';

describe('MenuButton keyboard moves', () => {
  it('moves to the next enabled item, skipping disabled ones and wrapping around', () => {
    const enabled = [true, false, true, true];
    expect(nextEnabled(enabled, -1, 1)).toBe(0);
    expect(nextEnabled(enabled, 0, 1)).toBe(2);
    expect(nextEnabled(enabled, 3, 1)).toBe(0);
    expect(nextEnabled(enabled, 0, -1)).toBe(3);
    expect(nextEnabled(enabled, 2, -1)).toBe(0);
  });

  it('stays put when nothing else can take the focus', () => {
    expect(nextEnabled([false, true, false], 1, 1)).toBe(1);
    expect(nextEnabled([false, false], 0, -1)).toBe(0);
  });
});
