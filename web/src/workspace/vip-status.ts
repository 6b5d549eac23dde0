/** Whether a member is VIP now, from their profile (`vipEndTime`, as `base/comm/person` answers it). */

/** The end of the member's VIP when it is still running at `now`, else null. */
export function vipActiveUntil(user: Readonly<Record<string, unknown>> | null | undefined, now = Date.now()): string | null {
  const end = user?.vipEndTime;
  if (typeof end !== 'string' || !end) return null;
  const at = Date.parse(end);
  return Number.isFinite(at) && at > now ? end : null;
}
