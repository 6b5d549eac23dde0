/**
 * Runs the pay-poll.ts machine for one order: asks `query` of the first provider in `providers`
 * (a 503 — that provider is not configured — moves on to the next), waits the machine's delay,
 * and stops when it settles or times out. `retry()` starts another two minutes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isUnavailable, queryOrder } from './pay-calls';
import type { Provider } from './pay-memory';
import { onAnswer, onError, retryPoll, startPoll, type OrderState, type PollState } from './pay-poll';

export interface PaymentPoll {
  state: PollState | null;
  /** The last answer (status, payStatus, reason). */
  last: OrderState | null;
  retry: () => void;
}

export function usePaymentPoll(orderNo: string, providers: Provider[], enabled: boolean): PaymentPoll {
  const [state, setState] = useState<PollState | null>(null);
  const [last, setLast] = useState<OrderState | null>(null);
  const [round, setRound] = useState(0);
  const key = providers.join(',');
  const stateRef = useRef<PollState | null>(null);
  stateRef.current = state;

  useEffect(() => {
    if (!enabled || !providers.length) {
      setState(null);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let at = 0;
    let s: PollState = stateRef.current && round > 0 ? retryPoll(stateRef.current, Date.now()) : startPoll(Date.now());
    setState(s);

    const ask = async () => {
      if (!live) return;
      try {
        const answer = await queryOrder(providers[at], orderNo);
        if (!live) return;
        setLast(answer);
        s = onAnswer(s, answer, Date.now());
      } catch (e) {
        if (!live) return;
        if (isUnavailable(e) && at + 1 < providers.length) {
          at += 1;
          timer = setTimeout(() => void ask(), 0);
          return;
        }
        s = onError(s, Date.now());
      }
      setState(s);
      if (s.phase === 'polling') timer = setTimeout(() => void ask(), s.delay);
    };
    void ask();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
    // `providers` is compared by its key; a new round restarts after a timeout.
  }, [orderNo, key, enabled, round]);

  const retry = useCallback(() => setRound((r) => r + 1), []);
  return { state, last, retry };
}
