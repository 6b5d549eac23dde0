import { describe, expect, it } from 'vitest';
import { vipActiveUntil } from '../../web/src/workspace/vip-status';

describe('the VIP a workspace shows', () => {
  const now = Date.parse('2026-12-06T08:00:00Z');

  it('is the end of a VIP still running', () => {
    expect(vipActiveUntil({ vipEndTime: '2027-01-05T08:00:00.000Z' }, now)).toBe('2027-01-05T08:00:00.000Z');
  });

  it('is none for a VIP that ended, never was, or an unreadable end', () => {
    for (const u of [{ vipEndTime: '2026-12-01T00:00:00.000Z' }, { vipEndTime: null }, {}, { vipEndTime: 'soon' }, null])
      expect(vipActiveUntil(u, now)).toBeNull();
  });
});
