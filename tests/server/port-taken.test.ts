/**
 * A server started on a port that something else already listens on stops with exit code 1 and a
 * plain message, instead of printing that it runs (and the administrator's first password) and
 * then serving nothing: Midway's koa framework does not wait for its own listen().
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, buildServerOnce } from '../helpers/build';
import { freePort } from '../helpers/ports';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

describe('a server on a taken port', () => {
  let blocker: Server | null = null;
  afterAll(() => new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r())));

  it('exits with 1 and says the port is in use, never that it is running', async () => {
    await buildServerOnce();
    const port = await freePort();
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(port, r));
    const dir = mkdtempSync(join(process.env.DATA_DIR ?? tmpdir(), 'cosmac-port-'));
    const proc = spawn(process.execPath, [join(ROOT, 'dist/server/bootstrap.js')], {
      cwd: ROOT,
      env: { ...process.env, MIDWAY_HTTP_PORT: '', PORT: String(port), DATABASE_URL: '', DATA_DIR: dir, LOG_DIR: dir, REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        resolve(null);
      }, 180_000);
      proc.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, out).toBe(1);
    expect(out).toContain(`port ${port} is in use`);
    expect(out).not.toContain('is running at');
    expect(out).not.toContain('Administrator account created');
  });
});
