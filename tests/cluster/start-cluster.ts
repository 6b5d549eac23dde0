/**
 * A cluster as docs/operations/production.md describes it, on this machine: two server processes (built
 * dist/, each with its own data, log and plugin folders and INSTANCE_ID) on one MariaDB database
 * and one private redis-server, one shared upload folder, behind nginx running the shipped
 * deploy/nginx/cosmac.conf on a free port. Ports are chosen first, so an instance stopped by a test
 * can be started again where nginx expects it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { freePort, hasRedisServer, startRedis, stop } from '../helpers/cluster';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';
import { hasNginx, NGINX_BIN, startNginx, type Backend, type Nginx } from './nginx';

// At import, outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

export const ADMIN_PASSWORD = 'Cluster-Admin-1';

/** Why the cluster suite cannot run here, or null. With CI=true every missing piece throws instead (in its helper). */
export async function clusterSkipReason(): Promise<string | null> {
  if (!hasNginx) return `${NGINX_BIN} is missing (apt-get install -y nginx)`;
  if (!hasRedisServer) return 'redis-server is missing';
  if (!(await databaseKinds()).includes('mysql')) return 'MariaDB does not answer on 127.0.0.1:3306';
  return null;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  proc: ChildProcess | null;
}

export interface Cluster {
  db: TestDb;
  nginx: Nginx;
  instances: Instance[];
  /** Starts (again) a stopped instance on its port and folders. */
  start(i: Instance, env?: NodeJS.ProcessEnv): Promise<void>;
  /** Reloads nginx with some instances marked `down`. */
  route(down?: Instance[]): Promise<void>;
  /** Which instance an access-log address ("127.0.0.1:port") is. */
  nameOf(upstream: string): string;
  sql<T = any>(text: string, params?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** Added to every instance's environment (JWT_SECRET: '' = no shared signing key). */
  env?: NodeJS.ProcessEnv;
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const root = mkdtempSync(join(process.env.COSMAC_TEST_ROOT ?? process.env.DATA_DIR!, 'cluster-'));
  const db = await createTestDb('mysql');
  const redisPort = await freePort();
  let redis: ChildProcess | null = await startRedis(redisPort);
  const instances: Instance[] = [];
  for (const name of ['a', 'b']) {
    const port = await freePort();
    instances.push({ name, port, url: `http://127.0.0.1:${port}`, dataDir: mkdtempSync(join(root, `instance-${name}-`)), proc: null });
  }
  // What docs/operations/production.md says every instance shares, and what each keeps on its own.
  const shared: NodeJS.ProcessEnv = {
    DATABASE_URL: db.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    STORAGE_ROOT: mkdtempSync(join(root, 'uploads-')),
    TRUST_PROXY: '1',
    ADMIN_PASSWORD,
    CHAT_SEND_LIMIT: '1000/10',
    LOG_CONSOLE_LEVEL: 'error',
    ...opts.env,
  };
  const start = async (i: Instance, env: NodeJS.ProcessEnv = {}) => {
    const own = { DATA_DIR: i.dataDir, LOG_DIR: join(i.dataDir, 'logs'), INSTANCE_ID: `cluster-${i.name}`, PORT: String(i.port) };
    // The first start on a new database creates every table: slow on a busy machine.
    i.proc = (await startServerProcess({ ...shared, ...own, ...env })).proc;
  };
  let nginx: Nginx | null = null;
  const cluster: Cluster = {
    db,
    get nginx() {
      return nginx!;
    },
    instances,
    start,
    async route(down = []) {
      await nginx!.reload(instances.map((i): Backend => ({ port: i.port, down: down.includes(i) })));
    },
    nameOf(upstream) {
      return instances.find((i) => upstream.endsWith(`:${i.port}`))?.name ?? upstream;
    },
    async sql(text, params = []) {
      const c = await mysql.createConnection(db.url);
      try {
        return (await c.query(text, params))[0] as never;
      } finally {
        await c.end();
      }
    },
    async close() {
      await nginx?.stop();
      for (const i of instances) await stop(i.proc);
      await stop(redis);
      redis = null;
      await db.drop();
    },
  };
  try {
    // One after the other: the first start creates the schema and the administrator.
    for (const i of instances) await start(i);
    nginx = await startNginx(
      mkdtempSync(join(root, 'nginx-')),
      await freePort(),
      instances.map((i) => ({ port: i.port })),
    );
  } catch (e) {
    await cluster.close();
    throw e;
  }
  return cluster;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; data: T };
}

/** One API call (JSON in, JSON out) to `base` (nginx or one instance). */
export async function call<T = any>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; token?: string; rid?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = opts.token;
  if (opts.rid) headers['x-request-id'] = opts.rid;
  const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: Answer<T>['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { code: -1, message: text.slice(0, 300), data: null as T };
  }
  return { status: res.status, headers: res.headers, body };
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/admin/base/open/login', { body: { username, password } });
  if (res.body.code !== 1000) throw new Error(`login of ${username} through ${base} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}
