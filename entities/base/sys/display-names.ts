/**
 * Display names of users for rows that carry only their ids (orders, payments): an afterRead helper
 * for the console's tables, which otherwise show "#3".
 */
import { isIn } from '../../../server/core/api';
import type { AuthUser, HookTransaction } from '../../../server/core/api';

/**
 * nickName of each user, falling back to the username for an administrator (the console) or for the
 * caller's own name; null when neither is there. One read for all the ids.
 */
export async function displayNames(t: HookTransaction, ids: Iterable<unknown>, caller: AuthUser): Promise<Map<number, string | null>> {
  const wanted = [...new Set([...ids].map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
  const names = new Map<number, string | null>();
  if (wanted.length === 0) return names;
  const rows = await t.system.find('base/sys/user', isIn('id', wanted), { fields: ['nickName', 'username'], deleted: true });
  for (const u of rows) {
    const id = Number(u.id);
    const nick = typeof u.nickName === 'string' && u.nickName.trim() ? u.nickName : null;
    const login = caller.isAdmin || caller.id === id ? ((u.username as string | null) ?? null) : null;
    names.set(id, nick ?? login);
  }
  return names;
}
