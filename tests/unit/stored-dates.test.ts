import { describe, expect, it } from 'vitest';
import { fromStoredDate, toStoredDate } from '../../server/core/crud/values';
import { seededRandom } from '../helpers/random';

describe('stored datetimes read back as ISO-8601 UTC', () => {
  it('reads each shape the drivers hand back', () => {
    expect(fromStoredDate('2026-01-02 03:04:05.678')).toBe('2026-01-02T03:04:05.678Z');
    expect(fromStoredDate('2026-01-02 03:04:05')).toBe('2026-01-02T03:04:05.000Z');
    expect(fromStoredDate('2026-01-02 03:04:05.678901')).toBe('2026-01-02T03:04:05.678Z');
    expect(fromStoredDate('2026-01-02 03:04:05.6')).toBe('2026-01-02T03:04:05.600Z');
    expect(fromStoredDate('2026-01-02T03:04:05.678Z')).toBe('2026-01-02T03:04:05.678Z');
    expect(fromStoredDate('2026-01-02')).toBe('2026-01-02T00:00:00.000Z');
    expect(fromStoredDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe('2026-01-02T03:04:05.678Z');
    expect(fromStoredDate(null)).toBeNull();
    expect(fromStoredDate(undefined)).toBeNull();
  });

  it('answers the instant that was stored, for any instant with or without milliseconds', () => {
    const random = seededRandom(14);
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(random() * Date.UTC(2100, 0, 1));
      const instant = new Date(i % 2 ? ms : ms - (ms % 1000)).toISOString();
      const stored = toStoredDate(instant)!;
      expect(fromStoredDate(stored)).toBe(instant);
      // MySQL hands a DATETIME without fraction back as whole seconds.
      if (i % 2 === 0) expect(fromStoredDate(stored.slice(0, 19))).toBe(instant);
    }
  });
});
