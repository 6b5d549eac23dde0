/**
 * A member's own account row as the sign-in and profile calls read it, hidden fields included
 * (passwordV, the password hash): for the server's checks, never answered as is.
 */
import type { Core } from '../../core/api';

export interface AccountRow {
  id: number;
  username: string;
  passwordV: number;
  status: number;
  nickName: string | null;
  inviteCode: string | null;
  language: string | null;
}

const usersTable = (core: Core) => core.db.q(core.model.system('users').table);

/**
 * The live account of an address (the oldest when several share it). Addresses are kept in lower
 * case by these calls; one typed otherwise by an administrator is found too.
 */
export async function findByEmail(core: Core, email: string, typed = email): Promise<AccountRow | null> {
  const q = core.db.q.bind(core.db);
  const cols = ['id', 'username', 'passwordV', 'status', 'nickName', 'inviteCode', 'language'].map(q).join(', ');
  const [u] = await core.db.query<AccountRow>(
    `SELECT ${cols} FROM ${usersTable(core)} WHERE ${q('email')} IN (?, ?) AND ${q('delete')} = 0 ORDER BY ${q('id')} ASC LIMIT 1`,
    [email, typed.trim()],
  );
  return u ?? null;
}

/** The stored password hash of a user (null without one, undefined without the row). */
export async function passwordHash(core: Core, userId: number): Promise<string | null | undefined> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ password: string | null }>(`SELECT ${q('password')} FROM ${usersTable(core)} WHERE ${q('id')} = ?`, [userId]);
  return row?.password;
}

/** A user's own invite code and the inviter who named them, if any. */
export async function inviteState(core: Core, userId: number): Promise<{ inviteCode: string | null; inviteId: number | null }> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ inviteCode: string | null; inviteId: number | null }>(
    `SELECT ${q('inviteCode')}, ${q('inviteId')} FROM ${usersTable(core)} WHERE ${q('id')} = ?`,
    [userId],
  );
  return {
    inviteCode: row?.inviteCode || null,
    inviteId: row?.inviteId ?? null,
  };
}

/** The state a token pair is issued from, for a live user; null otherwise. */
export async function signInState(core: Core, userId: number): Promise<{ passwordV: number; status: number; nickName: string | null } | null> {
  const q = core.db.q.bind(core.db);
  const [u] = await core.db.query<{ passwordV: number; status: number; nickName: string | null }>(
    `SELECT ${q('passwordV')}, ${q('status')}, ${q('nickName')} FROM ${usersTable(core)} WHERE ${q('id')} = ? AND ${q('delete')} = 0`,
    [userId],
  );
  return u ?? null;
}
