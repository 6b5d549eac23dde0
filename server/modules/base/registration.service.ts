/**
 * Registration helpers: whether an e-mail or username is taken, and invite codes. Whether a new
 * member must name an inviter's code comes from the param `inviteRequired` (base/sys/param keyName;
 * data 1/true/on), else from INVITE_REQUIRED in the environment; off by default.
 */
import type { Core } from '../../core/core';
import { hit } from '../../core/http/rate-limit';
import { usernameKey } from '../../core/auth/username';
import { MAIL } from './email.messages';
import { bodyOf, invalidField, readEmail } from './email-code.service';

const on = (v: unknown) => ['1', 'true', 'on', 'yes'].includes(String(v ?? '').trim().toLowerCase());

export async function inviteRequired(core: Core): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  const [p] = await core.db.query<{ data: string | null }>(
    `SELECT ${q('data')} FROM ${q('base_sys_param')} WHERE ${q('keyName')} = ?`,
    ['inviteRequired'],
  );
  return p ? on(p.data) : on(core.config.env.INVITE_REQUIRED);
}

/** The id of the enabled account (other than `self`) that holds `code` (as typed or in capitals), or null. */
export async function findInviter(core: Core, code: string, self: number): Promise<number | null> {
  const q = core.db.q.bind(core.db);
  const [u] = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q('base_sys_user')} WHERE ${q('inviteCode')} IN (?, ?) AND ${q('delete')} = 0 AND ${q('status')} = 1 AND ${q('id')} <> ? ORDER BY ${q('id')} ASC LIMIT 1`,
    [code, code.toUpperCase(), self],
  );
  return u ? Number(u.id) : null;
}

/**
 * Whether an account holds the body's `email` (live accounts) or `username` (any spelling of its
 * canonical form, any row, as usernames stay unique after a soft delete). Limited per IP
 * (EXIST_IP_LIMIT a minute, 30): it answers only a boolean, and not at a rate that makes listing
 * accounts cheap.
 */
export async function accountExists(core: Core, raw: unknown, ip: string): Promise<boolean> {
  const body = bodyOf(raw);
  const limit = Number(core.config.env.EXIST_IP_LIMIT) || 30;
  await hit(core.cache, [{ key: `exist:ip:${ip}`, max: limit, windowSeconds: 60 }], MAIL.mail_exist_limit);
  const q = core.db.q.bind(core.db);
  if (body.email !== undefined && body.email !== '') {
    const email = readEmail(body);
    const typed = String(body.email).trim();
    const rows = await core.db.query(
      `SELECT ${q('id')} FROM ${q('base_sys_user')} WHERE ${q('email')} IN (?, ?) AND ${q('delete')} = 0 LIMIT 1`,
      [email, typed],
    );
    return rows.length > 0;
  }
  if (typeof body.username === 'string' && body.username.trim()) {
    const rows = await core.db.query(`SELECT ${q('id')} FROM ${q('base_sys_user')} WHERE ${q('usernameKey')} = ? LIMIT 1`, [usernameKey(body.username)]);
    return rows.length > 0;
  }
  throw invalidField('email', 'required');
}
