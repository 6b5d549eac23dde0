/**
 * Creating member accounts, shared by every sign-up path (e-mail code, Google, Discord): a unique
 * username and the member role. A new account has no nickName and no inviteCode yet: the
 * additional-info step (sys/user/additionalInfo) completes it, taking the inviter's code (which
 * sets inviteId) and giving the member an invite code of their own (freeInviteCode).
 */
import { randomBytes } from 'node:crypto';
import { MEMBER_ROLE_LABEL, usernameKey, SYSTEM } from '../../core/api';
import type { Core, Row } from '../../core/api';
import { anyUserHolds, roleIdByLabel } from './registration.queries';

export async function memberRoleId(core: Core): Promise<number> {
  const id = await roleIdByLabel(core, MEMBER_ROLE_LABEL);
  if (id === null) throw new Error('the member role is missing; seeding did not run');
  return id;
}

/** A free username made from a hint (an e-mail's local part, a provider name). */
export async function freeUsername(core: Core, hint: string): Promise<string> {
  const base =
    hint
      .toLowerCase()
      .replace(/[^a-z0-9_.-]/g, '')
      .slice(0, 80) || 'member';
  if (!(await anyUserHolds(core, 'usernameKey', usernameKey(base)))) return base;
  for (;;) {
    const candidate = `${base}-${randomBytes(3).toString('hex')}`;
    if (!(await anyUserHolds(core, 'usernameKey', usernameKey(candidate)))) return candidate;
  }
}

export async function freeInviteCode(core: Core): Promise<string> {
  for (;;) {
    const code = randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').slice(0, 8).toUpperCase();
    if (!(await anyUserHolds(core, 'inviteCode', code))) return code;
  }
}

/**
 * Creates a member through the operation layer (so validation and hooks run) and returns its id.
 * `fields` are user fields (email, nickName, googleId, inviteId...); `usernameHint` seeds the username.
 */
export async function createMember(core: Core, fields: Row, usernameHint: string): Promise<number> {
  const users = core.model.system('users');
  const username = typeof fields.username === 'string' ? fields.username : await freeUsername(core, usernameHint);
  const roleId = await memberRoleId(core);
  const r = (await core.ops.add(users, { ...fields, username, roleIdList: [roleId] }, SYSTEM)) as { id: number };
  return r.id;
}
