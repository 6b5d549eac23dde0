/**
 * Router rules 1–4 of 000 §2 as a pure decision, read as docs/decisions/spec-departures.md fixes it: the token-exempt
 * "fragments" match whole leading path segments (`/discord` and `/discord/x`, not `/discordx`),
 * `/admin/login` and `/reset-password` (reached from the sign-in page) are exempt too, and so is `/workflow_store`
 * (issue 18: the store is browsed without signing in; buying asks for it), and the console admits role id 1 plus
 * the roles of `consoleRoleIds`. Each of these departures is recorded in docs/decisions/spec-departures.md.
 * Rules 5 (refresh) and 6 (route load errors) live in the http client and the app.
 */
import type { UserInfo } from './session';

export const EXEMPT_PATHS: readonly string[] = [
  '/discord',
  '/test',
  '/work',
  '/login',
  '/401',
  '/403',
  '/404',
  '/500',
  '/502',
  '/person',
  '/goods',
  '/home',
  '/register',
  '/admin/login',
  '/reset-password',
  '/workflow_store',
];

export const LOGIN_PATH = '/login';
export const ADMIN_LOGIN_PATH = '/admin/login';
export const REGISTER_PATH = '/register';
export const WORKBENCH_PATH = '/workbench';
export const NOT_FOUND_PATH = '/404';
/** Rule 3's 404 (the spec's page) marked so it can say why: the console is for administrators. */
export const CONSOLE_DENIED_PATH = `${NOT_FOUND_PATH}?from=console`;
export const ADMIN_ROLE_ID = 1;

export interface RouteInput {
  /** The path being entered; a query string or hash is ignored. */
  path: string;
  /** The query string being entered (`?key=…`), kept in the sign-in page's `redirect`. */
  search?: string;
  /** Pass `token: null` when there is no token or the session is fully expired. */
  session: { token: string | null | undefined };
  /** The signed-in user's info, or null when not known. */
  user: Pick<UserInfo, 'id' | 'nickName' | 'inviteCode' | 'roleIds'> | null;
  /** The param `consoleRoleIds`: roles admitted to the console besides role id 1. */
  consoleRoleIds?: readonly number[];
}

export interface RouteDecision {
  redirect?: string;
}

function segments(path: string): string[] {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.split('/').filter(Boolean);
}

/** True when the leading segments of `path` are exactly those of `prefix`. */
export function hasLeadingSegments(path: string, prefix: string): boolean {
  const p = segments(path);
  const f = segments(prefix);
  return f.length > 0 && f.length <= p.length && f.every((s, i) => s === p[i]);
}

export function isExemptPath(path: string): boolean {
  return EXEMPT_PATHS.some((f) => hasLeadingSegments(path, f));
}

export function isLoginPath(path: string): boolean {
  const p = segments(path).join('/');
  return p === 'login' || p === 'admin/login';
}

/** A console path (rule 3): `/admin` and below, except the console sign-in. */
export function isConsolePath(path: string): boolean {
  return hasLeadingSegments(path, '/admin') && !hasLeadingSegments(path, ADMIN_LOGIN_PATH);
}

export function canEnterConsole(user: RouteInput['user'], consoleRoleIds: readonly number[] = []): boolean {
  const roles = (user?.roleIds ?? []).map(Number);
  return roles.includes(ADMIN_ROLE_ID) || roles.some((r) => consoleRoleIds.includes(r));
}

/** Rule 2's target: the additional-info step of registration. */
export function registerRedirect(user: Pick<UserInfo, 'id' | 'inviteCode'>): string {
  const q = `isShowAdditionalInfo=1&id=${encodeURIComponent(String(user.id))}`;
  return `${REGISTER_PATH}?${q}${user.inviteCode ? '' : '&isNeedInviteCode=1'}`;
}

/** The sign-in page that comes back to `path` (+ `search`) afterwards; plain for the home and the workbench. */
export function loginFor(path: string, search = ''): string {
  const bare = path.split(/[?#]/, 1)[0] || '/';
  if (bare === '/' || bare === WORKBENCH_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(bare + search)}`;
}

/**
 * Where to go after signing in, from the sign-in page's `redirect`: a path of this site (one leading
 * slash, no scheme, no backslash), not a sign-in page; null otherwise.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return null;
  if (isLoginPath(value)) return null;
  return value;
}

export function decideRoute({ path, search, session, user, consoleRoleIds = [] }: RouteInput): RouteDecision {
  // 1. No token: only exempt paths; the sign-in page brings the visitor back afterwards.
  if (!session.token) return isExemptPath(path) ? {} : { redirect: loginFor(path, search) };

  // 2. Registration incomplete until nickName is set.
  if (user && !user.nickName && !hasLeadingSegments(path, REGISTER_PATH)) {
    return { redirect: registerRedirect(user) };
  }

  // 3. The console admits role 1 and the consoleRoleIds roles (fails closed while the user is unknown).
  if (isConsolePath(path) && !canEnterConsole(user, consoleRoleIds)) return { redirect: CONSOLE_DENIED_PATH };

  // 4. A signed-in user does not see the sign-in pages (a safe `redirect` of theirs is followed).
  if (isLoginPath(path)) return { redirect: safeRedirect(new URLSearchParams(search ?? '').get('redirect')) ?? WORKBENCH_PATH };

  return {};
}
