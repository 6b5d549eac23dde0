/** What signing up checks: whether a name, address or code is taken, who holds an invite code, the member role. */
import type { Core } from '../../core/api';

const usersTable = (core: Core) => core.db.q(core.model.system('users').table);

/** Whether any user row (deleted ones too) holds `value` in a unique column. */
export async function anyUserHolds(core: Core, column: 'usernameKey' | 'inviteCode', value: string): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  return (await core.db.query(`SELECT ${q('id')} FROM ${usersTable(core)} WHERE ${q(column)} = ? LIMIT 1`, [value])).length > 0;
}

/** Whether a live account holds the address, as normalized or as typed. */
export async function liveEmailTaken(core: Core, email: string, typed: string): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query(`SELECT ${q('id')} FROM ${usersTable(core)} WHERE ${q('email')} IN (?, ?) AND ${q('delete')} = 0 LIMIT 1`, [email, typed]);
  return rows.length > 0;
}

/** The id of the enabled account (other than `self`) that holds `code` (as typed or in capitals), or null. */
export async function inviterId(core: Core, code: string, self: number): Promise<number | null> {
  const q = core.db.q.bind(core.db);
  const [u] = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${usersTable(core)} WHERE ${q('inviteCode')} IN (?, ?) AND ${q('delete')} = 0 AND ${q('status')} = 1 AND ${q('id')} <> ? ORDER BY ${q('id')} ASC LIMIT 1`,
    [code, code.toUpperCase(), self],
  );
  return u?.id ?? null;
}

/** The id of the role with this label, or null. */
export async function roleIdByLabel(core: Core, label: string): Promise<number | null> {
  const q = core.db.q.bind(core.db);
  const [r] = await core.db.query<{ id: number }>(`SELECT ${q('id')} FROM ${q(core.model.system('roles').table)} WHERE ${q('label')} = ?`, [label]);
  return r?.id ?? null;
}
