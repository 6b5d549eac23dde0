/**
 * `npm run secrets:rotate` (after a build): rotates the token signing key kept in the database named
 * by DATABASE_URL (server/core/auth/key-ring.ts). Every instance on that database signs with the new
 * key within 30 s and keeps accepting tokens of the previous keys until they expire
 * (REFRESH_TOKEN_TTL), so nobody is signed out. `-- --drop-previous` drops the previous keys at once
 * instead: every session ends (after a leaked key). JWT_SECRET, when set on the instances, wins over
 * the stored keys; rotate it there instead.
 */
import { rotateSigningKey } from '../server/core/auth/key-ring';
import { readConfig } from '../server/core/core';
import { openDatabase, parseDatabaseUrl } from '../server/core/db/open';

async function main(): Promise<void> {
  const config = readConfig();
  const dropPrevious = process.argv.includes('--drop-previous');
  const { db } = await openDatabase(parseDatabaseUrl(config.databaseUrl));
  try {
    const { kid, kept } = await rotateSigningKey(db, { refreshTtl: config.refreshTtl, dropPrevious });
    const lines = [
      `New token signing key ${kid}; instances sign with it within 30 s.`,
      dropPrevious
        ? 'The previous keys were dropped: every session has ended.'
        : `Previous keys still accepted until their tokens expire: ${kept.length ? kept.join(', ') : 'none'}.`,
    ];
    if (process.env.JWT_SECRET) lines.push('Note: JWT_SECRET is set here; on instances where it is set it wins over the stored keys.');
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`Rotation failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
