/**
 * Who is calling, and what they may do. A token names a user, the passwordV it was issued under and
 * its session; the user's state (enabled, passwordV, roles, permission keys, data scope) comes from
 * the cache store, filled from the database and dropped (by an epoch bump) whenever users, roles,
 * menus, departments or their links change. Sessions end at logout (kept by revocations.ts);
 * a refresh token is good once, and a second use ends its whole session.
 */
import { randomBytes } from 'node:crypto';
import type { AuthUser, SystemRole } from '../entity/define';
import type { Model } from '../entity/model';
import type { Db } from '../db/db';
import type { CacheStore } from '../cache/store';
import { fail } from '../errors';
import { JwtCodec, type KeyRing, type TokenClaims } from './jwt';
import { verifyPassword } from './password';
import { loadScope } from './scope';
import { usernameKey } from './username';
import { CacheRevocations, type Revocations } from './revocations';
import type { SessionEndReason } from '../realtime';
import { nowStored } from '../crud/values';
import { LAST_USED_EVERY_MS, hashApiKey, isApiKey, scopeAllows, scopeList, type KeyScope } from './api-keys';

export const ADMIN_ROLE_ID = 1;
const STATE_TTL = 600;

/** The entities a user's cached state is read from: a write to any of them drops every cached state. */
export const AUTH_SOURCES: readonly SystemRole[] = ['users', 'userRoles', 'roles', 'menus', 'roleMenus', 'departments', 'roleDepartments'];

/** The columns of a user row that a cached state is read from (see loadState). */
export const USER_STATE_COLUMNS = ['username', 'passwordV', 'status', 'departmentId', 'delete'] as const;

/**
 * Whether a committed write to `e` may have changed a cached user state. A write to users changes
 * none when every row it wrote is known and kept the columns states are read from: a presence
 * update (online, socketId) or a token balance must not drop every session's state on every
 * instance. Rows unknown (a write whose hooks may have written the role links too) count as a change.
 */
export function changesUserState(
  e: { system?: SystemRole | null },
  rows: Array<{ before: Record<string, unknown> | null; after: Record<string, unknown> | null }> | null | undefined,
): boolean {
  if (!e.system || !AUTH_SOURCES.includes(e.system)) return false;
  if (e.system !== 'users' || !rows) return true;
  return rows.some((r) => !r.before || !r.after || USER_STATE_COLUMNS.some((c) => String(r.before![c] ?? '') !== String(r.after![c] ?? '')));
}

export interface UserState {
  id: number;
  username: string;
  passwordV: number;
  status: number;
  departmentId: number | null;
  roleIds: number[];
  perms: string[];
  /** Departments whose users' rows the caller may see; null means every row (role 1). */
  scope: number[] | null;
}

export interface Caller extends AuthUser {
  perms: Set<string>;
  passwordV: number;
  status: number;
  scope: number[] | null;
  /** A stable text of the scope, for cache keys. */
  scopeKey: string;
  /** The session of the token this request came with. */
  sid: string | null;
  /** When the access token expires (seconds since the epoch); absent for system calls. */
  exp?: number;
  /** The API key this request signed in with (api-keys.ts), whose scope narrows the owner's rights. */
  key?: KeyScope;
}

export interface TokenPair {
  token: string;
  expire: number;
  refreshToken: string;
  refreshExpire: number;
}

export interface AuthConfig {
  accessTtl: number;
  refreshTtl: number;
}

/** A user's state as this process keeps it parsed (a Caller without a session). */
type CallerState = Omit<Caller, 'sid' | 'exp' | 'key'>;

/**
 * `c` as the caller of one request: with its session and expiry, or the API key it came with.
 * Written out field by field: a spread that adds properties (`{ ...c, sid, exp }`) takes V8's slow
 * path, 1-4 µs a call on Node 20 where this literal takes 20 ns, and this runs on every signed-in
 * request.
 */
function callerOf(c: CallerState, sid: string | null, exp: number | undefined, key?: KeyScope): Caller {
  return {
    id: c.id,
    username: c.username,
    roleIds: c.roleIds,
    departmentId: c.departmentId,
    isAdmin: c.isAdmin,
    perms: c.perms,
    passwordV: c.passwordV,
    status: c.status,
    scope: c.scope,
    scopeKey: c.scopeKey,
    sid,
    exp,
    key,
  };
}

/** The caller of a session's access token, unless a passwordV bump outdated the token or the user is disabled. */
function sessionCaller(c: CallerState | null, claims: TokenClaims): Caller | null {
  if (!c || c.passwordV !== claims.pv || c.status !== 1) return null;
  return callerOf(c, claims.sid ?? null, claims.exp);
}

function bearer(header: string): string {
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim().replace(/^"|"$/g, '');
}

export class AuthService {
  private readonly jwt: JwtCodec;
  /** Access tokens this process verified already (signature and claims), so a repeat skips the HMAC. */
  private readonly verified = new Map<string, TokenClaims>();
  /** The key ring's version those were verified under: a change (a key dropped) empties them. */
  private verifiedUnder = 0;
  /** Parsed states of this process, keyed by `${epoch}:${uid}`; the epoch makes stale ones unreachable. */
  private readonly local = new Map<string, CallerState>();
  /** When this process last wrote each key's `lastUsedTime` (ms). */
  private readonly keyUsed = new Map<number, number>();
  /** Told of every session ended here (the socket server ends its sockets, on every instance). */
  private sessionEnded: ((sid: string, reason: SessionEndReason) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly model: Model,
    private readonly cache: CacheStore,
    /** A plain secret, or the installation's key ring (signing-keys.ts). */
    secret: string | KeyRing,
    private readonly config: AuthConfig,
    private readonly revocations: Revocations = new CacheRevocations(cache),
  ) {
    this.jwt = new JwtCodec(secret);
  }

  /** Registers who is told when a session ends (after the revocation is stored). */
  onSessionEnd(listener: (sid: string, reason: SessionEndReason) => void): void {
    this.sessionEnded = listener;
  }

  /** Drops every cached user state, on every instance sharing the store. */
  async invalidate(): Promise<void> {
    await this.cache.incr('auth:epoch', 30 * 24 * 3600);
    this.local.clear();
  }

  /** The quoted table of a system entity. */
  private table(role: SystemRole): string {
    return this.db.q(this.model.system(role).table);
  }

  private async loadState(uid: number): Promise<UserState | null> {
    const q = this.db.q.bind(this.db);
    const [u] = await this.db.query<{ id: number; username: string; passwordV: number; status: number; departmentId: number | null }>(
      `SELECT ${['id', 'username', 'passwordV', 'status', 'departmentId'].map(q).join(', ')} FROM ${this.table('users')} WHERE ${q('id')} = ? AND ${q('delete')} = 0`,
      [uid],
    );
    if (!u) return null;
    const roles = await this.db.query<{ roleId: number }>(`SELECT ${q('roleId')} FROM ${this.table('userRoles')} WHERE ${q('userId')} = ?`, [uid]);
    const roleIds = roles.map((r) => Number(r.roleId));
    const admin = roleIds.includes(ADMIN_ROLE_ID);
    let perms: string[] = [];
    if (roleIds.length && !admin) {
      const rows = await this.db.query<{ perms: string | null }>(
        `SELECT m.${q('perms')} FROM ${this.table('menus')} m JOIN ${this.table('roleMenus')} rm ON rm.${q('menuId')} = m.${q('id')} WHERE rm.${q('roleId')} IN (${roleIds.map(() => '?').join(', ')})`,
        roleIds,
      );
      perms = [
        ...new Set(
          rows.flatMap((r) =>
            (r.perms ?? '')
              .split(',')
              .map((p) => p.trim())
              .filter(Boolean),
          ),
        ),
      ].sort();
    }
    return {
      id: Number(u.id),
      username: u.username,
      passwordV: Number(u.passwordV),
      status: Number(u.status),
      departmentId: u.departmentId === null ? null : Number(u.departmentId),
      roleIds,
      perms,
      scope: admin ? null : await loadScope(this.db, this.model, roleIds),
    };
  }

  private async stateAt(epoch: string, uid: number): Promise<CallerState | null> {
    const key = `${epoch}:${uid}`;
    const hit = this.local.get(key);
    if (hit) return hit;
    const cached = await this.cache.get(`auth:user:${key}`);
    let s: UserState | null;
    if (cached) s = JSON.parse(cached) as UserState;
    else {
      s = await this.loadState(uid);
      if (!s) return null;
      await this.cache.set(`auth:user:${key}`, JSON.stringify(s), STATE_TTL);
    }
    const caller: CallerState = {
      id: s.id,
      username: s.username,
      roleIds: s.roleIds,
      departmentId: s.departmentId,
      isAdmin: s.roleIds.includes(ADMIN_ROLE_ID),
      perms: new Set(s.perms),
      passwordV: s.passwordV,
      status: s.status,
      scope: s.scope,
      scopeKey: s.scope === null ? '*' : s.scope.join(','),
    };
    if (this.local.size > 10000) this.local.clear();
    this.local.set(key, caller);
    return caller;
  }

  /** The current state of a user (for system calls: no session). */
  async state(uid: number): Promise<Caller | null> {
    const epoch = (await this.cache.get('auth:epoch')) ?? '0';
    const s = await this.stateAt(epoch, uid);
    return s && { ...s, sid: null };
  }

  /**
   * The caller of an access token, or null when the token is bad or expired, its session was ended,
   * its user is disabled or gone, or a passwordV bump outdated it.
   */
  async authenticate(header: string | undefined, ip?: string): Promise<Caller | null> {
    if (!header) return null;
    const token = bearer(header);
    if (isApiKey(token)) return this.keyCaller(token, ip);
    if (this.verifiedUnder !== this.jwt.keysVersion) {
      this.verified.clear();
      this.verifiedUnder = this.jwt.keysVersion;
    }
    let claims = this.verified.get(token);
    if (!claims || claims.exp * 1000 <= Date.now()) {
      claims = (await this.jwt.verifyFresh(token, 'access')) ?? undefined;
      if (!claims) return null;
      if (this.verified.size >= 5000) this.verified.clear();
      this.verified.set(token, claims);
    }
    return this.current(claims);
  }

  private current(claims: TokenClaims): Caller | null | Promise<Caller | null> {
    // Without Redis the epoch, the ended sessions and a parsed state are all in this process: the
    // check on every request reads them without a promise each (the same reads as below).
    const epoch = this.cache.peek?.('auth:epoch');
    const revoked = epoch !== undefined ? this.revocations.revokedNow?.(claims.sid) : undefined;
    if (revoked !== undefined) {
      if (revoked) return null;
      const c = this.local.get(`${epoch ?? '0'}:${claims.uid}`);
      if (c) return sessionCaller(c, claims);
    }
    return this.currentAfterReads(claims);
  }

  private async currentAfterReads(claims: TokenClaims): Promise<Caller | null> {
    const [epoch, revoked] = await Promise.all([this.cache.get('auth:epoch'), this.revocations.isRevoked(claims.sid)]);
    if (revoked) return null;
    return sessionCaller(await this.stateAt(epoch ?? '0', claims.uid), claims);
  }

  /**
   * The owner of an API key, acting through it: the key must be active and unexpired and its owner
   * enabled; the caller is the owner's current state narrowed by the key's scope (api-keys.ts).
   */
  private async keyCaller(key: string, ip: string | undefined): Promise<Caller | null> {
    const entity = this.model.byKey.get('base/apiKey');
    if (!entity) return null;
    const q = this.db.q.bind(this.db);
    const now = nowStored();
    const [row] = await this.db.query<{ id: number; userId: number; name: string; modules: unknown; perms: unknown }>(
      `SELECT ${['id', 'userId', 'name', 'modules', 'perms'].map(q).join(', ')} FROM ${q(entity.table)} WHERE ${q('hash')} = ? AND ${q('status')} = 1 AND (${q('expireTime')} IS NULL OR ${q('expireTime')} > ?)`,
      [hashApiKey(key), now],
    );
    if (!row) return null;
    const epoch = (await this.cache.get('auth:epoch')) ?? '0';
    const c = await this.stateAt(epoch, Number(row.userId));
    if (!c || c.status !== 1) return null;
    const id = Number(row.id);
    const last = this.keyUsed.get(id) ?? 0;
    if (Date.now() - last >= LAST_USED_EVERY_MS) {
      if (this.keyUsed.size > 10000) this.keyUsed.clear();
      this.keyUsed.set(id, Date.now());
      // Off the request's path: a lost write only leaves the time a minute older.
      void this.db
        .run(`UPDATE ${q(entity.table)} SET ${q('lastUsedTime')} = ?, ${q('lastUsedIp')} = ? WHERE ${q('id')} = ?`, [now, (ip ?? '').slice(0, 50), id])
        .catch(() => this.keyUsed.delete(id));
    }
    return callerOf(c, null, undefined, { id, name: String(row.name), modules: scopeList(row.modules), perms: scopeList(row.perms) });
  }

  can(c: Caller, permission: string): boolean {
    if (c.key && !scopeAllows(c.key, permission.split(':')[0], permission)) return false;
    return c.isAdmin || c.perms.has(permission);
  }

  /** A new session's token pair (or the next pair of an existing session). */
  issue(user: { id: number; passwordV: number }, sid: string = randomBytes(12).toString('base64url')): TokenPair {
    const a = this.jwt.sign({ uid: user.id, pv: user.passwordV, typ: 'access', sid }, this.config.accessTtl);
    const r = this.jwt.sign({ uid: user.id, pv: user.passwordV, typ: 'refresh', sid }, this.config.refreshTtl);
    return { token: a.token, expire: this.config.accessTtl, refreshToken: r.token, refreshExpire: this.config.refreshTtl };
  }

  /** Checks a username (any spelling of its canonical form) and password; returns the user to sign in. */
  async checkPassword(username: string, password: string): Promise<{ id: number; passwordV: number }> {
    const q = this.db.q.bind(this.db);
    const [u] = await this.db.query<{ id: number; password: string | null; passwordV: number; status: number }>(
      `SELECT ${['id', 'password', 'passwordV', 'status'].map(q).join(', ')} FROM ${this.table('users')} WHERE ${q('usernameKey')} = ? AND ${q('delete')} = 0`,
      [usernameKey(username)],
    );
    const ok = await verifyPassword(password, u?.password ?? DUMMY_HASH);
    if (!u || !ok) throw fail.bad('login_failed');
    if (Number(u.status) !== 1) throw fail.forbidden('account_disabled');
    return { id: Number(u.id), passwordV: Number(u.passwordV) };
  }

  async login(username: string, password: string): Promise<TokenPair> {
    return this.issue(await this.checkPassword(username, password));
  }

  /** Exchanges a refresh token for the session's next pair. A refresh token works once. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const claims = await this.jwt.verifyFresh(bearer(refreshToken), 'refresh');
    if (!claims) throw fail.unauthorized('refresh_token_invalid');
    // The session is checked before the token is spent: of two concurrent uses, the one that spends it
    // has passed this check before the other can end the session, so exactly one gets a pair.
    const c = await this.current(claims);
    if (!c) throw fail.unauthorized('refresh_token_invalid');
    const first = await this.revocations.useRefreshOnce(claims.jti, Math.max(1, claims.exp - Math.floor(Date.now() / 1000)));
    if (!first) {
      // A second use means the token leaked: end the whole session.
      await this.revoke(claims.sid, 'revoked');
      throw fail.unauthorized('refresh_token_invalid');
    }
    return this.issue({ id: c.id, passwordV: claims.pv }, claims.sid);
  }

  /** Ends a session: its access and refresh tokens are refused from now on, on every instance. */
  async revoke(sid: string | null, reason: SessionEndReason = 'logout'): Promise<void> {
    if (!sid) return;
    await this.revocations.revoke(sid, this.config.refreshTtl);
    this.sessionEnded?.(sid, reason);
  }
}

/** Verified against when the username is unknown, so both failures take the same time. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
