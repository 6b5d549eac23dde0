/**
 * Entities registered while the server runs (the code helper's `coding/createCode`, issue 21), on
 * every instance, without a restart or a rebuild.
 *
 * - `create(file, source)` evaluates the generated TypeScript (entity/source-eval.ts), normalizes it,
 *   claims its key in `app_live_entity` (the primary key settles two instances racing for one name),
 *   writes the file (never over an existing one), creates the table, adds the six CRUD routes to this
 *   process and re-runs the idempotent seeding (menu entry and permission keys).
 * - The other instances find the new row within `CODING_SYNC_SECONDS` (default 5) and register the
 *   declaration stored in it; they write no file (on another host the database is the shared copy).
 * - At start-up (`preload`, before the schema sync), source files in the entities folder that have no
 *   compiled counterpart, then rows of `app_live_entity` whose key is still unknown, join the model, so
 *   a restart without a rebuild keeps them. A file that no longer evaluates is reported and skipped.
 *
 * The model object is mutated in place (everything holding it sees the entity at once); an entity
 * added this way holds no system role and has the default access (administrators only).
 *
 * @example
 * const e = await core.entities.create(join(core.entities.dir, 'demo', 'note.entity.ts'), source);
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Db } from '../db/db';
import { existingColumns, syncTable } from '../db/schema';
import type { Operations } from '../crud/operations';
import { genericRoutes } from '../crud/routes';
import type { RouteTable } from '../http/route';
import { PROJECT_ROOT } from '../paths';
import type { Entity, Model } from './model';
import { addToModel, normalizeEntity } from './normalize';
import { ENTITIES_DIR } from './load';
import { evaluateEntitySource } from './source-eval';

export const LIVE_TABLE = 'app_live_entity';

export class LiveEntityError extends Error {
  constructor(
    readonly reason: 'exists' | 'invalid' | 'path',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface LiveSettings {
  /** Where new entity files go: CODING_ENTITIES_DIR, default `<project>/entities`. */
  dir: string;
  /** How often other instances' registrations are looked for: CODING_SYNC_SECONDS, default 5. */
  syncSeconds: number;
}

export function liveSettings(env: Record<string, string | undefined>): LiveSettings {
  const secs = Number(env.CODING_SYNC_SECONDS);
  return { dir: resolve(env.CODING_ENTITIES_DIR || join(PROJECT_ROOT, 'entities')), syncSeconds: secs > 0 ? secs : 5 };
}

export interface LiveDeps {
  model: Model;
  db: Db;
  routes: RouteTable;
  ops: Operations;
  reseed(): Promise<unknown>;
  onError(err: unknown): void;
}

interface Row {
  k: string;
  file: string;
  source: string;
}

function findSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...findSources(p));
    else if (d.name.endsWith('.entity.ts')) out.push(p);
  }
  return out.sort();
}

/** The entity a source evaluates to, or a LiveEntityError('invalid'). */
async function entityOf(file: string, source: string): Promise<Entity> {
  try {
    return normalizeEntity(await evaluateEntitySource(file, source));
  } catch (e) {
    throw new LiveEntityError('invalid', (e as Error).message);
  }
}

export async function ensureLiveTable(db: Db): Promise<void> {
  const q = db.q.bind(db);
  const text = db.dialect === 'mysql' ? 'MEDIUMTEXT' : 'TEXT';
  const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  await db.run(
    `CREATE TABLE IF NOT EXISTS ${q(LIVE_TABLE)} (${q('k')} VARCHAR(191) NOT NULL PRIMARY KEY, ${q('file')} VARCHAR(500) NOT NULL, ${q('source')} ${text} NOT NULL, ${q('createTime')} VARCHAR(32) NOT NULL)${engine}`,
  );
}

/**
 * Start-up, before the schema sync: adds to `model` the source files of `dir` not compiled into the
 * loaded entities, then the stored registrations still unknown. Answers the keys added.
 */
export async function preloadLive(db: Db, model: Model, dir: string, warn: (line: string) => void): Promise<string[]> {
  await ensureLiveTable(db);
  const added: string[] = [];
  const take = async (file: string, source: string, from: string) => {
    try {
      const e = await entityOf(file, source);
      if (model.byKey.has(e.key)) return;
      addToModel(model, e);
      added.push(e.key);
    } catch (err) {
      warn(`[entities] ${from} was skipped: ${(err as Error).message}`);
    }
  };
  if (resolve(dir) !== resolve(ENTITIES_DIR)) {
    for (const file of findSources(dir)) {
      const rel = relative(dir, file);
      const compiled = [rel, rel.replace(/\.ts$/, '.js')].some((r) => existsSync(join(ENTITIES_DIR, r)));
      if (!compiled) await take(file, readFileSync(file, 'utf8'), file);
    }
  }
  const q = db.q.bind(db);
  for (const r of await db.query<Row>(`SELECT ${q('k')}, ${q('file')}, ${q('source')} FROM ${q(LIVE_TABLE)} ORDER BY ${q('k')}`)) {
    if (!model.byKey.has(r.k)) await take(join(dir, r.file), r.source, `the stored entity ${r.k}`);
  }
  return added;
}

export class LiveEntities {
  readonly dir: string;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly failed = new Set<string>();

  constructor(
    private readonly d: LiveDeps,
    private readonly settings: LiveSettings,
  ) {
    this.dir = settings.dir;
  }

  /** `file` inside the entities folder (after following links of its existing folders), named `*.entity.ts`. */
  private checkPath(file: string): string {
    const abs = resolve(file);
    const root = resolve(this.dir);
    if (!abs.endsWith('.entity.ts') || !abs.startsWith(root + sep))
      throw new LiveEntityError('path', 'the file must be inside the entities folder and end in .entity.ts', 'name');
    let probe = dirname(abs);
    while (!existsSync(probe) && probe.startsWith(root + sep)) probe = dirname(probe);
    const real = existsSync(probe) ? realpathSync(probe) : probe;
    const realRoot = existsSync(root) ? realpathSync(root) : root;
    if (real !== realRoot && !real.startsWith(realRoot + sep)) throw new LiveEntityError('path', 'the file must be inside the entities folder', 'name');
    return abs;
  }

  /** Evaluates and normalizes `source` and checks that its key, table and file are free; writes nothing. */
  async check(file: string, source: string): Promise<Entity> {
    const abs = this.checkPath(file);
    const e = await entityOf(abs, source);
    if (e.system) throw new LiveEntityError('invalid', 'an entity made here cannot hold a system role');
    if (this.d.model.byKey.has(e.key)) throw new LiveEntityError('exists', `the entity ${e.key} already exists`, 'name');
    if (this.d.model.entities.some((o) => o.table === e.table) || (await existingColumns(this.d.db, e.table))) {
      throw new LiveEntityError('exists', `the table ${e.table} already exists`, 'name');
    }
    if (existsSync(abs)) throw new LiveEntityError('exists', `${relative(PROJECT_ROOT, abs)} already exists`, 'name');
    return e;
  }

  /** check(), then claims, writes and registers the entity on this instance (see the file's comment). */
  create(file: string, source: string): Promise<Entity> {
    const run = this.queue.then(() => this.createNow(file, source));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async createNow(file: string, source: string): Promise<Entity> {
    const e = await this.check(file, source);
    const abs = resolve(file);
    const { db } = this.d;
    const q = db.q.bind(db);
    try {
      await db.run(`INSERT INTO ${q(LIVE_TABLE)} (${q('k')}, ${q('file')}, ${q('source')}, ${q('createTime')}) VALUES (?, ?, ?, ?)`, [
        e.key,
        relative(this.dir, abs).split(sep).join('/'),
        source,
        new Date().toISOString(),
      ]);
    } catch (err) {
      if (/duplicate|unique|constraint/i.test((err as Error).message)) throw new LiveEntityError('exists', `the entity ${e.key} already exists`, 'name');
      throw err;
    }
    try {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, source, { flag: 'wx' });
    } catch (err) {
      await db.run(`DELETE FROM ${q(LIVE_TABLE)} WHERE ${q('k')} = ?`, [e.key]);
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new LiveEntityError('exists', `${relative(PROJECT_ROOT, abs)} already exists`, 'name');
      throw err;
    }
    try {
      await this.register(e);
    } catch (err) {
      if (!this.d.model.byKey.has(e.key)) {
        unlinkSync(abs);
        await db.run(`DELETE FROM ${q(LIVE_TABLE)} WHERE ${q('k')} = ?`, [e.key]);
      }
      throw err;
    }
    return e;
  }

  /**
   * Table, model, routes, then menus and permission keys. Idempotent: a model shared by two cores of one
   * process (tests) may hold the entity already, and then only this core's routes are added.
   */
  private async register(e: Entity): Promise<void> {
    await syncTable(this.d.db, e);
    const known = this.d.model.byKey.get(e.key);
    if (!known) addToModel(this.d.model, e);
    const target = known ?? e;
    if (!this.routed(target)) for (const r of genericRoutes({ ...this.d.model, entities: [target] }, this.d.ops)) this.d.routes.add(r);
    await this.reseed();
  }

  private routed(e: Entity): boolean {
    return e.actions.every((a) => this.d.routes.find(a.method, a.path).route);
  }

  private async reseed(): Promise<void> {
    try {
      await this.d.reseed();
    } catch {
      // Another instance seeding the same entry at the same moment: once more, after it.
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
      await this.d.reseed();
    }
  }

  /** Registers what other instances created since the last look; answers the keys registered. */
  sync(): Promise<string[]> {
    const run = this.queue.then(() => this.syncNow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async syncNow(): Promise<string[]> {
    const { db, model } = this.d;
    const q = db.q.bind(db);
    const keys = await db.query<{ k: string }>(`SELECT ${q('k')} FROM ${q(LIVE_TABLE)}`);
    const added: string[] = [];
    for (const { k } of keys) {
      const known = model.byKey.get(k);
      if ((known && this.routed(known)) || this.failed.has(k)) continue;
      const [row] = await db.query<Row>(`SELECT ${q('k')}, ${q('file')}, ${q('source')} FROM ${q(LIVE_TABLE)} WHERE ${q('k')} = ?`, [k]);
      if (!row) continue;
      try {
        await this.register(known ?? (await entityOf(join(this.dir, row.file), row.source)));
        added.push(k);
      } catch (err) {
        // Reported once; the row stays for a restart with a fixed file to pick up.
        this.failed.add(k);
        this.d.onError(err);
      }
    }
    return added;
  }

  start(): void {
    this.timer = setInterval(() => void this.sync().catch((err) => this.d.onError(err)), this.settings.syncSeconds * 1000);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue;
  }
}
