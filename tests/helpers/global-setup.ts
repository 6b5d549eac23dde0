/**
 * One temporary folder for the whole vitest run: every test process makes its data folder inside
 * it (setup.ts), and it is removed when the run ends, however the worker processes were stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'cosmac-tests-'));
  process.env.COSMAC_TEST_ROOT = root;
  return () => rmSync(root, { recursive: true, force: true });
}
