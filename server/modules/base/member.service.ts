/**
 * Creating member accounts, shared by every sign-up path (e-mail code, Google, Discord): a unique
 * username and the member role. A new account has no nickName and no inviteCode yet: the
 * additional-info step (sys/user/additionalInfo) completes it, taking the inviter's code (which
 * sets inviteId) and giving the member an invite code of their own (freeInviteCode).
 */
import { randomBytes } from 'node:crypto';
import type { Core } from '../../core/core';
import type { Row } from '../../core/entity/define';
import { MEMBER_ROLE_LABEL } from '../../core/seed';
import { usernameKey } from '../../core/auth/username';
import { SYSTEM } from '../../core/entity/access';

export async function memberRoleId(core: Core): Promise<number> {
  const q = core.db.q.bind(core.db);
  const [r] = await core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('base_sys_role')} WHERE ${q('label')} = ?`, [MEMBER_ROLE_LABEL]);
  if (!r) throw new Error('the member role is missing; seeding did not run');
  return Number(r.id);
}

async function taken(core: Core, column: 'usernameKey' | 'inviteCode', value: string): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  return (await core.db.query(`SELECT ${q('id')} FROM ${q('base_sys_user')} WHERE ${q(column)} = ?`, [value])).length > 0;
}

/** A free username made from a hint (an e-mail's local part, a provider name). */
export async function freeUsername(core: Core, hint: string): Promise<string> {
  const base = hint.toLowerCase().replace(/[^a-z0-9_.-]/g, '').slice(0, 80) || 'member';
  if (!(await taken(core, 'usernameKey', usernameKey(base)))) return base;
  for (;;) {
    const candidate = `${base}-${randomBytes(3).toString('hex')}`;
    if (!(await taken(core, 'usernameKey', usernameKey(candidate)))) return candidate;
  }
}

export async function freeInviteCode(core: Core): Promise<string> {
  for (;;) {
    const code = randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').slice(0, 8).toUpperCase();
    if (!(await taken(core, 'inviteCode', code))) return code;
  }
}

/**
 * Creates a member through the operation layer (so validation and hooks run) and returns its id.
 * `fields` are user fields (email, nickName, googleId, inviteId...); `usernameHint` seeds the username.
 */
export async function createMember(core: Core, fields: Row, usernameHint: string): Promise<number> {
  const users = core.model.byKey.get('base/sys/user')!;
  const username = typeof fields.username === 'string' ? fields.username : await freeUsername(core, usernameHint);
  const roleId = await memberRoleId(core);
  const r = (await core.ops.add(users, { ...fields, username, roleIdList: [roleId] }, SYSTEM)) as { id: number };
  return r.id;
}
