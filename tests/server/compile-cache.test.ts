/**
 * The start-up code cache (server/core/ops/compile-cache.ts), in real Node processes: a second start
 * takes every file from the cache and behaves the same; a changed file misses (and only it); what a
 * module's require offers (resolve, resolve.paths, cache) keep working; a file with a dynamic import
 * and an ES module go to Node's own loader, and the import works on every start (it failed from a
 * cached file); COMPILE_CACHE=off leaves Node alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildServerOnce } from '../helpers/build';

const work = mkdtempSync(join(tmpdir(), 'cosmac-cc-test-'));
const app = join(work, 'app');
const cacheDir = join(work, 'cache');

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(app, name), text);
}

/** Runs the little app through the cache; returns its output and the cache's figures. */
function run(env: Record<string, string> = {}): { out: Record<string, unknown>; use: { hits: number; misses: number; written: number } | null } {
  const script = `
    const { installCompileCache } = require(${JSON.stringify(join(ROOT, 'dist/server/core/ops/compile-cache.js'))});
    const cache = installCompileCache(process.env);
    require(${JSON.stringify(join(app, 'main.js'))}).then(async (out) => {
      if (cache) await cache.flush();
      process.stdout.write(JSON.stringify({ out, use: cache && { hits: cache.hits, misses: cache.misses, written: cache.written } }));
    });`;
  const text = execFileSync(process.execPath, ['-e', script], { env: { ...process.env, COMPILE_CACHE_DIR: cacheDir, ...env }, encoding: 'utf8' });
  return JSON.parse(text);
}

beforeAll(async () => {
  await buildServerOnce();
  execFileSync('mkdir', ['-p', app]);
  write({
    'main.js': `
      const b = require('./b');
      const load = require('./d');
      const self = this === module.exports;
      module.exports = (async () => ({
        b: b.value,
        resolved: require.resolve('./b').endsWith('b.js'),
        paths: Array.isArray(require.resolve.paths('x')),
        cached: Object.keys(require.cache).some((k) => k.endsWith('b.js')),
        dirname: __dirname.endsWith('app'),
        esm: await load(),
        thisIsExports: self,
      }))();`,
    'b.js': `exports.value = 'one';`,
    // A dynamic import: compiled by Node itself (Node 20 loses import() in code taken from a cache).
    'd.js': `module.exports = () => import('./c.mjs').then((m) => m.c);`,
    'c.mjs': `export const c = 'esm';`,
  });
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the start-up code cache', () => {
  it('compiles a first start, takes everything from the cache on the next, and the modules behave the same', () => {
    const first = run();
    expect(first.use).toMatchObject({ hits: 0, misses: 2, written: 2 });
    const expected = { b: 'one', resolved: true, paths: true, cached: true, dirname: true, esm: 'esm', thisIsExports: true };
    expect(first.out).toEqual(expected);
    expect(readdirSync(cacheDir)).toHaveLength(2);

    const second = run();
    expect(second.use).toMatchObject({ hits: 2, misses: 0, written: 0 });
    expect(second.out).toEqual(expected);
  });

  it('a changed file misses, alone', () => {
    write({ 'b.js': `exports.value = 'two';` });
    const after = run();
    expect(after.out).toMatchObject({ b: 'two' });
    expect(after.use).toMatchObject({ hits: 1, misses: 1, written: 1 });
  });

  it('uses no folder another user could write to', () => {
    const shared = join(work, 'shared');
    execFileSync('mkdir', ['-p', join(shared, 'v')]);
    execFileSync('chmod', ['777', join(shared, 'v')]);
    const refused = run({ COMPILE_CACHE_DIR: join(shared, 'v') });
    expect(refused.use).toBeNull();
    expect(refused.out).toMatchObject({ b: 'two' });
    expect(readdirSync(join(shared, 'v'))).toEqual([]);
  });

  it('does nothing with COMPILE_CACHE=off', () => {
    const off = run({ COMPILE_CACHE: 'off' });
    expect(off.use).toBeNull();
    expect(off.out).toMatchObject({ b: 'two', esm: 'esm' });
  });
});
