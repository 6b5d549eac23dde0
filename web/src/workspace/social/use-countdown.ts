/**
 * A countdown that runs `onDone` once after `ms`, unless stopped first; re-renders about every
 * 250 ms with the time left. `state`: running, stopped (by `stop`) or done (`onDone` ran).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type CountdownState = 'running' | 'stopped' | 'done';

export function useCountdown(ms: number, onDone: () => void): { ms: number; state: CountdownState; stop(): void } {
  const [left, setLeft] = useState(ms);
  const [state, setState] = useState<CountdownState>('running');
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (state !== 'running') return;
    const end = Date.now() + ms;
    const tick = window.setInterval(() => setLeft(Math.max(0, end - Date.now())), 250);
    const fire = window.setTimeout(() => {
      setLeft(0);
      setState('done');
      done.current();
    }, ms);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(fire);
    };
  }, [ms, state]);

  const stop = useCallback(() => setState((s) => (s === 'running' ? 'stopped' : s)), []);
  return { ms: left, state, stop };
}
