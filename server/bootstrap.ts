/** Production entry: starts Midway with the main configuration and prints where to sign in. */
// First: every file loaded after it goes through the start-up code cache (core/ops/compile-cache.ts).
import { compileCache } from './core/ops/compile-cache-install';
import 'reflect-metadata';
import { Bootstrap } from '@midwayjs/bootstrap';
import { MainConfiguration, getStarted } from './configuration';
import { readConfig } from './core/core';
import { installStopSignals } from './core/ops/lifecycle';
import { bootstrapLogger, terminalLines } from './core/ops/json-log';

async function main(): Promise<void> {
  const t0 = Date.now();
  // Before Midway's handlers: on SIGTERM/SIGINT readiness turns false at once, then Midway stops the
  // app (core/ops/lifecycle.ts) and exits with 0; past SHUTDOWN_TIMEOUT_MS the process exits with 1.
  installStopSignals(process.env, (line) => process.stderr.write(`${line}\n`));
  await Bootstrap.configure({
    baseDir: __dirname,
    imports: [{ Configuration: MainConfiguration }],
    moduleDetector: false,
    logger: bootstrapLogger(process.env),
  } as never).run();
  // Ready: what the start compiled is written for the next one, while the server answers.
  void compileCache?.flush();
  const { seed, schema } = getStarted();
  const { port } = readConfig();
  const lines = [
    `COSMAC AI is running at http://127.0.0.1:${port}/ (ready in ${Date.now() - t0} ms)`,
    `Console sign-in: http://127.0.0.1:${port}/admin/login`,
    schema.skipped
      ? 'Database schema: up to date'
      : `Database schema: ${schema.createdTables.length} tables created, ${schema.addedColumns.length} columns added`,
  ];
  if (seed.createdAdmin) {
    lines.push(
      seed.generatedAdminPassword
        ? `Administrator account created: username "admin", password "${seed.generatedAdminPassword}" (shown once; change it after signing in)`
        : 'Administrator account created: username "admin", password from ADMIN_PASSWORD',
    );
  }
  // Printed to the terminal only, never to a log file.
  process.stdout.write(terminalLines(lines, process.env));
}

main().catch((err) => {
  process.stderr.write(terminalLines([`Start-up failed: ${(err as Error)?.stack ?? String(err)}`], process.env, 'error'));
  process.exit(1);
});
