/** Processes of the several-instance tests (chat and task clusters): free ports, a throwaway redis-server, stopping a child. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export const REDIS_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
export const hasRedisServer = existsSync(REDIS_BIN);
if (process.env.CI === 'true' && !hasRedisServer) throw new Error(`CI=true but ${REDIS_BIN} is missing`);

export { freePort } from './ports';

/** A throwaway redis-server on `port`, nothing kept on disk. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn(REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', process.env.DATA_DIR!], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start: ${out}`)), 60_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        ok();
      }
    });
    proc.on('exit', (code) => fail(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return proc;
}

/** Stops a child process (when still running) and waits for it to exit. */
export async function stop(proc: ChildProcess | null | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill(signal);
  await gone;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
