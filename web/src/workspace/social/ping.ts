/**
 * One timed round trip to the server's `/health` (public, no token), and the summary of several.
 * `now` is injected so the timing can be tested.
 */
import type { Health } from './social-calls';

export interface PingResult {
  ok: boolean;
  ms: number;
  health?: Health;
}

export async function ping(call: () => Promise<Health>, now: () => number = () => performance.now()): Promise<PingResult> {
  const start = now();
  try {
    const health = await call();
    return { ok: true, ms: Math.round(now() - start), health };
  } catch {
    return { ok: false, ms: Math.round(now() - start) };
  }
}

/** Fastest, slowest and median of the successful pings, or null when none succeeded. */
export function pingSummary(results: readonly PingResult[]): { min: number; max: number; median: number; failed: number } | null {
  const times = results
    .filter((r) => r.ok)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const failed = results.length - times.length;
  if (!times.length) return null;
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid] : Math.round((times[mid - 1] + times[mid]) / 2);
  return { min: times[0], max: times[times.length - 1], median, failed };
}
