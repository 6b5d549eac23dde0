/**
 * Builds the server into dist/ once per test run, for tests that spawn real server processes.
 * Test files run in parallel workers: the first one builds while the others wait for its marker,
 * so no process ever starts from a half-written dist/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

export async function buildServerOnce(): Promise<void> {
  const runDir = process.env.COSMAC_TEST_ROOT ?? process.env.DATA_DIR!;
  const lock = join(runDir, 'server-build.lock');
  const done = join(runDir, 'server-build.done');
  if (existsSync(done)) return;
  try {
    mkdirSync(lock);
  } catch {
    const until = Date.now() + 180_000;
    while (!existsSync(done)) {
      if (Date.now() > until) throw new Error('waited 180 s for another worker to build the server');
      await new Promise((r) => setTimeout(r, 200));
    }
    return;
  }
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(done, '');
}
