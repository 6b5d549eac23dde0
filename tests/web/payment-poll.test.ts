import { describe, expect, it } from 'vitest';
import { nextDelay, onAnswer, onError, outcomeOf, POLL, retryPoll, startPoll, type PollState } from '../../web/src/workspace/pay/pay-poll';

const pending = { status: 0, payStatus: 0, reason: null };

describe('what an order state means', () => {
  it('reads paid, refunded, cancelled and expired from the status', () => {
    expect(outcomeOf({ status: 1, payStatus: 1 })).toBe('paid');
    expect(outcomeOf({ status: 9, payStatus: 4, reason: 'refunded_by_admin' })).toBe('refunded');
    expect(outcomeOf({ status: 4, payStatus: 0, reason: 'cancelled' })).toBe('cancelled');
    expect(outcomeOf({ status: 4, payStatus: 0, reason: null })).toBe('cancelled');
    expect(outcomeOf({ status: 4, payStatus: 0, reason: 'expired' })).toBe('expired');
    expect(outcomeOf({ status: 4, payStatus: 4, reason: 'expired_refunded' })).toBe('expired');
  });

  it('reads a failed attempt of a pending order from payStatus 2, and plain pending otherwise', () => {
    expect(outcomeOf({ status: 0, payStatus: 2 })).toBe('failed');
    expect(outcomeOf(pending)).toBe('pending');
  });
});

describe('the polling machine', () => {
  it('asks at once, then every ~2 s growing to at most 8 s', () => {
    expect(startPoll(0)).toMatchObject({ phase: 'polling', delay: 0, attempts: 0 });
    expect(nextDelay(0)).toBe(2000);
    expect(nextDelay(1)).toBe(2500);
    expect(nextDelay(2)).toBe(3125);
    expect(nextDelay(50)).toBe(POLL.max);
    let s = startPoll(0);
    s = onAnswer(s, pending, 100);
    expect(s).toMatchObject({ phase: 'polling', delay: 2000, attempts: 1, outcome: 'pending' });
    s = onAnswer(s, pending, 2200);
    expect(s.delay).toBe(2500);
  });

  it('settles on the first answer that is not pending', () => {
    let s = onAnswer(startPoll(0), pending, 10);
    s = onAnswer(s, { status: 1, payStatus: 1 }, 2100);
    expect(s).toMatchObject({ phase: 'settled', outcome: 'paid', delay: 0 });
    expect(onAnswer(s, pending, 4000)).toBe(s);
    expect(onAnswer(startPoll(0), { status: 0, payStatus: 2 }, 5).outcome).toBe('failed');
    expect(onAnswer(startPoll(0), { status: 4, payStatus: 0, reason: 'expired' }, 5)).toMatchObject({ phase: 'settled', outcome: 'expired' });
  });

  it('stops waiting after two minutes', () => {
    let s: PollState = startPoll(0);
    let now = 0;
    let rounds = 0;
    while (s.phase === 'polling' && rounds < 100) {
      now += s.delay;
      s = onAnswer(s, pending, now);
      rounds += 1;
    }
    expect(s.phase).toBe('timeout');
    expect(now).toBeLessThanOrEqual(POLL.limit);
    expect(now).toBeGreaterThan(POLL.limit - 2 * POLL.max);
    expect(rounds).toBeGreaterThan(10);
  });

  it('keeps asking through a few failed queries, and gives up after too many in a row', () => {
    let s = onError(startPoll(0), 10);
    expect(s).toMatchObject({ phase: 'polling', failures: 1 });
    s = onAnswer(s, pending, 2100);
    expect(s.failures).toBe(0);
    for (let i = 0; i < POLL.maxFailures; i++) s = onError(s, 3000 + i);
    expect(s.phase).toBe('timeout');
  });

  it('starts a fresh two minutes on retry after a timeout, but never reopens a settled poll', () => {
    const timedOut: PollState = { ...startPoll(0), phase: 'timeout', attempts: 30 };
    expect(retryPoll(timedOut, 200_000)).toMatchObject({ phase: 'polling', attempts: 0, startedAt: 200_000 });
    const settled = onAnswer(startPoll(0), { status: 1, payStatus: 1 }, 1);
    expect(retryPoll(settled, 5)).toBe(settled);
  });
});
