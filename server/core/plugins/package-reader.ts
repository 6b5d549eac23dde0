/**
 * Reads a plugin package (a zip) without running any of it: its entries, their paths and sizes
 * checked, `plugin.json` validated, `index.js` present, the readme found. The same reader runs at
 * upload (to answer the manifest and refuse a bad package before it is kept) and before a package
 * is unpacked on an instance (the bytes come from the database; they are checked again).
 *
 * Refused, the whole package, with a 1001 naming the entry:
 * - an entry whose path could leave the target folder (zip-slip): a `..` segment, an absolute path,
 *   a backslash, a drive letter, a control character; the path as stored in the archive is checked,
 *   not the one the zip library cleaned up;
 * - a symbolic link (unix mode 0120000 in the entry's external attributes);
 * - more than {@link MAX_ENTRIES} entries, or more than {@link MAX_UNPACKED_BYTES} unpacked. Sizes are
 *   counted while inflating, so an entry that lies about its size (a zip bomb) is stopped at the limit.
 */
import { createHash } from 'node:crypto';
import type JSZip from 'jszip';
import { fail } from '../errors';
import type { PluginManifest } from './contract';
import { parseManifest } from './manifest';
import { PLUGIN } from './plugin.messages';

export const MAX_ENTRIES = 200;
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
const MAX_PATH = 255;

/** A package read and checked. */
export interface PluginPackage {
  manifest: PluginManifest;
  /** Hex SHA-256 of the zip's bytes: what the administrator compares, and the folder it unpacks to. */
  sha256: string;
  /** Bytes of the zip. */
  size: number;
  /** The readme (markdown): the file the manifest names, its inline text, or README.md; '' without one. */
  readme: string;
  /** The files by their path in the package (folders are implied). */
  files: Map<string, Buffer>;
}

/** Whether an entry's path stays inside the folder it is unpacked to. */
export function isSafeEntryPath(path: string): boolean {
  if (!path || path.length > MAX_PATH) return false;
  if (path.includes('\\') || path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  const segs = path.replace(/\/$/, '').split('/');
  return segs.every((s) => s !== '' && s !== '.' && s !== '..');
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The stored (uncleaned) name of an entry: JSZip keeps it as `unsafeOriginalName` when it rewrote one. */
function storedName(f: JSZip.JSZipObject): string {
  return (f as JSZip.JSZipObject & { unsafeOriginalName?: string }).unsafeOriginalName ?? f.name;
}

/** The size an entry declares (central directory), or 0 when the library does not say. */
function declaredSize(f: JSZip.JSZipObject): number {
  const n = Number((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

interface StreamHelper {
  on(event: 'data', fn: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'error', fn: (err: unknown) => void): StreamHelper;
  on(event: 'end', fn: () => void): StreamHelper;
  pause(): StreamHelper;
  resume(): StreamHelper;
}

/** Inflates one entry, refusing once `budget` bytes are passed (whatever size the entry declared). */
function inflate(f: JSZip.JSZipObject, budget: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let n = 0;
    let settled = false;
    // The library's streaming inflater (untyped): chunks arrive as they are inflated, so it can be stopped.
    const helper = (f as unknown as { internalStream(type: 'uint8array'): StreamHelper }).internalStream('uint8array');
    helper
      .on('data', (c: Uint8Array) => {
        if (settled) return;
        n += c.length;
        if (n > budget) {
          settled = true;
          helper.pause();
          reject(fail.bad(PLUGIN.plugin_too_large_unpacked, { mb: MAX_UNPACKED_BYTES / 1024 / 1024 }));
          return;
        }
        chunks.push(Buffer.from(c.buffer, c.byteOffset, c.byteLength));
      })
      .on('error', () => {
        if (settled) return;
        settled = true;
        reject(fail.bad(PLUGIN.plugin_not_zip));
      })
      .on('end', () => {
        if (settled) return;
        settled = true;
        resolve(Buffer.concat(chunks));
      })
      .resume();
  });
}

function findReadme(manifest: PluginManifest, files: Map<string, Buffer>): string {
  const r = manifest.readme;
  if (r && files.has(r)) return files.get(r)!.toString('utf8');
  // A value that looks like a file name but names none is not taken for inline markdown.
  if (r && !/^[\w./-]{1,100}\.(md|markdown|txt)$/i.test(r)) return r;
  return files.get('README.md')?.toString('utf8') ?? '';
}

/** Reads and checks the package `zip` (see the file's comment); nothing of it runs. */
export async function readPackage(zip: Buffer): Promise<PluginPackage> {
  // Loaded on first use (as in shipped.ts): most processes never read a package, and the library
  // with its inflater is about 1 MiB of heap that every garbage collection would walk again.
  const { default: Zip } = await import('jszip');
  let archive: JSZip;
  try {
    archive = await Zip.loadAsync(zip, { createFolders: false });
  } catch {
    throw fail.bad(PLUGIN.plugin_not_zip);
  }
  const entries = Object.values(archive.files);
  if (entries.length > MAX_ENTRIES) throw fail.bad(PLUGIN.plugin_too_many_entries, { max: MAX_ENTRIES });
  let declared = 0;
  for (const f of entries) {
    const name = storedName(f);
    if (!isSafeEntryPath(name)) throw fail.bad(PLUGIN.plugin_unsafe_entry, { name: name.slice(0, 100) });
    const mode = Number(f.unixPermissions ?? 0);
    if ((mode & S_IFMT) === S_IFLNK) throw fail.bad(PLUGIN.plugin_symlink, { name: name.slice(0, 100) });
    declared += declaredSize(f);
  }
  if (declared > MAX_UNPACKED_BYTES) throw fail.bad(PLUGIN.plugin_too_large_unpacked, { mb: MAX_UNPACKED_BYTES / 1024 / 1024 });
  const files = new Map<string, Buffer>();
  let budget = MAX_UNPACKED_BYTES;
  for (const f of entries) {
    if (f.dir) continue;
    const data = await inflate(f, budget);
    budget -= data.length;
    files.set(storedName(f), data);
  }
  // A file cannot also be the folder of another entry: such a package could not be unpacked.
  for (const name of [...files.keys(), ...entries.filter((f) => f.dir).map((f) => storedName(f).replace(/\/$/, ''))]) {
    const segs = name.split('/');
    for (let i = 1; i < segs.length; i++) {
      if (files.has(segs.slice(0, i).join('/'))) throw fail.bad(PLUGIN.plugin_unsafe_entry, { name: name.slice(0, 100) });
    }
  }
  for (const f of entries)
    if (f.dir && files.has(storedName(f).replace(/\/$/, ''))) throw fail.bad(PLUGIN.plugin_unsafe_entry, { name: storedName(f).slice(0, 100) });
  const manifestFile = files.get('plugin.json');
  if (!manifestFile) throw fail.bad(PLUGIN.plugin_missing_file, { file: 'plugin.json' });
  if (!files.has('index.js')) throw fail.bad(PLUGIN.plugin_missing_file, { file: 'index.js' });
  const manifest = parseManifest(manifestFile.toString('utf8'));
  return {
    manifest,
    sha256: createHash('sha256').update(zip).digest('hex'),
    size: zip.length,
    readme: findReadme(manifest, files),
    files,
  };
}
