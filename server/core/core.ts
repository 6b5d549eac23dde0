/** What hand-written modules receive: the model, the database, the cache store, access and operations. */
import type { AuthService } from './auth/auth.service';
import type { CacheStore } from './cache/store';
import type { Operations } from './crud/operations';
import type { Db } from './db/db';
import type { Model } from './entity/model';
import type { RouteTable } from './http/route';
import type { RequestLogQueue } from './log/request-log';
import type { RealtimeHub } from './realtime';
import type { SeedResult } from './seed-db';
import type { CoreScheduler } from './scheduler/types';
import type { CorePlugins } from './plugins/types';
import type { LiveEntities } from './entity/live';
import type { SharedSecrets } from './auth/signing-keys';

export interface AppConfig {
  port: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminPassword: string | undefined;
  captcha: boolean;
  accessTtl: number;
  refreshTtl: number;
  /** Seconds after which a cached page total is recounted in the background (TOTAL_RECOUNT_SECONDS). */
  totalRecountSeconds: number;
  /** The environment modules read their own settings from (SMTP_*, OAUTH_*, STORAGE_*...). */
  env: Record<string, string | undefined>;
}

export interface Core {
  config: AppConfig;
  model: Model;
  db: Db;
  cache: CacheStore;
  auth: AuthService;
  /** The installation's generated secrets, the same on every instance of the database (auth/signing-keys.ts). */
  secrets: SharedSecrets;
  ops: Operations;
  routes: RouteTable;
  version: string;
  /** The request log queue (written off the request path). */
  requestLog: RequestLogQueue;
  /** Delivers notices to sockets (server/core/realtime.ts); a no-op until the socket server attaches. */
  realtime: RealtimeHub;
  /** Scheduled tasks: start, stop and once reach it; writes to tasks reschedule through it (scheduler/). */
  scheduler: CoreScheduler;
  /** Installed plugins: the storage hook, the administrator's actions, each plugin's state here (plugins/). */
  plugins: CorePlugins;
  /** Entities registered while running, on every instance (the code helper; entity/live.ts). */
  entities: LiveEntities;
  /** Re-runs the idempotent seeding (menus and permission keys of new entities...) and drops the caches it touched. */
  reseed(): Promise<SeedResult>;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
  return {
    port: num(env.PORT, 8001),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    captcha: !['off', 'false', '0', 'no'].includes((env.CAPTCHA ?? '').toLowerCase()),
    accessTtl: num(env.ACCESS_TOKEN_TTL, 7200),
    refreshTtl: num(env.REFRESH_TOKEN_TTL, 15 * 24 * 3600),
    totalRecountSeconds: Math.max(1, num(env.TOTAL_RECOUNT_SECONDS, 60)),
    env,
  };
}
