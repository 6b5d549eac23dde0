/**
 * Who is signed in: the session's user info, the permission keys and menus of `permmenu`, and the
 * roles the console admits. A small external store read with `useAuth()`.
 */
import { useSyncExternalStore } from 'react';
import type { TokenPair, UserInfo } from '../lib/session';
import { api, type RequestOptions } from './api';
import { calls, type Row } from './data';
import { canWith, type PermCheck } from './can';
import { browserPorts } from './language';
import { syncAccountLanguage } from './member-language';

/** A menu of `permmenu`: a base/sys/menu row, whose flags come as 0/1 from cool-admin-compatible answers. */
export type MenuRow = Omit<Row<'base/sys/menu'>, 'keepAlive' | 'isShow'> & { keepAlive?: boolean | number; isShow?: boolean | number };

export interface AuthState {
  user: UserInfo | null;
  perms: string[];
  menus: MenuRow[];
  consoleRoleIds: number[];
  /** person and permmenu have been loaded for the current token. */
  loaded: boolean;
}

const EMPTY: AuthState = { user: null, perms: [], menus: [], consoleRoleIds: [], loaded: false };
let state: AuthState = { ...EMPTY, user: api.session.getUser() };
const listeners = new Set<() => void>();

function set(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export function getAuth(): AuthState {
  return state;
}

export function subscribeAuth(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuth, getAuth);
}

function toUser(row: Record<string, unknown>): UserInfo {
  const roleIds = Array.isArray(row.roleIdList) ? row.roleIdList.map(Number) : [];
  return { ...row, id: Number(row.id), roleIds } as UserInfo;
}

/** Loads person and permmenu for the stored token. */
export async function loadProfile(options?: RequestOptions): Promise<void> {
  const [person, pm] = await Promise.all([
    calls.base.comm.person({}, options) as Promise<Record<string, unknown>>,
    calls.base.comm.permmenu({}, options) as Promise<{ perms: string[]; menus: MenuRow[]; consoleRoleIds?: number[] }>,
  ]);
  const user = toUser(person);
  api.session.setUser(user);
  // This browser's language stays the page's and the account records it (a failed report is told next time).
  void syncAccountLanguage(user, browserPorts).catch(() => undefined);
  // With COOL_COMPAT on, system menus name cool-admin's view files and keep ours in storedViewPath.
  const menus = (pm.menus ?? []).map((m: MenuRow & { storedViewPath?: string }) => (m.storedViewPath ? { ...m, viewPath: m.storedViewPath } : m));
  set({ user, perms: pm.perms ?? [], menus, consoleRoleIds: (pm.consoleRoleIds ?? []).map(Number), loaded: true });
}

/**
 * The stored session's profile at app start. A failed start-up is silently ignored (000 §4): no
 * toast, a line in the console, and the app renders with what it has (the router rules still apply;
 * an ended session still logs out through the http client).
 */
export function loadProfileAtStart(log: (...args: unknown[]) => void = console.warn): Promise<void> {
  // The entry starts it before the page's code has arrived (first-screen.ts); the root then waits on the same requests.
  starting ??= loadProfile({ silent: true })
    .catch((err: unknown) => log('start-up: the profile did not load', err))
    .finally(() => {
      starting = null;
    });
  return starting;
}

let starting: Promise<void> | null = null;

/** Stores the tokens of a sign-in and loads the profile. */
export async function signedIn(pair: TokenPair): Promise<void> {
  api.session.setTokens(pair);
  await loadProfile();
}

/** Ends the session here (the session client already cleared the tokens). */
export function signedOut(): void {
  api.session.clear();
  set({ ...EMPTY });
}

let leaving = false;

/** Whether this tab's own logout call is under way (the server's session notice may come before its answer). */
export function isSigningOut(): boolean {
  return leaving;
}

/** Logs out on the server too, then locally. */
export async function logout(): Promise<void> {
  leaving = true;
  try {
    if (api.session.getToken()) await calls.base.comm.logout({}, { silent: true });
  } catch {
    /* the local session ends anyway */
  } finally {
    leaving = false;
  }
  signedOut();
}

export { canWith, type PermCheck } from './can';

export function can(check: PermCheck): boolean {
  return canWith(state.perms, check);
}

/** The React form: re-renders when the permissions change. */
export function useCan(): (check: PermCheck) => boolean {
  const { perms } = useAuth();
  return (check) => canWith(perms, check);
}
