/**
 * The client-held session of 000 §3/§4: token, refresh token, their expiry times and the user info,
 * kept in an injected Storage-like store (localStorage in the browser, an in-memory map in tests).
 */

/** The part of the DOM `Storage` interface the session needs. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What sign-in and refresh return (`expire`/`refreshExpire` are lifetimes in seconds). */
export interface TokenPair {
  token: string;
  expire: number;
  refreshToken: string;
  refreshExpire: number;
}

export interface UserInfo {
  id: number;
  name?: string | null;
  nickName?: string | null;
  inviteCode?: string | null;
  roleIds?: number[];
  [extra: string]: unknown;
}

/** valid; expired but refreshable; fully expired (forces logout); or no token at all (000 §4). */
export type TokenState = 'none' | 'valid' | 'refreshable' | 'expired';

/** A token counts as expired when less than this many milliseconds remain (000 §9). */
export const EXPIRY_MARGIN_MS = 2000;

export const STORAGE_KEYS = {
  token: 'token',
  tokenExpire: 'tokenExpire',
  refreshToken: 'refreshToken',
  refreshExpire: 'refreshTokenExpire',
  userInfo: 'userInfo',
} as const;

export interface Session {
  /** The access token with double quotes stripped, or null. */
  getToken(): string | null;
  getRefreshToken(): string | null;
  /** Epoch milliseconds, or null when unknown. */
  getTokenExpiresAt(): number | null;
  getRefreshExpiresAt(): number | null;
  tokenState(): TokenState;
  /** A token is present and the session is usable: the access token is valid or can still be refreshed. */
  isSignedIn(): boolean;
  /** Stores a pair from sign-in or refresh; expiry times are computed from now. */
  setTokens(pair: TokenPair): void;
  getUser(): UserInfo | null;
  setUser(user: UserInfo): void;
  clear(): void;
}

function stripQuotes(v: string | null): string | null {
  if (v == null) return null;
  const s = v.replace(/"/g, '').trim();
  return s ? s : null;
}

function readTime(v: string | null): number | null {
  if (v == null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Expired when less than the margin remains; an unknown expiry counts as not expired. */
export function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt != null && expiresAt - now < EXPIRY_MARGIN_MS;
}

export function createSession(storage: StorageLike, now: () => number = Date.now): Session {
  const s: Session = {
    getToken: () => stripQuotes(storage.getItem(STORAGE_KEYS.token)),
    getRefreshToken: () => stripQuotes(storage.getItem(STORAGE_KEYS.refreshToken)),
    getTokenExpiresAt: () => readTime(storage.getItem(STORAGE_KEYS.tokenExpire)),
    getRefreshExpiresAt: () => readTime(storage.getItem(STORAGE_KEYS.refreshExpire)),

    tokenState() {
      if (!s.getToken()) return 'none';
      const t = now();
      if (!isExpired(s.getTokenExpiresAt(), t)) return 'valid';
      if (s.getRefreshToken() && !isExpired(s.getRefreshExpiresAt(), t)) return 'refreshable';
      return 'expired';
    },

    isSignedIn() {
      const st = s.tokenState();
      return st === 'valid' || st === 'refreshable';
    },

    setTokens(pair) {
      const t = now();
      storage.setItem(STORAGE_KEYS.token, pair.token);
      storage.setItem(STORAGE_KEYS.tokenExpire, String(t + pair.expire * 1000));
      storage.setItem(STORAGE_KEYS.refreshToken, pair.refreshToken);
      storage.setItem(STORAGE_KEYS.refreshExpire, String(t + pair.refreshExpire * 1000));
    },

    getUser() {
      const raw = storage.getItem(STORAGE_KEYS.userInfo);
      if (!raw) return null;
      try {
        const u = JSON.parse(raw) as unknown;
        return u && typeof u === 'object' && 'id' in u ? (u as UserInfo) : null;
      } catch {
        return null;
      }
    },

    setUser(user) {
      storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
    },

    clear() {
      for (const k of Object.values(STORAGE_KEYS)) storage.removeItem(k);
    },
  };
  return s;
}

/** An in-memory StorageLike, for tests and for environments without localStorage. */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { dump(): Record<string, string> } {
  const m = new Map(Object.entries(initial));
  return {
    getItem: (k) => (m.has(k) ? (m.get(k) as string) : null),
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    dump: () => Object.fromEntries(m),
  };
}
