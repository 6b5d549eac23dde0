/** Every test process gets its own data folder and signing secret, before any server module loads. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Inside the run's folder (global-setup.ts), which goes when the run ends.
process.env.DATA_DIR ??= mkdtempSync(join(process.env.COSMAC_TEST_ROOT ?? tmpdir(), 'cosmac-test-'));
process.env.LOG_DIR ??= join(process.env.DATA_DIR, 'logs');
process.env.JWT_SECRET ??= 'test-secret-' + Math.random().toString(36).slice(2);
process.env.LOG_CONSOLE_LEVEL ??= 'error';
