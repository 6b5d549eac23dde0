/**
 * What the code helper's tests share: the app booted with its entities folder in a fresh temporary
 * directory (CODING_ENTITIES_DIR), optionally a fake LLM, unique entity names (the model object is
 * shared by the apps of one test file), and what a refused call must not have left behind.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { existingColumns } from '../../server/core/db/schema';

export const CREATE = '/admin/base/coding/createCode';
export const TREE = '/admin/base/coding/getModuleTree';

export type Res = { status: number; body: { code: number; message: string; data: any } };

export interface CodingWorld {
  t: TestApp;
  /** The app's entities folder. */
  dir: string;
  llm: FakeLlm | null;
  close(): Promise<void>;
}

/** A fresh folder under the tests' data folder (every one at the same depth). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(process.env.DATA_DIR ?? tmpdir(), prefix));
}

export async function startCodingWorld(kind: 'sqlite' | 'mysql', opts: { llm?: boolean; env?: Record<string, string> } = {}): Promise<CodingWorld> {
  const llm = opts.llm ? await startFakeLlm() : null;
  const dir = tempDir('coding-entities-');
  const env: Record<string, string | undefined> = {
    ...process.env,
    LLM_BASE_URL: undefined,
    LLM_API_KEY: undefined,
    ...(llm?.env() ?? {}),
    LLM_MAX_RETRIES: '0',
    CODING_ENTITIES_DIR: dir,
    CODING_ENABLED: 'on',
    ...opts.env,
  };
  const t = await startApp(kind, { env });
  return {
    t,
    dir,
    llm,
    async close() {
      await t.close();
      await llm?.close();
    },
  };
}

let seq = 0;

/** An entity name no test of this process used: `note1k9x...`. */
export function uniqueName(stem = 'note'): string {
  return `${stem}${++seq}${Date.now().toString(36)}`;
}

export function post(t: TestApp, path: string, body: unknown, token: string | null = t.adminToken): Promise<Res> {
  const r = t.http().post(path);
  if (token) r.set('Authorization', token);
  return r.send(body as object) as unknown as Promise<Res>;
}

export function get(t: TestApp, path: string, query: Record<string, string | number> = {}, token: string | null = t.adminToken): Promise<Res> {
  const r = t.http().get(path).query(query);
  if (token) r.set('Authorization', token);
  return r as unknown as Promise<Res>;
}

export function ok(res: Res): any {
  expect(res.body, `HTTP ${res.status}`).toMatchObject({ code: 1000 });
  return res.body.data;
}

/** Every file under `dir`, relative to it. */
export function filesIn(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((d) => {
    const rel = under ? `${under}/${d.name}` : d.name;
    return d.isDirectory() ? filesIn(dir, rel) : [rel];
  });
}

export async function tableExists(t: TestApp, table: string): Promise<boolean> {
  return (await existingColumns(t.core.db, table)) !== null;
}

/** `demo/noteItem` -> `demo_note_item`, as the generator names tables. */
export function tableOf(module: string, name: string): string {
  return `${module}_${name
    .replace(/\//g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()}`;
}

/** Asserts a 1002 answer naming `field` (and answers the entry). */
export function refusedOn(res: Res, field: string): { field: string; rule: string; message: string } {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe(1002);
  const entry = (res.body.data as Array<{ field: string; rule: string; message: string }>).find((e) => e.field === field);
  expect(entry, `no entry for ${field} in ${JSON.stringify(res.body.data)}`).toBeDefined();
  return entry!;
}
