/** Production entry: starts Midway with the main configuration and prints where to sign in. */
import 'reflect-metadata';
import { Bootstrap } from '@midwayjs/bootstrap';
import { MainConfiguration, getStarted } from './configuration';
import { readConfig } from './core/core';

/**
 * Midway stops the app on SIGTERM and SIGINT (requests in flight, request log, database) and exits
 * with 0; should any of that hang, the process still ends this long after the signal.
 */
const STOP_DEADLINE_MS = 4500;

function exitByDeadline(): void {
  setTimeout(() => {
    process.stderr.write(`Shutdown did not finish within ${STOP_DEADLINE_MS} ms; exiting anyway\n`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
}

async function main(): Promise<void> {
  const t0 = Date.now();
  await Bootstrap.configure({
    baseDir: __dirname,
    imports: [{ Configuration: MainConfiguration }],
    moduleDetector: false,
  } as never).run();
  process.once('SIGTERM', exitByDeadline);
  process.once('SIGINT', exitByDeadline);
  const { seed, schema } = getStarted();
  const { port } = readConfig();
  const lines = [
    `COSMAC AI is running at http://127.0.0.1:${port}/ (ready in ${Date.now() - t0} ms)`,
    `Console sign-in: http://127.0.0.1:${port}/admin/login`,
    schema.skipped ? 'Database schema: up to date' : `Database schema: ${schema.createdTables.length} tables created, ${schema.addedColumns.length} columns added`,
  ];
  if (seed.createdAdmin) {
    lines.push(seed.generatedAdminPassword
      ? `Administrator account created: username "admin", password "${seed.generatedAdminPassword}" (shown once; change it after signing in)`
      : 'Administrator account created: username "admin", password from ADMIN_PASSWORD');
  }
  // Printed to the terminal only, never to a log file.
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  process.stderr.write(`Start-up failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
