import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code may be sent again; `start()` begins a new wait. */
export function useCountdown(seconds = 60, initial = 0): { left: number; start: () => void } {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return undefined;
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, start };
}
