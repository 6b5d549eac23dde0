/**
 * Row access in the declaration: which rows a caller who is not an administrator may read, update,
 * delete and create, which fields only administrators set, which fields other people see, and which
 * actions the member role holds.
 *
 * A rule is a function (it may be async) of the caller (`null` for an anonymous caller of a public action) that
 * answers `true` (every row the permission key allows, narrowed by the caller's department data
 * scope, as for the console's staff roles), `false` (nothing: 403), or a {@link Where} that names
 * the rows exactly (then the data scope does not apply: the rule is the whole answer).
 * Administrators (role 1) and the explicit {@link SYSTEM} caller pass every rule.
 * An entity without `access` is closed to everybody but administrators.
 *
 * @example
 * ```ts
 * access: {
 *   read: ({ user }) => user && or(eq('fromId', user.id), eq('toId', user.id)),
 *   update: ({ user }) => user && eq('fromId', user.id),
 *   delete: ({ user }) => user && eq('fromId', user.id),
 *   create: async ({ user, data, exists }) =>
 *     !!user && (await exists('base/group', and(eq('id', data.groupId), eq('userId', user.id)))),
 *   adminOnly: ['isOwner'],
 *   visible: { anonymous: ['id', 'nickName'], member: ['id', 'nickName'] },
 *   members: ['add', 'info', 'list', 'page'],
 * }
 * ```
 */
import type { Where } from '../condition';
import type { ActionName, AuthUser, Row } from './basics';

/** What a rule answers; `null` and `undefined` (from `user && …`) count as false. */
export type Verdict = boolean | Where | null | undefined;

export interface AccessArgs {
  /** The caller; null for an anonymous caller of a public action. */
  user: AuthUser | null;
  /** The payload: the changes of an update, the body of a custom action; absent on reads and deletes. */
  data?: Row;
  /** Whether a live row of another entity matches `where` (a rule may read before it answers). */
  exists(entity: string, where: Where): Promise<boolean>;
}

export interface CreateArgs extends AccessArgs {
  /** The row about to be written (on update: the stored row with the changes applied). */
  data: Row;
}

/** A custom action's rule: may this caller call it with this payload? */
export type ActionRule = (a: AccessArgs) => boolean | null | undefined | Promise<boolean | null | undefined>;

export type Rule = (a: AccessArgs) => Verdict | Promise<Verdict>;

export interface AccessDecl {
  /** info, list and page. Default: nothing. */
  read?: Rule;
  /** Which rows update may change. Default: nothing. */
  update?: Rule;
  /** Which rows delete may remove. Default: nothing. */
  delete?: Rule;
  /** Whether add may write this row; update checks the changed row with it too. Default: no. */
  create?: (a: CreateArgs) => boolean | null | undefined | Promise<boolean | null | undefined>;
  /** Fields only administrators (or a module that checked them itself) set; others' values are ignored. */
  adminOnly?: string[];
  /**
   * Fields of a row that is not theirs that an anonymous caller (default: none), or another member
   * (default: all; applied where the entity has an owner field), may see; the core cuts rows to them,
   * and a read may search, filter and sort only by what it shows (crud/shown.ts).
   */
  visible?: { anonymous?: string[] | 'all'; member?: string[] | 'all' };
  /** The generic actions whose permission keys the member role holds (seeded once, never forced back). */
  members?: ActionName[] | 'all';
  /**
   * Rules of the entity's hand-written actions (`joinTeam`, `place`…), checked before the handler
   * for callers who are not administrators, after the permission key. An action without one is
   * guarded by its key alone.
   */
  actions?: Record<string, ActionRule>;
}

/** The normalized access of an entity. */
export interface Access {
  read: Rule;
  update: Rule;
  delete: Rule;
  create(a: CreateArgs): boolean | null | undefined | Promise<boolean | null | undefined>;
  adminOnly: string[];
  visible: { anonymous: string[]; member: string[] };
  /** Generic actions the member role holds. */
  members: ActionName[];
  actions: Record<string, ActionRule>;
  /** False when the declaration has no `access`: only administrators reach the entity. */
  declared: boolean;
}

/**
 * The caller of work the server does on its own behalf (sign-up, background jobs): passes every
 * access rule and fills no owner field. Passing it is the explicit way to bypass access.
 */
export const SYSTEM: AuthUser = Object.freeze({
  id: 0,
  username: 'system',
  roleIds: [],
  departmentId: null,
  isAdmin: true,
  scope: null,
  system: true,
}) as AuthUser;

/**
 * `SYSTEM` doing work on a person's behalf (a friend removed, a group left): access is the system's,
 * records name the person. A system or anonymous caller gives plain `SYSTEM`.
 * @example core.ops.transaction(systemFor(req.user), (sys) => sys.delete(friends, { ids }))
 */
export function systemFor(caller: AuthUser | null | undefined): AuthUser {
  if (!caller || caller.system) return caller?.actor ? caller : SYSTEM;
  return Object.freeze({ ...SYSTEM, actor: { id: caller.id, username: caller.username } }) as AuthUser;
}

/**
 * Anyone whose role holds the action's permission key, on the rows of their department data scope
 * (own rows and their departments' rows where the entity has an owner or department field; every
 * row otherwise); anonymous callers of public actions read every row and every field. For shared
 * catalogues (ads, apps, dictionaries, VIP plans) and the console's own tables.
 */
export const keyHolders: AccessDecl = {
  read: () => true,
  update: ({ user }) => user !== null,
  delete: ({ user }) => user !== null,
  create: ({ user }) => user !== null,
  visible: { anonymous: 'all' },
};

/**
 * Rows that belong to the caller through the entity's owner field (filled from the token), and
 * for staff roles the rows of their department data scope; nothing for anonymous callers.
 */
export const ownRows: AccessDecl = {
  read: ({ user }) => user !== null,
  update: ({ user }) => user !== null,
  delete: ({ user }) => user !== null,
  create: ({ user }) => user !== null,
};

/**
 * The entities a read rule looks into (its `inRows`), found by asking the rule about a probe
 * member: a write to one of them can change which rows the rule admits, so cached totals of the
 * entity depend on them too.
 */
export async function readDependencies(access: Access): Promise<string[]> {
  const probe: AuthUser = { id: 0, username: '', roleIds: [], departmentId: null, isAdmin: false, scope: [] };
  const out = new Set<string>();
  const walk = (w: Where): void => {
    if ('and' in w) w.and.forEach(walk);
    else if ('or' in w) w.or.forEach(walk);
    else if ('inRows' in w) {
      out.add(w.inRows.entity);
      walk(w.inRows.where);
    }
  };
  const v = await access.read({ user: probe, exists: async () => false });
  if (v && v !== true) walk(v);
  return [...out];
}
