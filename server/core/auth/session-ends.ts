/**
 * Which users' sessions a committed write to the users ended: a new password (passwordV moved), a
 * disabled account (status left 1), a deleted one. Their tokens are refused from the next check on
 * (auth.service.ts); this names them so their open sockets end too, on every instance.
 */
import type { SystemRole } from '../entity/define';
import type { RowChange } from '../crud/totals';
import type { SessionEndReason } from '../realtime';

function endOf(r: RowChange): SessionEndReason | null {
  const { before, after } = r;
  if (!before) return null;
  if (!after || (Number(after.delete ?? 0) !== 0 && Number(before.delete ?? 0) === 0)) return 'deleted';
  if (Number(before.status) === 1 && Number(after.status) !== 1) return 'disabled';
  if (after.passwordV !== undefined && String(after.passwordV) !== String(before.passwordV)) return 'password';
  return null;
}

/** The ids of users whose sessions ended, by reason (empty for any other entity, or rows unknown). */
export function sessionEnds(e: { system?: SystemRole | null }, rows: RowChange[] | null | undefined): Map<SessionEndReason, number[]> {
  const out = new Map<SessionEndReason, number[]>();
  if (e.system !== 'users' || !rows) return out;
  for (const r of rows) {
    const reason = endOf(r);
    const id = Number((r.before ?? r.after)?.id);
    if (reason && Number.isFinite(id)) (out.get(reason) ?? out.set(reason, []).get(reason)!).push(id);
  }
  return out;
}
