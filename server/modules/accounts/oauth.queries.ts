/** The live account behind a provider sign-in: by the provider's id, else by a verified e-mail address. */
import type { Core } from '../../core/api';

export type ProviderColumn = 'googleId' | 'discordId';

/** The oldest live account linked to the provider id. */
export async function userByProviderId(core: Core, col: ProviderColumn, providerId: string): Promise<{ id: number; status: number } | null> {
  const q = core.db.q.bind(core.db);
  const [u] = await core.db.query<{ id: number; status: number }>(
    `SELECT ${q('id')}, ${q('status')} FROM ${q(core.model.system('users').table)} WHERE ${q(col)} = ? AND ${q('delete')} = 0 ORDER BY ${q('id')} LIMIT 1`,
    [providerId],
  );
  return u ?? null;
}

/** The oldest live account of an address (compared in lower case), with the provider id it is linked to. */
export async function userByEmail(core: Core, col: ProviderColumn, email: string): Promise<{ id: number; status: number; linked: string | null } | null> {
  const q = core.db.q.bind(core.db);
  const [u] = await core.db.query<{ id: number; status: number; linked: string | null }>(
    `SELECT ${q('id')}, ${q('status')}, ${q(col)} AS ${q('linked')} FROM ${q(core.model.system('users').table)} WHERE LOWER(${q('email')}) = ? AND ${q('delete')} = 0 ORDER BY ${q('id')} LIMIT 1`,
    [email],
  );
  return u ?? null;
}
