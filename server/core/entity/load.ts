/**
 * Finds every `*.entity.ts` (or, once built, `*.entity.js`) under `entities/` and normalizes them.
 * Only the file's default export counts; its path does not shape any route.
 */
import { readdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { EntityDecl } from './define';
import type { Model } from './model';
import { normalize } from './normalize';

export const ENTITIES_DIR = resolve(__dirname, '../../../entities');

function findFiles(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...findFiles(p, ext));
    else if (d.name.endsWith(`.entity${ext}`)) out.push(p);
  }
  return out.sort();
}

export async function loadDeclarations(dir = ENTITIES_DIR): Promise<EntityDecl[]> {
  const ext = extname(__filename) === '.ts' ? '.ts' : '.js';
  const decls: EntityDecl[] = [];
  for (const file of findFiles(dir, ext)) {
    const mod = (await import(file)) as { default?: EntityDecl };
    if (!mod.default || typeof mod.default !== 'object') throw new Error(`${file} has no default export`);
    decls.push(mod.default);
  }
  return decls;
}

let cached: Promise<Model> | null = null;
let loaded: Model | null = null;

/** The model of this process, loaded once. */
export function loadModel(): Promise<Model> {
  cached ??= loadDeclarations().then((decls) => (loaded = normalize(decls)));
  return cached;
}

/**
 * The model of this process once `loadModel` has resolved (the start-up awaits it first). For code
 * handed an entity or a database but not the model, such as the data-scope clause and the request log.
 */
export function loadedModel(): Model {
  if (!loaded) throw new Error('the entity model is not loaded yet (await loadModel() first)');
  return loaded;
}
