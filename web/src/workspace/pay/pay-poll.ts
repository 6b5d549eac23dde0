/**
 * The return page's polling, as a pure state machine (no timers, no network: the hook in
 * use-payment-poll.ts feeds it answers and waits `delay` between queries).
 *
 *   polling ──answer: paid / failed / cancelled / expired / refunded──▶ settled
 *      │  ╰─answer: pending, or a failed query──▶ polling (the next delay grows: 2 s × 1.25ⁿ, at most 8 s)
 *      ╰─ LIMIT (2 minutes) passed, or too many failed queries in a row ──▶ timeout ──retry──▶ polling
 *
 * What an order's `{status, payStatus, reason}` means (docs/reference/calls/commerce.md): status 1 paid,
 * 9 refunded, 4 cancelled (reason `expired…` when the time to pay ran out); a pending order (0)
 * with payStatus 2 had a failed attempt (it stays payable).
 */

export type Outcome = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';

export interface OrderState {
  status: number;
  payStatus: number;
  reason?: string | null;
}

export interface PollState {
  phase: 'polling' | 'settled' | 'timeout';
  outcome: Outcome;
  /** Queries answered or failed since the (re)start. */
  attempts: number;
  /** Failed queries in a row. */
  failures: number;
  startedAt: number;
  /** Milliseconds to wait before the next query (polling only). */
  delay: number;
}

export const POLL = {
  first: 2000,
  factor: 1.25,
  max: 8000,
  /** Stop waiting after this long; the member may retry. */
  limit: 120_000,
  /** Failed queries in a row before giving up early. */
  maxFailures: 6,
} as const;

export function outcomeOf(o: OrderState): Outcome {
  const status = Number(o.status);
  if (status === 1) return 'paid';
  if (status === 9) return 'refunded';
  if (status === 4) return String(o.reason ?? '').startsWith('expired') ? 'expired' : 'cancelled';
  if (Number(o.payStatus) === 2) return 'failed';
  return 'pending';
}

/** The wait before query number `attempts + 1`. */
export function nextDelay(attempts: number): number {
  return Math.min(POLL.max, Math.round(POLL.first * POLL.factor ** Math.max(0, attempts)));
}

export function startPoll(now: number): PollState {
  return { phase: 'polling', outcome: 'pending', attempts: 0, failures: 0, startedAt: now, delay: 0 };
}

function carryOn(s: PollState, now: number, failures: number): PollState {
  const attempts = s.attempts + 1;
  const delay = nextDelay(attempts - 1);
  const over = now + delay - s.startedAt > POLL.limit || failures >= POLL.maxFailures;
  return { ...s, attempts, failures, delay: over ? 0 : delay, phase: over ? 'timeout' : 'polling' };
}

/** A query answered. Answers after the poll stopped change nothing. */
export function onAnswer(s: PollState, answer: OrderState, now: number): PollState {
  if (s.phase !== 'polling') return s;
  const outcome = outcomeOf(answer);
  if (outcome !== 'pending') return { ...s, phase: 'settled', outcome, attempts: s.attempts + 1, failures: 0, delay: 0 };
  return carryOn({ ...s, outcome }, now, 0);
}

/** A query failed (network, a 5xx): try again later, give up after a few in a row. */
export function onError(s: PollState, now: number): PollState {
  if (s.phase !== 'polling') return s;
  return carryOn(s, now, s.failures + 1);
}

/** "Check again" after a timeout: a fresh two minutes. */
export function retryPoll(s: PollState, now: number): PollState {
  return s.phase === 'settled' ? s : startPoll(now);
}
