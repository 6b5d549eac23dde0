/**
 * Who is calling, and what they may do. A token names a user and the passwordV it was issued under;
 * the user's state (enabled, passwordV, roles, permission keys) comes from the cache store, filled
 * from the database and dropped (by an epoch bump) whenever users, roles, menus or their links change.
 */
import type { AuthUser } from '../entity/define';
import type { Db } from '../db/db';
import type { CacheStore } from '../cache/store';
import { fail } from '../http/errors';
import { JwtCodec, type TokenClaims } from './jwt';
import { verifyPassword } from './password';

export const ADMIN_ROLE_ID = 1;
const STATE_TTL = 600;

export interface UserState {
  id: number;
  username: string;
  passwordV: number;
  status: number;
  departmentId: number | null;
  roleIds: number[];
  perms: string[];
}

export interface Caller extends AuthUser {
  perms: Set<string>;
  passwordV: number;
  status: number;
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

export class AuthService {
  private readonly jwt: JwtCodec;
  /** Parsed states of this process, keyed by `${epoch}:${uid}`; the epoch makes stale ones unreachable. */
  private readonly local = new Map<string, Caller>();

  constructor(
    private readonly db: Db,
    private readonly cache: CacheStore,
    secret: string,
    private readonly config: AuthConfig,
  ) {
    this.jwt = new JwtCodec(secret);
  }

  /** Drops every cached user state, on every instance sharing the store. */
  async invalidate(): Promise<void> {
    await this.cache.incr('auth:epoch', 30 * 24 * 3600);
    this.local.clear();
  }

  private async loadState(uid: number): Promise<UserState | null> {
    const q = this.db.q.bind(this.db);
    const [u] = await this.db.query<{ id: number; username: string; passwordV: number; status: number; departmentId: number | null }>(
      `SELECT ${['id', 'username', 'passwordV', 'status', 'departmentId'].map(q).join(', ')} FROM ${q('base_sys_user')} WHERE ${q('id')} = ? AND ${q('delete')} = 0`,
      [uid],
    );
    if (!u) return null;
    const roles = await this.db.query<{ roleId: number }>(
      `SELECT ${q('roleId')} FROM ${q('base_sys_user_role')} WHERE ${q('userId')} = ?`,
      [uid],
    );
    const roleIds = roles.map((r) => Number(r.roleId));
    let perms: string[] = [];
    if (roleIds.length && !roleIds.includes(ADMIN_ROLE_ID)) {
      const rows = await this.db.query<{ perms: string | null }>(
        `SELECT m.${q('perms')} FROM ${q('base_sys_menu')} m JOIN ${q('base_sys_role_menu')} rm ON rm.${q('menuId')} = m.${q('id')} WHERE rm.${q('roleId')} IN (${roleIds.map(() => '?').join(', ')})`,
        roleIds,
      );
      perms = [...new Set(rows.flatMap((r) => (r.perms ?? '').split(',').map((p) => p.trim()).filter(Boolean)))].sort();
    }
    return {
      id: Number(u.id),
      username: u.username,
      passwordV: Number(u.passwordV),
      status: Number(u.status),
      departmentId: u.departmentId === null ? null : Number(u.departmentId),
      roleIds,
      perms,
    };
  }

  /** The caller's current state, from the process, the cache store, or the database. */
  async state(uid: number): Promise<Caller | null> {
    const epoch = (await this.cache.get('auth:epoch')) ?? '0';
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
    const caller: Caller = {
      id: s.id,
      username: s.username,
      roleIds: s.roleIds,
      departmentId: s.departmentId,
      isAdmin: s.roleIds.includes(ADMIN_ROLE_ID),
      perms: new Set(s.perms),
      passwordV: s.passwordV,
      status: s.status,
    };
    if (this.local.size > 10000) this.local.clear();
    this.local.set(key, caller);
    return caller;
  }

  /** The caller of an access token, or null when the token is bad, expired, or outdated by a passwordV bump. */
  async authenticate(header: string | undefined): Promise<Caller | null> {
    if (!header) return null;
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim().replace(/^"|"$/g, '');
    const claims = this.jwt.verify(token, 'access');
    if (!claims) return null;
    return this.current(claims);
  }

  private async current(claims: TokenClaims): Promise<Caller | null> {
    const c = await this.state(claims.uid);
    if (!c) return null;
    if (c.passwordV !== claims.pv || c.status !== 1) return null;
    return c;
  }

  can(c: Caller, permission: string): boolean {
    return c.isAdmin || c.perms.has(permission);
  }

  issue(user: { id: number; passwordV: number }): TokenPair {
    const a = this.jwt.sign({ uid: user.id, pv: user.passwordV, typ: 'access' }, this.config.accessTtl);
    const r = this.jwt.sign({ uid: user.id, pv: user.passwordV, typ: 'refresh' }, this.config.refreshTtl);
    return { token: a.token, expire: this.config.accessTtl, refreshToken: r.token, refreshExpire: this.config.refreshTtl };
  }

  async login(username: string, password: string): Promise<TokenPair> {
    const q = this.db.q.bind(this.db);
    const [u] = await this.db.query<{ id: number; password: string | null; passwordV: number; status: number }>(
      `SELECT ${['id', 'password', 'passwordV', 'status'].map(q).join(', ')} FROM ${q('base_sys_user')} WHERE ${q('username')} = ? AND ${q('delete')} = 0`,
      [username],
    );
    const ok = await verifyPassword(password, u?.password ?? DUMMY_HASH);
    if (!u || !ok) throw fail.bad('login_failed');
    if (Number(u.status) !== 1) throw fail.forbidden('account_disabled');
    return this.issue({ id: Number(u.id), passwordV: Number(u.passwordV) });
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const claims = this.jwt.verify(refreshToken, 'refresh');
    const c = claims && (await this.current(claims));
    if (!claims || !c) throw fail.unauthorized('refresh_token_invalid');
    return this.issue({ id: c.id, passwordV: claims.pv });
  }
}

/** Verified against when the username is unknown, so both failures take the same time. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
