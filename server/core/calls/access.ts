/**
 * Who may make a declared call (call.ts), said once, in its declaration:
 * - `'public'`: anyone, with or without a token;
 * - `'signedIn'`: any valid token;
 * - `'permission'`: a token whose roles hold the call's key `module:group:action` (the default);
 * - `'admin'`: the administrator only;
 * - `check(...)`: one of those guards and then a rule of the caller and the validated input, e.g.
 *   "a member of the group `groupId`", run after the input is read (a bad input answers 1002 first)
 *   and before the handler; `false` answers 403. An administrator passes every rule.
 *
 *   access: check(l('a member of the group', …), ({ user, input, exists }) =>
 *     exists('base/groupMember', and(eq('groupId', input.groupId), eq('userId', user.id))))
 *
 * Data-dependent checks that must hold inside the handler's transaction (the caller is still the
 * owner when the group's row is locked) stay in the operation, named, as before.
 */
import type { Caller } from '../auth/auth.service';
import type { Where } from '../condition';
import type { Labels } from '../entity/define';
import type { Guard } from '../http/route';

export interface CheckContext<I> {
  /** The signed-in caller (a call without a token fails every rule: 403). */
  user: Caller;
  input: I;
  /** Whether a live row of `entity` matches `where` (read as the system, whatever the caller may read). */
  exists(entity: string, where: Where): Promise<boolean>;
}

export interface Check<I> {
  kind: 'check';
  /** The guard before the rule ('permission' by default). */
  guard: Guard;
  /** What the rule asks of the caller, for /eps, OpenAPI and agents. */
  says: Labels;
  allow(ctx: CheckContext<I>): boolean | Promise<boolean>;
}

export type Access<I> = Guard | Check<I>;

/** A rule of the caller and the input, behind `guard` (the permission key by default). */
export function check<I>(says: Labels, allow: Check<I>['allow'], guard: Guard = 'permission'): Check<I> {
  return { kind: 'check', guard, says, allow };
}

export function guardOf(a: Access<unknown> | undefined): Guard {
  if (a === undefined) return 'permission';
  return typeof a === 'string' ? a : a.guard;
}

const GUARD_SAYS: Record<Guard, Labels> = {
  public: { en: 'anyone', 'zh-cn': '任何人', 'zh-tw': '任何人' },
  signedIn: { en: 'any signed-in account', 'zh-cn': '任何已登录账号', 'zh-tw': '任何已登入帳號' },
  permission: { en: 'roles holding the permission', 'zh-cn': '拥有该权限的角色', 'zh-tw': '擁有該權限的角色' },
  admin: { en: 'the administrator', 'zh-cn': '管理员', 'zh-tw': '管理員' },
};

/** What the rule says, in the three languages: the guard and, when there is one, the check. */
export function accessSays(a: Access<unknown> | undefined, guard: Guard): Labels {
  const g = GUARD_SAYS[guard];
  if (a === undefined || typeof a === 'string') return g;
  return { en: `${g.en}; and ${a.says.en}`, 'zh-cn': `${g['zh-cn']}；且${a.says['zh-cn']}`, 'zh-tw': `${g['zh-tw']}；且${a.says['zh-tw']}` };
}
