/**
 * Team join keys: the invite link an owner shares, reading a key back out of what someone pastes
 * (a bare key or a whole invite link), and the reason codes of `groupMember/canJoin`.
 *
 * The server makes keys of 10 base62 characters and stores up to 64; a pasted text is accepted when
 * it is, or carries in its `key` query parameter, 1..64 letters, digits, `-` or `_`.
 */
export const JOIN_PATH = '/join_team';

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && KEY.test(key);
}

export function inviteLink(origin: string, key: string): string {
  return `${origin.replace(/\/+$/, '')}${JOIN_PATH}?key=${encodeURIComponent(key)}`;
}

/** The key in a pasted text: a bare key, or the `key` parameter of a link; null when there is none. */
export function keyFromInput(text: string): string | null {
  const s = text.trim();
  if (!s) return null;
  if (KEY.test(s)) return s;
  const q = s.indexOf('?');
  if (q < 0) return null;
  const key = new URLSearchParams(s.slice(q + 1).split('#')[0]).get('key')?.trim() ?? null;
  return isValidKey(key) ? key : null;
}

/** Reasons canJoin gives (team.routes.ts); any other is shown as the server wrote it. */
export const JOIN_REASONS = ['not_found', 'deleted', 'member'] as const;
export type JoinReason = (typeof JOIN_REASONS)[number];

export function knownReason(reason: unknown): JoinReason | null {
  return (JOIN_REASONS as readonly unknown[]).includes(reason) ? (reason as JoinReason) : null;
}

/** The sign-in address that brings the visitor back here afterwards. */
export function signInPath(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}
