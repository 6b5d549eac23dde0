/**
 * The plugins shipped in the repository: `plugins/<keyName>/plugin.json` under the project root,
 * each with its `index.ts` (one self-contained file) and README.md. Picking one packs it into the
 * same zip an administrator would upload (plugin.json, the readme, index.js), which then goes
 * through the same reader and the same two steps.
 *
 * index.js is the compiled `dist/plugins/<keyName>/index.js` when the server runs compiled; when it
 * runs from its TypeScript sources (tests, development), `plugins/<keyName>/index.ts` is transpiled
 * to CommonJS on the spot (`typescript` is then installed, being what runs the sources). The zip's
 * entries carry a fixed date, so one version of a shipped plugin always packs to the same sha256.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fail } from '../errors';
import { PROJECT_ROOT } from '../paths';
import type { PluginManifest } from './contract';
import { KEY_NAME, parseManifest } from './manifest';
import { PLUGIN } from './plugin.messages';

/** Where the shipped plugins are (and, compiled, their entries). */
export interface ShippedDirs {
  /** Folder of the plugins' sources: `<root>/plugins`. */
  sources: string;
  /** Folder of their compiled entries (`<root>/dist/plugins`), or null to transpile the sources. */
  compiled: string | null;
}

/** The folders of this server: compiled entries when it runs compiled, the sources otherwise. */
export function shippedDirs(root = PROJECT_ROOT): ShippedDirs {
  const fromSource = extname(__filename) === '.ts';
  return { sources: join(root, 'plugins'), compiled: fromSource ? null : join(root, 'dist', 'plugins') };
}

/** A shipped plugin's manifest, or null when its plugin.json is missing or refused. */
function manifestOf(dir: string): PluginManifest | null {
  try {
    return parseManifest(readFileSync(join(dir, 'plugin.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** The shipped plugins with a valid manifest whose keyName is their folder's name, by keyName. */
export function listShipped(dirs: ShippedDirs = shippedDirs()): PluginManifest[] {
  if (!existsSync(dirs.sources)) return [];
  return readdirSync(dirs.sources, { withFileTypes: true })
    .filter((d) => d.isDirectory() && KEY_NAME.test(d.name))
    .map((d) => ({ folder: d.name, manifest: manifestOf(join(dirs.sources, d.name)) }))
    .filter((x): x is { folder: string; manifest: PluginManifest } => x.manifest?.keyName === x.folder)
    .map((x) => x.manifest)
    .sort((a, b) => a.keyName.localeCompare(b.keyName));
}

/** The CommonJS entry of a shipped plugin (compiled, or transpiled from its index.ts). */
async function entryOf(keyName: string, dirs: ShippedDirs): Promise<string> {
  if (dirs.compiled) {
    const file = join(dirs.compiled, keyName, 'index.js');
    if (!existsSync(file)) throw fail.bad(PLUGIN.plugin_shipped_unbuilt, { keyName });
    return readFileSync(file, 'utf8');
  }
  const source = join(dirs.sources, keyName, 'index.ts');
  if (!existsSync(source)) throw fail.bad(PLUGIN.plugin_shipped_unbuilt, { keyName });
  // Loaded only here: a compiled server never transpiles, and need not have typescript installed.
  const mod = await import('typescript');
  const ts = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const out = ts.transpileModule(readFileSync(source, 'utf8'), {
    fileName: source,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false },
  });
  return out.outputText;
}

/** A fixed entry date (local time, as zip stores it), so the bytes depend only on the contents. */
const ENTRY_DATE = new Date(2020, 0, 1, 0, 0, 0);

/** Packs shipped plugin `keyName` into a package zip; 1001 when there is none or it is not built. */
export async function packShipped(keyName: string, dirs: ShippedDirs = shippedDirs()): Promise<Buffer> {
  const manifest = KEY_NAME.test(keyName) ? listShipped(dirs).find((m) => m.keyName === keyName) : undefined;
  if (!manifest) throw fail.bad(PLUGIN.plugin_shipped_unknown, { keyName: keyName.slice(0, 64) });
  const dir = join(dirs.sources, keyName);
  // Loaded here, not at start: see readPackage (package-reader.ts).
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const add = (name: string, data: string | Buffer) => zip.file(name, data, { date: ENTRY_DATE, createFolders: false });
  add('plugin.json', readFileSync(join(dir, 'plugin.json')));
  add('index.js', await entryOf(keyName, dirs));
  const readme = manifest.readme && /^[\w.-]{1,100}$/.test(manifest.readme) && existsSync(join(dir, manifest.readme)) ? manifest.readme : 'README.md';
  if (existsSync(join(dir, readme))) add(readme, readFileSync(join(dir, readme)));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 }, platform: 'UNIX' });
}
