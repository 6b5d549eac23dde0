/**
 * Where packages are unpacked on an instance: `<root>/<keyName>/<sha256>/` (root: PLUGIN_DIR, default
 * `data/plugins`), one folder per version, plus `<root>/<keyName>/data/`, the plugin's own folder kept
 * across versions. A version is written to a temporary folder beside its place and renamed into it
 * when complete, so a folder under its sha256 name is always whole (two instances sharing a disk may
 * both unpack it: the second rename finds it there and keeps it). Every path is checked again here,
 * whatever the reader let through.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { KEY_NAME } from './manifest';
import { isSafeEntryPath } from './package-reader';

const SHA256 = /^[a-f0-9]{64}$/;
/** The folder of a plugin's own data, beside its versions. */
const DATA = 'data';

function keyFolder(root: string, keyName: string): string {
  if (!KEY_NAME.test(keyName)) throw new Error(`not a plugin key: ${JSON.stringify(keyName)}`);
  return join(root, keyName);
}

/** The folder of one version of a plugin. */
export function versionDir(root: string, keyName: string, sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${JSON.stringify(sha256)}`);
  return join(keyFolder(root, keyName), sha256);
}

/** The plugin's own folder (`host.dataDir`), made when missing. */
export async function dataDir(root: string, keyName: string): Promise<string> {
  const dir = join(keyFolder(root, keyName), DATA);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Whether a version is unpacked here. */
export function isUnpacked(root: string, keyName: string, sha256: string): boolean {
  return existsSync(join(versionDir(root, keyName, sha256), 'index.js'));
}

/** Unpacks `files` as version `sha256` of `keyName` (nothing when it is there already); answers its folder. */
export async function unpack(root: string, keyName: string, sha256: string, files: Map<string, Buffer>): Promise<string> {
  const target = versionDir(root, keyName, sha256);
  if (isUnpacked(root, keyName, sha256)) return target;
  const tmp = join(keyFolder(root, keyName), `.tmp-${randomBytes(6).toString('hex')}`);
  try {
    for (const [path, data] of files) {
      const file = resolve(tmp, path);
      if (!isSafeEntryPath(path) || !file.startsWith(tmp + sep)) throw new Error(`unsafe package path ${JSON.stringify(path)}`);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data, { mode: 0o640, flag: 'wx' });
    }
    await rm(target, { recursive: true, force: true });
    await rename(tmp, target).catch((err: NodeJS.ErrnoException) => {
      // Another instance on this disk renamed the same version in first.
      if (!isUnpacked(root, keyName, sha256)) throw err;
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return target;
}

/** Removes the versions of `keyName` other than `keep` (its data folder stays). */
export async function removeOtherVersions(root: string, keyName: string, keep: string): Promise<void> {
  const dir = keyFolder(root, keyName);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const n of names) if (n !== keep && n !== DATA && (SHA256.test(n) || n.startsWith('.tmp-'))) await rm(join(dir, n), { recursive: true, force: true });
}

/** Removes everything of `keyName` on this instance: its versions and its data folder. */
export async function removePluginFiles(root: string, keyName: string): Promise<void> {
  await rm(keyFolder(root, keyName), { recursive: true, force: true });
}
