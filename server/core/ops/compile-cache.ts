/**
 * A start-up's code cache: V8's compiled form of every CommonJS file the server loads, kept on disk
 * and handed back to V8 on the next start, so a restart (a deployment, a crashed instance, one more
 * instance) compiles only what changed. Loaded first by the production entry (bootstrap.ts).
 *
 * Node 22 has this built in (`module.enableCompileCache`): used when present. On Node 20 the CommonJS
 * loader's compile step is wrapped: a file's source and name give its cache key (a changed file
 * simply misses), V8 checks the cached data and refuses what does not fit it (another V8, other
 * flags), and a file V8 refused or had no entry for is compiled as before and its data written once
 * the server is ready (`flush`, without blocking: a start stopped at once keeps what was written),
 * and again a while later for the code loaded by the first requests. ES modules, a file that is not
 * CommonJS and a file with a dynamic import() go to Node's own compile.
 *
 * COMPILE_CACHE=off turns it off; COMPILE_CACHE_DIR says where (default: the system's temp folder,
 * one folder per user and Node version); a folder (or its parent) that is not this user's alone is
 * not used, since cached code runs as it is. A folder holding far more entries than one start uses
 * (earlier builds') drops those this start did not use.
 */
import Module from 'node:module';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

type Compile = (this: Module, content: string, filename: string, ...rest: unknown[]) => unknown;
interface Internals {
  prototype: { _compile: Compile };
  wrap(content: string): string;
  _resolveFilename(request: string, parent: Module, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: Module): string[] | null;
  _extensions: unknown;
  _cache: unknown;
  enableCompileCache?: (dir?: string) => unknown;
}

/** What a start did with the cache (for the tests and a log line), and its writer. */
export interface CompileCache {
  hits: number;
  misses: number;
  written: number;
  /** Writes the entries compiled since the last flush (the start's, then the first requests'). */
  flush(): Promise<void>;
}

/** The second flush, for the code the first requests load. */
const LATE_FLUSH_MS = 30_000;

function defaultDir(): string {
  let user = 'user';
  try {
    user = String(userInfo().uid);
  } catch {
    /* no user database: one shared name */
  }
  return join(tmpdir(), `cosmac-compile-cache-${user}`, process.version);
}

/**
 * Makes `dir` this user's alone (and, for the default one in the shared temp folder, its parent), or
 * says it cannot: cached code is run as it is, so a folder another user could write to (one made by
 * someone else in the temp folder, a link) is not used.
 */
function ownFolder(dir: string, withParent: boolean): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const uid = typeof process.getuid === 'function' ? process.getuid() : null;
    for (const d of withParent ? [dirname(dir), dir] : [dir]) {
      const st = lstatSync(d);
      if (!st.isDirectory() || (uid !== null && st.uid !== uid) || (st.mode & 0o022) !== 0) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Installs the cache for this process; returns it (null when off, or when Node's own is used). */
export function installCompileCache(env: NodeJS.ProcessEnv = process.env): CompileCache | null {
  if (env.COMPILE_CACHE === 'off') return null;
  const dir = env.COMPILE_CACHE_DIR || defaultDir();
  const M = Module as unknown as Internals;
  if (typeof M.enableCompileCache === 'function') {
    M.enableCompileCache(dir);
    return null;
  }
  if (!ownFolder(dir, !env.COMPILE_CACHE_DIR)) return null;
  const toWrite: Array<[name: string, script: vm.Script]> = [];
  const use: CompileCache = { hits: 0, misses: 0, written: 0, flush: () => flush() };
  const used = new Set<string>();
  const original = M.prototype._compile;

  M.prototype._compile = function compile(this: Module, content: string, filename: string, ...rest: unknown[]) {
    // An ES module (Node 20 can require one: its loader says 'module'): Node's own path. So is a file
    // with a dynamic import(): Node 20 loses a script's import() callback when V8 takes its code
    // from cached data (the import then fails), and a callback of its own would print a warning.
    if ((rest[0] !== undefined && rest[0] !== 'commonjs') || filename.endsWith('.mjs') || content.includes('import(')) {
      return original.call(this, content, filename, ...rest);
    }
    const name = createHash('sha1').update(filename).update('\0').update(content).digest('hex');
    let cached: Buffer | undefined;
    try {
      cached = readFileSync(join(dir, name));
    } catch {
      /* not cached yet */
    }
    let script: vm.Script;
    try {
      script = new vm.Script(M.wrap(content), { filename, cachedData: cached });
    } catch {
      // Not CommonJS (ES module syntax) or not valid: Node's own compile decides and says why.
      return original.call(this, content, filename, ...rest);
    }
    used.add(name);
    if (cached && !script.cachedDataRejected) use.hits++;
    else {
      use.misses++;
      toWrite.push([name, script]);
    }
    const fn = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const mod = this as Module & { exports: unknown };
    // The require a module gets from Node (its makeRequireFunction), over the same internals.
    const req = ((id: string) => mod.require(id)) as NodeJS.Require;
    const resolve = ((request: string, options?: unknown) => M._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
    resolve.paths = (request: string) => M._resolveLookupPaths(request, mod);
    req.resolve = resolve;
    req.main = require.main;
    (req as unknown as { extensions: unknown }).extensions = M._extensions;
    (req as unknown as { cache: unknown }).cache = M._cache;
    return fn.call(mod.exports, mod.exports, req, mod, filename, dirname(filename));
  };

  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> =>
    (writing = writing.then(async () => {
      for (const [name, script] of toWrite.splice(0)) {
        try {
          const part = join(dir, `${name}.${process.pid}.part`);
          await writeFile(part, script.createCachedData());
          await rename(part, join(dir, name));
          use.written++;
        } catch {
          /* a full disk or a read-only folder: the next start compiles again */
        }
      }
      try {
        const names = await readdir(dir);
        if (names.length > used.size * 3) for (const n of names) if (!used.has(n) && !n.endsWith('.part')) await rm(join(dir, n), { force: true });
      } catch {
        /* another process is pruning */
      }
    }));
  setTimeout(() => void flush(), LATE_FLUSH_MS).unref();
  return use;
}
