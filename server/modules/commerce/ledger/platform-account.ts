/**
 * The platform's own account in the ledger (docs/decisions/platform-account.md): a sys/user row with
 * userType 2 that nobody signs in as (disabled, no password), holding in `earnedTokens` what the
 * platform keeps of the store's run fees. Its entries are tokenLog rows like anyone's, so the ledger
 * check (ledger.queries.ts) holds it to the same rule: its balance equals the sum of its entries.
 *
 * Made on first need, inside the transaction that pays it: `addIfAbsent` on its username (unique), so
 * concurrent first payments make one account. The username is derived from the installation's secret
 * (`platform-` and 16 hex characters), the same on every instance and unknown outside the server, so no
 * member can register it first and stand in the way of the payments. Should a row hold it that is not
 * the platform's, it is never paid as the platform: the payment fails (and the run is refunded).
 */
import { AppError, entity, eq, usernameKey } from '../../../core/api';
import type { Core, OpTransaction } from '../../../core/api';

/** sys/user.userType of the platform account (0 a person, 1 an AI member). */
export const PLATFORM_USER_TYPE = 2;

/** The platform account's username (its key is the same text: lower case already). */
export function platformUsername(core: Core): string {
  return `platform-${core.secrets.derive('platform-account').toString('hex').slice(0, 16)}`;
}

/** The platform account's user id, made now when there is none; in `t` (a system transaction). */
export async function platformAccountId(core: Core, t: OpTransaction): Promise<number> {
  const found = await accountRow(core, t);
  if (found) return accountOrThrow(found);
  try {
    await t.addIfAbsent(
      entity(core.model, 'base/sys/user'),
      {
        username: platformUsername(core),
        nickName: 'Platform',
        userType: PLATFORM_USER_TYPE,
        status: 0,
      },
      ['username'],
      { trusted: true },
    );
  } catch (err) {
    // A concurrent first payment made it and its usernameKey (filled by the user's hook) collided first.
    if (!(err instanceof AppError && err.kind === 'conflict')) throw err;
  }
  // Locked: a locking read sees the row another transaction committed since this one began (MariaDB).
  const [made] = await t.lock(entity(core.model, 'base/sys/user'), byKey(core));
  return accountOrThrow(made);
}

const byKey = (core: Core) => eq('usernameKey', usernameKey(platformUsername(core)));

/** The row holding the platform's username key, whoever it is. */
async function accountRow(core: Core, t: OpTransaction): Promise<{ id: number; userType: number | null } | undefined> {
  const [row] = await t.find(entity(core.model, 'base/sys/user'), byKey(core), { fields: ['id', 'userType'] });
  return row;
}

function accountOrThrow(row: { id: number; userType: number | null } | undefined): number {
  if (!row || row.userType !== PLATFORM_USER_TYPE) {
    throw new Error("the platform account's username belongs to another account: rename that account");
  }
  return row.id;
}
