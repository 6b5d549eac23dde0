/** Stops the servers global-setup started, removes their Redis keys and temp dirs. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import Redis from 'ioredis';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  for (const fake of (globalThis as { e2eFakes?: Array<{ stop(): Promise<void> }> }).e2eFakes ?? []) await fake.stop().catch(() => undefined);
  const file = process.env.E2E_STATE;
  if (!file || !existsSync(file)) return;
  const states = JSON.parse(readFileSync(file, 'utf8')) as Array<{ pid?: number; dir: string; prefix: string; redisUrl: string }>;
  await Promise.all(states.map(stopStack));
  rmSync(file, { force: true });
}

async function stopStack(state: { pid?: number; dir: string; prefix: string; redisUrl: string }): Promise<void> {
  if (state.pid && alive(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    for (let i = 0; i < 50 && alive(state.pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  }

  const redis = new Redis(state.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${state.prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }

  rmSync(state.dir, { recursive: true, force: true });
}
