/**
 * Reads of the plugin tables as the plugin system needs them: whole rows, secrets and the package
 * bytes included, which the operations never answer (the plugin entity's afterRead strips secrets;
 * a package's `data` is hidden). Found by their system roles, never by table names.
 */
import type { Core } from '../core';
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { planFor } from '../crud/plan';
import { cutoffStored } from '../log/log-keep';

/** Package rows: 0 uploaded (waiting for install), 1 installed, 2 replaced by a later install. */
export const PACKAGE_STATUS = { uploaded: 0, installed: 1, replaced: 2 } as const;
/** An upload not installed within this many hours is gone. */
export const UPLOAD_TTL_HOURS = 24;

type Reader = Pick<Core, 'db' | 'model'>;

/** Every column of the rows matching `where` (parameterized SQL over quoted columns), decoded. */
async function select(core: Reader, e: Entity, where: string, params: unknown[]): Promise<Row[]> {
  const plan = planFor(e);
  const rows = await core.db.query(`SELECT ${plan.selectAll} FROM ${plan.table}${where ? ` WHERE ${where}` : ''} ORDER BY ${core.db.q('id')}`, params);
  return rows.map((r) => plan.codec.decode(r));
}

/** Every plugin row. */
export function pluginRows(core: Reader): Promise<Row[]> {
  return select(core, core.model.system('plugins'), '', []);
}

/** The plugin row `id`, or null. */
export async function pluginRow(core: Reader, id: number): Promise<Row | null> {
  return (await select(core, core.model.system('plugins'), `${core.db.q('id')} = ?`, [id]))[0] ?? null;
}

/** The plugin row of `keyName`, or null. */
export async function pluginRowByKey(core: Reader, keyName: string): Promise<Row | null> {
  return (await select(core, core.model.system('plugins'), `${core.db.q('keyName')} = ?`, [keyName]))[0] ?? null;
}

/** The package row `id` (its `data` included), or null. */
export async function packageRow(core: Reader, id: number): Promise<Row | null> {
  return (await select(core, core.model.system('pluginPackages'), `${core.db.q('id')} = ?`, [id]))[0] ?? null;
}

/** The newest package row of `keyName` holding version `sha256`, or null. */
export async function packageRowBySha(core: Reader, keyName: string, sha256: string): Promise<Row | null> {
  const q = core.db.q.bind(core.db);
  const rows = await select(core, core.model.system('pluginPackages'), `${q('keyName')} = ? AND ${q('sha256')} = ?`, [keyName, sha256]);
  return rows[rows.length - 1] ?? null;
}

/** The upload `uploadId` when it still waits for its install (status 0, younger than 24 h), or null. */
export async function pendingUpload(core: Reader, uploadId: string): Promise<Row | null> {
  const q = core.db.q.bind(core.db);
  const rows = await select(core, core.model.system('pluginPackages'), `${q('uploadId')} = ? AND ${q('status')} = ? AND ${q('createTime')} >= ?`, [
    uploadId,
    PACKAGE_STATUS.uploaded,
    cutoffStored(UPLOAD_TTL_HOURS / 24),
  ]);
  return rows[0] ?? null;
}
