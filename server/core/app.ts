/**
 * Builds the running core from configuration: loads and normalizes the declarations, opens the
 * database and the cache store, brings the schema up to date (and gives user rows their canonical
 * username key), builds the route table, seeds, starts the scheduler and then the plugins.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadModel } from './entity/load';
import { readDependencies } from './entity/access';
import { openDatabase, parseDatabaseUrl } from './db/open';
import { syncSchema, type SchemaReport } from './db/schema';
import { fillUsernameKeys } from './auth/username-upgrade';
import { Sealer } from './secrets/seal';
import { sealStoredSecrets } from './secrets/seal-stored';
import { openCacheStore } from './cache/store';
import { AuthService, changesUserState } from './auth/auth.service';
import { sessionEnds } from './auth/session-ends';
import { SharedSecrets } from './auth/signing-keys';
import { CacheRevocations, type Revocations } from './auth/revocations';
import { RevocationTable } from './auth/revocation-table';
import { Operations } from './crud/operations';
import { ensureSequenceTable } from './crud/sequence';
import { Totals, type RowChange, type WriteTicket } from './crud/totals';
import { PageBoundaries } from './crud/keyset';
import { genericRoutes } from './crud/routes';
import { RouteTable, type Route } from './http/route';
import { l } from './entity/define';
import { seed } from './seed';
import type { SeedResult } from './seed-db';
import { DATA_DIR, PROJECT_ROOT } from './paths';
import type { AppConfig, Core } from './core';
import type { Entity } from './entity/model';
import { loadModuleEvents, loadModuleRoutes, loadModuleTasks, runModuleStarts } from './modules';
import { RealtimeHub } from './realtime';
import { RequestLogQueue, requestLogOptions } from './log/request-log';
import { Scheduler, schedulerSettings } from './scheduler/scheduler';
import { PluginManager, pluginSettings } from './plugins/manager';
import { LiveEntities, liveSettings, preloadLive } from './entity/live';
import { opsRoutes, probe } from './ops/ops.routes';
import { BOOL, INT, STR, nullable, obj } from './calls/answer';
import { startOps } from './ops/ops';
import './log/log-purge.task';

export interface Started {
  core: Core;
  schema: SchemaReport;
  seed: SeedResult;
  close(): Promise<void>;
}

function healthRoute(core: Core): Route {
  return {
    method: 'GET',
    path: '/health',
    guard: 'public',
    permission: null,
    summary: l('Health', '健康检查', '健康檢查'),
    module: 'base',
    group: 'health',
    raw: true,
    call: probe(
      obj({ status: STR, db: BOOL, cache: nullable(BOOL), version: STR, time: STR, requestLog: obj({ queued: INT, written: INT, dropped: INT, failed: INT }) }),
      { en: 'anyone', 'zh-cn': '任何人', 'zh-tw': '任何人' },
    ),
    async handler(req) {
      const db = await core.db.query('SELECT 1 AS ok').then(
        () => true,
        () => false,
      );
      const cache = core.config.redisUrl ? await core.cache.ping() : null;
      const ok = db && cache !== false;
      const log = core.requestLog.stats;
      req.ctx.status = ok ? 200 : 503;
      req.ctx.set('Cache-Control', 'no-store');
      req.ctx.body = {
        code: ok ? 1000 : 1003,
        message: ok ? 'success' : 'unhealthy',
        data: {
          status: ok ? 'ok' : 'fail',
          db,
          cache,
          version: core.version,
          time: new Date().toISOString(),
          requestLog: { queued: log.queued, written: log.written, dropped: log.dropped, failed: log.failed },
        },
      };
    },
  };
}

export async function startCore(
  config: AppConfig,
  onError: (err: unknown) => void = () => undefined,
  warn: (line: string) => void = (line) => console.warn(line),
): Promise<Started> {
  const model = await loadModel();
  const target = parseDatabaseUrl(config.databaseUrl);
  const { db } = await openDatabase(target);
  // Instances of one installation (one database) share cache keys; other installations on the same Redis do not.
  const dbIdentity = target.dialect === 'mysql' ? `${target.mysql!.host}:${target.mysql!.port}/${target.mysql!.database}` : target.file!;
  const prefix = process.env.REDIS_PREFIX ?? `cosmac:${createHash('sha1').update(dbIdentity).digest('hex').slice(0, 10)}:`;
  const cache = await openCacheStore(config.redisUrl, prefix);
  // Entities written while running (the code helper) and source files not built yet join before the schema sync.
  const live = liveSettings(config.env);
  await preloadLive(db, model, live.dir, warn);
  // A bad SECRETS_KEY stops the start here, before anything is written.
  const dataDir = config.env.DATA_DIR ? resolve(PROJECT_ROOT, config.env.DATA_DIR) : DATA_DIR;
  const sealer = Sealer.open(config.env, dataDir);
  const schema = await syncSchema(db, model);
  await ensureSequenceTable(db);
  await fillUsernameKeys(db, warn, model);
  await sealStoredSecrets(db, model, sealer, warn);
  // Generated secrets live in the database, so every instance on it signs and checks alike (issue 24).
  const secrets = await SharedSecrets.open(db, config.env, { refreshTtl: config.refreshTtl, dataDir, warn });
  // Without Redis the cache store lives in this process; ended sessions must outlive a restart.
  const revocations: Revocations = config.redisUrl ? new CacheRevocations(cache) : await RevocationTable.open(db, onError);
  const auth = new AuthService(db, model, cache, secrets, { accessTtl: config.accessTtl, refreshTtl: config.refreshTtl }, revocations);
  const totals = new Totals(cache, db, config.totalRecountSeconds);
  const boundaries = new PageBoundaries(cache);
  // Entities whose read rules look into another entity: a write there changes what their pages count.
  const dependents = new Map<string, Entity[]>();
  for (const e of model.entities) {
    for (const key of await readDependencies(e.access)) if (key !== e.key) (dependents.get(key) ?? dependents.set(key, []).get(key)!).push(e);
  }
  // The department data scope reads which users belong to a department: a user's move changes owned rows' totals.
  const users = model.system('users');
  const totalDependents = new Map(dependents);
  totalDependents.set(users.key, [...new Set([...(dependents.get(users.key) ?? []), ...model.entities.filter((e) => e.owner && e !== users)])]);
  totals.dependOn(totalDependents);
  const scheduler = new Scheduler(schedulerSettings(config.env), config.redisUrl ? { url: config.redisUrl, prefix } : null, onError);
  const plugins = new PluginManager(pluginSettings(config.env), onError);
  const realtime = new RealtimeHub();
  auth.onSessionEnd((sid, reason) => realtime.endSessions({ sids: [sid] }, reason));
  // Transactions (by their ticket) whose writes dropped the cached user states already: a user's
  // update and the role links its hook wrote drop them once.
  const invalidated = new WeakSet<WriteTicket>();
  const events = {
    async afterWrite(e: Entity, rows?: RowChange[] | null, ticket?: WriteTicket | null, named?: RowChange[]) {
      // Side by side: on Redis the totals' commit and the generation bumps leave in one write (auto-pipelining).
      await Promise.all([totals.written(e, rows ?? null, ticket ?? null), ...[e, ...(dependents.get(e.key) ?? [])].map((d) => boundaries.bump(d))]);
      if (changesUserState(e, rows) && !(ticket && invalidated.has(ticket))) {
        if (ticket) invalidated.add(ticket);
        await auth.invalidate();
      }
      // A new password, a disabled or deleted account ends every session of the user: their sockets too.
      for (const [reason, userIds] of sessionEnds(e, rows)) realtime.endSessions({ userIds }, reason);
      // A task added, changed, deleted or restored is rescheduled once the write has committed.
      if (e.system === 'tasks') await scheduler.written(rows ?? null);
      // Catalogue events go to the enabled notifier; a write to plugin/info re-syncs this instance (neither waits).
      await plugins.written(e, rows ?? named ?? null);
    },
  };
  const ops = new Operations(model, db, events, totals, boundaries, sealer);
  const routes = new RouteTable();
  const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const requestLog = new RequestLogQueue(db, { ...requestLogOptions(config.env), onError }, model).start();
  // Seeding writes the base tables directly (it runs before any request); a re-run drops their caches after.
  const reseed = async () => {
    const r = await seed(db, model, routes);
    for (const role of ['roles', 'userRoles', 'menus', 'roleMenus', 'dictTypes', 'tasks', 'params'] as const) await events.afterWrite(model.system(role));
    return r;
  };
  const entities = new LiveEntities({ model, db, routes, ops, reseed, onError }, live);
  const core: Core = { config, model, db, cache, auth, secrets, ops, routes, version, requestLog, reseed, realtime, scheduler, plugins, entities };
  for (const r of [...genericRoutes(model, ops), ...(await loadModuleRoutes(core)), healthRoute(core), ...opsRoutes(core)]) {
    routes.add(r);
  }
  await runModuleStarts(core);
  // Task handlers register before the seed, which adds the system tasks they ask for.
  await loadModuleTasks();
  await loadModuleEvents();
  const seeded = await seed(db, model, routes, config.adminPassword);
  await scheduler.start(core);
  await plugins.start(core);
  entities.start();
  const operations = await startOps(core, warn, onError);
  return {
    core,
    schema,
    seed: seeded,
    async close() {
      await entities.close();
      await realtime.close();
      await scheduler.close();
      // Before the database closes: a notifier's last log rows are still written.
      await plugins.close();
      await requestLog.close();
      await revocations.close();
      await operations.close();
      await cache.close();
      await db.close();
    },
  };
}
