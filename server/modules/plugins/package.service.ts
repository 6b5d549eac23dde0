/**
 * Step 1 of an install: a package (uploaded, or a shipped plugin packed by the server) is read and
 * checked without running any of it, then kept as a `plugin/package` row (status 0) under a random
 * upload id, which `install {uploadId}` confirms. Uploads never installed go after 24 hours: each
 * upload purges those, and so does the system task `pluginLog.purge`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lt, cutoffStored, readPackage, PACKAGE_STATUS, UPLOAD_TTL_HOURS, pluginRowByKey, pluginRows, listShipped } from '../../core/api';
import type { Core, AuthUser, Row, PluginManifest } from '../../core/api';

/** What the upload call answers. */
export interface UploadAnswer {
  uploadId: string;
  sha256: string;
  size: number;
  manifest: PluginManifest;
  readme: string;
  /** The installed plugin this package would replace, if its keyName is installed. */
  upgrade: { id: number; version: string } | null;
}

/** Removes the uploads older than 24 hours that were never installed; answers how many. */
export function purgeStaleUploads(core: Core, caller: AuthUser): Promise<number> {
  const packages = core.model.system('pluginPackages');
  const old = and(eq('status', PACKAGE_STATUS.uploaded), lt('createTime', cutoffStored(UPLOAD_TTL_HOURS / 24)));
  return core.ops.transaction(caller, (t) => t.purge(packages, old));
}

/** Checks `zip` and keeps it as an upload waiting for its install (see the file's comment). */
export async function storeUpload(core: Core, zip: Buffer, caller: AuthUser): Promise<UploadAnswer> {
  const pkg = await readPackage(zip);
  const m = pkg.manifest;
  const packages = core.model.system('pluginPackages');
  const uploadId = randomUUID();
  await purgeStaleUploads(core, caller);
  await core.ops.transaction(caller, async (t) => {
    const id = await t.addOne(packages, {
      uploadId,
      keyName: m.keyName,
      version: m.version,
      sha256: pkg.sha256,
      size: pkg.size,
      manifest: m,
      status: PACKAGE_STATUS.uploaded,
      createBy: caller.id,
    });
    // Read-only (never written by a client), and beyond the generic text limit for the bigger packages.
    await t.updateWhere(packages, id, { data: zip.toString('base64') });
  });
  const installed = await pluginRowByKey(core, m.keyName);
  return {
    uploadId,
    sha256: pkg.sha256,
    size: pkg.size,
    manifest: m,
    readme: pkg.readme,
    upgrade: installed ? { id: Number(installed.id), version: String(installed.version ?? '') } : null,
  };
}

/** One entry of the shipped list. */
export interface ShippedEntry {
  keyName: string;
  name: string;
  version: string;
  hook: string;
  description: string;
  author: string;
  logo: string;
  installed: { id: number; version: string; status: number } | null;
}

/** The plugins shipped in the repository, each with the installed row of its keyName, if any. */
export async function shippedList(core: Core): Promise<ShippedEntry[]> {
  const rows = new Map<string, Row>((await pluginRows(core)).map((r) => [String(r.keyName), r]));
  return listShipped().map((m) => {
    const r = rows.get(m.keyName);
    return {
      keyName: m.keyName,
      name: m.name,
      version: m.version,
      hook: m.hook,
      description: m.description ?? '',
      author: m.author ?? '',
      logo: m.logo ?? '',
      installed: r ? { id: Number(r.id), version: String(r.version ?? ''), status: Number(r.status) } : null,
    };
  });
}
