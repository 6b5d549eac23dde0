/** Rate limits an operator sets in the environment as `max/seconds` (e.g. `20/10`). */

/** At most `max` in any `windowSeconds`. */
export interface RateWindow {
  max: number;
  windowSeconds: number;
}

/** `text` read as `max/seconds` (both above 0), else `fallback`. */
export function rateWindowOf(text: string | undefined, fallback: RateWindow): RateWindow {
  const m = /^(\d+)\/(\d+)$/.exec((text ?? '').trim());
  if (!m) return fallback;
  const [max, windowSeconds] = [Number(m[1]), Number(m[2])];
  return max > 0 && windowSeconds > 0 ? { max, windowSeconds } : fallback;
}
