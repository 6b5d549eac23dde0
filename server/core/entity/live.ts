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
 * - `apply(change)` runs a code helper change set (server/modules/coding/changeset.service.ts): a
 *   creation, a change of the declaration or its removal (a creation rolled back). The row's
 *   `version` is the change set's id; while its statements run the row holds the negated id, which
 *   claims the entity (a second apply of it finds another version and is refused) and tells the
 *   other instances to wait. They then replace the entity in their model and routes, or drop it
 *   when its row is gone, on their next look.
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
import { addToModel, normalizeEntity, removeFromModel, replaceInModel } from './normalize';
import { ENTITIES_DIR } from './load';
import { evaluateEntitySource } from './source-eval';

export const LIVE_TABLE = 'app_live_entity';

export class LiveEntityError extends Error {
  constructor(
    readonly reason: 'exists' | 'invalid' | 'path' | 'changed',
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
  version: number;
}

/** A stored registration, as a change set reads it. */
export type LiveRow = Row;

/**
 * A code helper change set as the registry runs it. `run` executes its statements (the caller makes
 * them atomic where the database allows); the registry claims the entity first and records the new
 * declaration only once they succeeded.
 */
export interface LiveChange {
  kind: 'create' | 'change' | 'remove';
  key: string;
  /** create: where the file goes (checked like `create`'s). */
  file?: string;
  /** The declaration after (create, change). */
  source?: string;
  /** The declaration the change set was made from (change, remove): refused when it is no longer the current one. */
  before?: string;
  /** The change set's id: the row's version after. */
  version: number;
  run(db: Db): Promise<void>;
}

/** The version of each stored registration in a model (what preloadLive took from the table). */
const modelVersions = new WeakMap<Model, Map<string, number>>();

function versionsOf(model: Model): Map<string, number> {
  return modelVersions.get(model) ?? modelVersions.set(model, new Map()).get(model)!;
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
    `CREATE TABLE IF NOT EXISTS ${q(LIVE_TABLE)} (${q('k')} VARCHAR(191) NOT NULL PRIMARY KEY, ${q('file')} VARCHAR(500) NOT NULL, ${q('source')} ${text} NOT NULL, ${q('createTime')} VARCHAR(32) NOT NULL, ${q('version')} INTEGER NOT NULL DEFAULT 0)${engine}`,
  );
  // Tables made before change sets have no version: every row is then version 0.
  if (!(await existingColumns(db, LIVE_TABLE))?.has('version')) {
    try {
      await db.run(`ALTER TABLE ${q(LIVE_TABLE)} ADD COLUMN ${q('version')} INTEGER NOT NULL DEFAULT 0`);
    } catch (err) {
      if (!/duplicate column/i.test((err as Error).message)) throw err;
    }
  }
}

/**
 * Start-up, before the schema sync: adds to `model` the stored registrations still unknown (the
 * database holds their current declaration, which a change set may have changed), then the source
 * files of `dir` not compiled into the loaded entities. Answers the keys added.
 */
export async function preloadLive(db: Db, model: Model, dir: string, warn: (line: string) => void): Promise<string[]> {
  await ensureLiveTable(db);
  const added: string[] = [];
  const take = async (file: string, source: string, from: string): Promise<boolean> => {
    try {
      const e = await entityOf(file, source);
      if (model.byKey.has(e.key)) return false;
      addToModel(model, e);
      added.push(e.key);
      return true;
    } catch (err) {
      warn(`[entities] ${from} was skipped: ${(err as Error).message}`);
      return false;
    }
  };
  const q = db.q.bind(db);
  const rows = await db.query<Row>(`SELECT ${q('k')}, ${q('file')}, ${q('source')}, ${q('version')} FROM ${q(LIVE_TABLE)} ORDER BY ${q('k')}`);
  for (const r of rows) {
    const known = model.byKey.get(r.k);
    if (!known) {
      if (await take(join(dir, r.file), r.source, `the stored entity ${r.k}`)) versionsOf(model).set(r.k, Number(r.version));
      continue;
    }
    // Built into dist/ from its file since: the stored declaration is the current one (a change set
    // may have changed it after the build), so a column it removed is not synced back.
    try {
      const e = await entityOf(join(dir, r.file), r.source);
      if (e.key === r.k && !known.system) {
        replaceInModel(model, e);
        versionsOf(model).set(r.k, Number(r.version));
      }
    } catch (err) {
      warn(`[entities] the stored entity ${r.k} was skipped: ${(err as Error).message}`);
    }
  }
  if (resolve(dir) !== resolve(ENTITIES_DIR)) {
    for (const file of findSources(dir)) {
      const rel = relative(dir, file);
      const compiled = [rel, rel.replace(/\.ts$/, '.js')].some((r) => existsSync(join(ENTITIES_DIR, r)));
      if (!compiled) await take(file, readFileSync(file, 'utf8'), file);
    }
  }
  return added;
}

export class LiveEntities {
  readonly dir: string;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly failed = new Set<string>();
  /** The version of each stored registration this instance serves (routes included). */
  private readonly versions: Map<string, number>;

  constructor(
    private readonly d: LiveDeps,
    private readonly settings: LiveSettings,
  ) {
    this.dir = settings.dir;
    this.versions = new Map(versionsOf(d.model));
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

  /** The entity `source` declares (evaluated and normalized, nothing checked against the system). */
  evaluate(file: string, source: string): Promise<Entity> {
    return entityOf(this.checkPath(file), source);
  }

  /** The stored registration of `key` (a live entity: made with the code helper), or null. */
  async row(key: string): Promise<LiveRow | null> {
    const { db } = this.d;
    const q = db.q.bind(db);
    const [r] = await db.query<Row>(`SELECT ${q('k')}, ${q('file')}, ${q('source')}, ${q('version')} FROM ${q(LIVE_TABLE)} WHERE ${q('k')} = ?`, [key]);
    return r ? { ...r, version: Number(r.version) } : null;
  }

  /** Keys of every stored registration. */
  async keys(): Promise<Set<string>> {
    const { db } = this.d;
    return new Set((await db.query<{ k: string }>(`SELECT ${db.q('k')} FROM ${db.q(LIVE_TABLE)}`)).map((r) => r.k));
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
    return this.serial(() => this.createNow(file, source, 0, null));
  }

  /** Runs a change set on the entity (see the file's comment); answers the entity after, or null once removed. */
  apply(change: LiveChange): Promise<Entity | null> {
    return this.serial(() => (change.kind === 'create' ? this.createNow(change.file!, change.source!, change.version, change.run) : this.changeNow(change)));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async createNow(file: string, source: string, version: number, run: LiveChange['run'] | null): Promise<Entity> {
    const e = await this.check(file, source);
    const abs = resolve(file);
    const { db } = this.d;
    const q = db.q.bind(db);
    try {
      // A change set's creation is claimed (negative) until its statements ran: no instance registers it before.
      await db.run(`INSERT INTO ${q(LIVE_TABLE)} (${q('k')}, ${q('file')}, ${q('source')}, ${q('createTime')}, ${q('version')}) VALUES (?, ?, ?, ?, ?)`, [
        e.key,
        relative(this.dir, abs).split(sep).join('/'),
        source,
        new Date().toISOString(),
        run ? -version : version,
      ]);
    } catch (err) {
      if (/duplicate|unique|constraint/i.test((err as Error).message)) throw new LiveEntityError('exists', `the entity ${e.key} already exists`, 'name');
      throw err;
    }
    const forget = () => db.run(`DELETE FROM ${q(LIVE_TABLE)} WHERE ${q('k')} = ?`, [e.key]);
    try {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, source, { flag: 'wx' });
    } catch (err) {
      await forget();
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new LiveEntityError('exists', `${relative(PROJECT_ROOT, abs)} already exists`, 'name');
      throw err;
    }
    if (run) {
      try {
        await run(db);
        await db.run(`UPDATE ${q(LIVE_TABLE)} SET ${q('version')} = ? WHERE ${q('k')} = ?`, [version, e.key]);
      } catch (err) {
        unlinkSync(abs);
        await forget();
        throw err;
      }
    }
    try {
      await this.register(e);
      this.versions.set(e.key, version);
      versionsOf(this.d.model).set(e.key, version);
    } catch (err) {
      if (!this.d.model.byKey.has(e.key)) {
        unlinkSync(abs);
        await forget();
      }
      throw err;
    }
    return e;
  }

  /** A change or a removal: claim the row, run the statements, then record and register the result. */
  private async changeNow(change: LiveChange): Promise<Entity | null> {
    const { db } = this.d;
    const q = db.q.bind(db);
    const row = await this.row(change.key);
    if (!row || row.version < 0 || row.source !== change.before) throw new LiveEntityError('changed', `the entity ${change.key} changed since`, 'id');
    const next = change.kind === 'change' ? await entityOf(join(this.dir, row.file), change.source!) : null;
    if (next && (next.key !== change.key || next.system)) throw new LiveEntityError('invalid', 'a change cannot rename the entity or give it a system role');
    const claimed = await db.run(`UPDATE ${q(LIVE_TABLE)} SET ${q('version')} = ? WHERE ${q('k')} = ? AND ${q('version')} = ?`, [
      -change.version,
      change.key,
      row.version,
    ]);
    if (claimed.affected !== 1) throw new LiveEntityError('changed', `the entity ${change.key} changed since`, 'id');
    try {
      await change.run(db);
    } catch (err) {
      await db.run(`UPDATE ${q(LIVE_TABLE)} SET ${q('version')} = ? WHERE ${q('k')} = ?`, [row.version, change.key]);
      throw err;
    }
    const file = join(this.dir, row.file);
    if (!next) {
      await db.run(`DELETE FROM ${q(LIVE_TABLE)} WHERE ${q('k')} = ?`, [change.key]);
      if (existsSync(file)) unlinkSync(file);
      this.unregister(change.key);
      return null;
    }
    await db.run(`UPDATE ${q(LIVE_TABLE)} SET ${q('source')} = ?, ${q('version')} = ? WHERE ${q('k')} = ?`, [change.source, change.version, change.key]);
    // The file follows where this instance keeps one (the database holds the declaration for the others).
    if (existsSync(file)) writeFileSync(file, change.source!);
    await this.register(next, true);
    this.versions.set(change.key, change.version);
    versionsOf(this.d.model).set(change.key, change.version);
    return next;
  }

  /**
   * Table, model, routes, then menus and permission keys. Idempotent: a model shared by two cores of one
   * process (tests) may hold the entity already, and then only this core's routes are added. `replace`:
   * the entity in the model and this core's routes of it are replaced (a change).
   */
  private async register(e: Entity, replace = false): Promise<void> {
    await syncTable(this.d.db, e);
    const known = this.d.model.byKey.get(e.key);
    if (!known) addToModel(this.d.model, e);
    else if (replace && known !== e) replaceInModel(this.d.model, e);
    const target = replace ? e : (known ?? e);
    if (replace) this.unroute(e.key);
    if (!this.routed(target)) for (const r of genericRoutes({ ...this.d.model, entities: [target] }, this.d.ops)) this.d.routes.add(r);
    await this.reseed();
  }

  /** Takes the entity's generic routes out of this core. */
  private unroute(key: string): void {
    for (const r of this.d.routes.all.filter((x) => x.entity?.key === key)) this.d.routes.remove(r.method, r.path);
  }

  /** The entity gone from this core's routes and from the model (a creation rolled back). */
  private unregister(key: string): void {
    this.unroute(key);
    removeFromModel(this.d.model, key);
    this.versions.delete(key);
    versionsOf(this.d.model).delete(key);
  }

  private routed(e: Entity): boolean {
    return e.actions.every((a) => this.d.routes.find(a.method, a.path).route?.entity === e);
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

  /** Registers what other instances created, changed or removed since the last look; answers the keys registered. */
  sync(): Promise<string[]> {
    return this.serial(() => this.syncNow());
  }

  private async syncNow(): Promise<string[]> {
    const { db, model } = this.d;
    const q = db.q.bind(db);
    const rows = (await db.query<{ k: string; version: number }>(`SELECT ${q('k')}, ${q('version')} FROM ${q(LIVE_TABLE)}`)).map((r) => ({
      k: r.k,
      version: Number(r.version),
    }));
    const added: string[] = [];
    for (const { k, version } of rows) {
      // Claimed: a change set's statements are running on another instance.
      if (version < 0 || this.failed.has(`${k}@${version}`)) continue;
      const known = model.byKey.get(k);
      const mine = this.versions.get(k);
      if (known && this.routed(known) && (mine === undefined || mine === version)) {
        this.versions.set(k, version);
        continue;
      }
      const row = await this.row(k);
      if (!row || row.version !== version) continue;
      try {
        // The model may hold this version already (a core of the same process registered it).
        const current = known && versionsOf(model).get(k) === version ? known : await entityOf(join(this.dir, row.file), row.source);
        await this.register(current, !!known);
        this.versions.set(k, version);
        versionsOf(model).set(k, version);
        added.push(k);
      } catch (err) {
        // Reported once; the row stays for a restart with a fixed file to pick up.
        this.failed.add(`${k}@${version}`);
        this.d.onError(err);
      }
    }
    const present = new Set(rows.map((r) => r.k));
    for (const k of [...this.versions.keys()]) if (!present.has(k)) this.unregister(k);
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
