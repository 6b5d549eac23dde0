/**
 * Builds the server into dist/ once per test run, for tests that spawn real server processes.
 * Test files run in parallel workers: the first one builds while the others wait for its marker,
 * so no process ever starts from a half-written dist/.
 *
 * A build takes half a minute on a quiet machine and several on a busy one, so nothing here counts
 * time: the others wait as long as the building process lives. Call it at the top level of a test
 * file (`await buildServerOnce();` after the imports), where no hook's time limit applies.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './ports';

export const ROOT = resolve(__dirname, '../..');

export async function buildServerOnce(): Promise<void> {
  const runDir = process.env.COSMAC_TEST_ROOT ?? process.env.DATA_DIR!;
  const lock = join(runDir, 'server-build.lock');
  const done = join(runDir, 'server-build.done');
  if (existsSync(done)) return;
  // `npm test` built dist/ from these sources already (codegen:check), before any test ran.
  if (process.env.COSMAC_SERVER_BUILT === '1' && existsSync(join(ROOT, 'dist/server/bootstrap.js'))) return;
  try {
    mkdirSync(lock);
  } catch {
    while (!existsSync(done)) {
      if (existsSync(join(lock, 'failed'))) throw new Error(`the server build failed: ${readFileSync(join(lock, 'failed'), 'utf8')}`);
      const builder = builderPid(lock);
      if (builder !== null && !alive(builder)) throw new Error(`the test process ${builder} that was building the server stopped before it finished`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return;
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  } catch (e) {
    writeFileSync(join(lock, 'failed'), (e as Error).message);
    throw e;
  }
  writeFileSync(done, '');
}

function builderPid(lock: string): number | null {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Starts the built server as a separate process on a free port with `env` added to this
 * process's environment, and resolves once it prints that it is running (a server that fails to
 * start exits and says why; the limit is only for one that hangs, minutes on a busy machine).
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, startTimeoutMs = 180_000): Promise<{ proc: ChildProcess; port: number }> {
  await buildServerOnce();
  // A port free when picked can be taken by another test process before this server binds it (an
  // ephemeral port of a connection, another file's server): then it says so and exits, and the start
  // is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(env, startTimeoutMs);
    } catch (e) {
      if (attempt >= 3 || !/port \d+ is in use/.test((e as Error).message)) throw e;
    }
  }
}

async function startOnFreePort(env: NodeJS.ProcessEnv, startTimeoutMs: number): Promise<{ proc: ChildProcess; port: number }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [join(ROOT, 'dist/server/bootstrap.js')], {
    cwd: ROOT,
    env: { ...process.env, MIDWAY_HTTP_PORT: '', PORT: String(port), CAPTCHA: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server process did not start: ${out}`)), startTimeoutMs);
    proc.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('COSMAC AI is running at')) {
        clearTimeout(timer);
        ok();
      }
    });
    proc.stderr!.on('data', (d) => (out += d));
    proc.on('exit', (code) => fail(new Error(`server process exited with ${code}: ${out}`)));
  });
  return { proc, port };
}
