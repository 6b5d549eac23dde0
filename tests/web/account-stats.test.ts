import { describe, expect, it } from 'vitest';
import { dayOf, daysOf, fillSeries, lastDays, statsBody } from '../../web/src/workspace/account/stats-series';
import { accountPath, tabOf } from '../../web/src/workspace/account/account-tabs';

describe('the seller statistics range', () => {
  it('takes the last n local days, today included', () => {
    expect(lastDays(7, new Date(2026, 10, 25, 15, 30))).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(lastDays(1, new Date(2026, 0, 1, 0, 5))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(lastDays(3, new Date(2026, 2, 1))).toEqual({ from: '2026-02-27', to: '2026-03-01' });
  });

  it('lists every day of a range, across months, at most 400', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf({ from: '2026-03-02', to: '2026-03-01' })).toEqual([]);
    expect(daysOf({ from: 'x', to: '2026-03-01' })).toEqual([]);
    expect(daysOf({ from: '2020-01-01', to: '2026-01-01' })).toHaveLength(400);
  });

  it('asks from the start of the first day to the start of the day after the last, with the zone offset', () => {
    const b = statsBody({ from: '2026-11-19', to: '2026-11-25' });
    expect(b.by).toBe('day');
    expect(new Date(b.startTime).getTime()).toBe(new Date(2026, 10, 19).getTime());
    expect(new Date(b.endTime).getTime()).toBe(new Date(2026, 10, 26).getTime());
    expect(b.tzOffset).toBe(-new Date(2026, 10, 19).getTimezoneOffset());
    expect(dayOf(new Date(b.startTime))).toBe('2026-11-19');
  });

  it('lays the server series on every day, 0 where a day had no sale', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
    expect(
      fillSeries(days, [
        { day: '2026-11-25', value: 41.9 },
        { day: '2026-11-23', value: 2 },
      ]),
    ).toEqual([2, 0, 41.9]);
    expect(
      fillSeries(days, [
        { day: '2026-11-01', value: 5 },
        { day: 7, value: 1 },
        { day: '2026-11-24', value: 'x' },
      ]),
    ).toEqual([0, 0, 0]);
    expect(fillSeries(days, undefined)).toEqual([0, 0, 0]);
  });
});

describe('the personal centre tabs', () => {
  it('reads ?tab= leniently and links each tab', () => {
    expect(tabOf(new URLSearchParams('tab=orders'))).toBe('orders');
    expect(tabOf(new URLSearchParams('tab=nope'))).toBe('profile');
    expect(tabOf(new URLSearchParams(''))).toBe('profile');
    expect(accountPath('profile')).toBe('/my/info');
    expect(accountPath('orders', { side: 'sold' })).toBe('/my/info?tab=orders&side=sold');
  });
});
