/**
 * Personal API keys (entity base/apiKey): a bearer credential that signs in as its owner, for
 * scripts and agents (the MCP server). Only the key's SHA-256 is stored (a key is 32 random bytes, so
 * a slow KDF buys nothing); it is shown once, when made.
 *
 * A key never acts as more than its owner: the caller it gives is the owner's current state (roles,
 * permission keys, data scope, enabled), read as a token's is, so whatever the owner loses the key
 * loses at once, and a disabled owner's keys are refused. Its scope narrows it further:
 * - `modules`: only calls of these modules;
 * - `perms`: only calls whose permission key (`module:entity:action`; for a call without one, the key
 *   its path gives) is an entry or starts with an entry and a colon (`goods:order` = every action of
 *   orders).
 * The key row is read on every request (one indexed look-up): a revoked or expired key is refused at
 * once on every instance, with no cache to wait out.
 */
import { createHash, randomBytes } from 'node:crypto';

/** What every key starts with, so a key is told from a token (and found by secret scanners). */
export const API_KEY_PREFIX = 'cak_';
/** The characters of a key kept in clear to recognise it in a list. */
export const SHOWN_PREFIX_LENGTH = 12;
/** How often `lastUsedTime` is written per key and process, at most. */
export const LAST_USED_EVERY_MS = 60_000;

/** The key a request signed in with, on its caller. */
export interface KeyScope {
  id: number;
  name: string;
  /** Modules the key may call, or null for the owner's every module. */
  modules: string[] | null;
  /** Permission keys or entity prefixes (`goods:order`) the key may call, or null for all of the owner's. */
  perms: string[] | null;
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: the secret shown once, its hash and the prefix kept to recognise it. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

/** What a route says of itself that a key's scope reads (http/route.ts Route has it; not imported, so auth does not depend on http). */
export interface ScopedRoute {
  permission: string | null;
  module: string;
  group: string;
  path: string;
}

/** The permission key a route answers to: its own, or `module:entity:action` from its path. */
export function routeKey(route: ScopedRoute): string {
  if (route.permission) return route.permission;
  const action = route.path.split('/').pop() ?? '';
  return [route.module, ...route.group.split('/'), action].join(':');
}

/** Whether `scope` lets a call of `module` with permission key `key` through. */
export function scopeAllows(scope: KeyScope, module: string, key: string): boolean {
  if (scope.modules && !scope.modules.includes(module)) return false;
  if (scope.perms && !scope.perms.some((p) => key === p || key.startsWith(`${p}:`))) return false;
  return true;
}

/** Whether the key `caller` signed in with (if any) lets `route` through; the owner's rights are checked apart. */
export function keyAllowsRoute(caller: { key?: KeyScope | null }, route: ScopedRoute): boolean {
  return !caller.key || scopeAllows(caller.key, route.module, routeKey(route));
}

/** A stored list column (JSON text or an array) as a list of strings, or null. */
export function scopeList(v: unknown): string[] | null {
  let x = v;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return null;
    }
  }
  return Array.isArray(x) ? x.map(String) : null;
}
