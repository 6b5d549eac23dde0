/**
 * The model registry as the runs read it: the enabled providers and models (ai/provider,
 * ai/model), held in memory per core and reloaded only when either table was written, by this
 * instance or another one sharing the cache store (the core's write generations, one cache read
 * per run and no query). A provider's adapter is made when a snapshot is loaded (its key opened
 * then, not per run) and kept across loads while its URL, key and kind stay.
 *
 * `modelFor(core, { purpose, modelRef })` answers the adapter and the provider's model id to send:
 * - `modelRef` a registry model's id (a number, or digits) or a provider's model id (the free text
 *   app and AI member configs hold today) names an enabled model of an enabled provider;
 * - else the default for the purpose (a model's `defaultFor`), else the default for chat;
 * - a text naming no registry model is still sent, to the purpose's default provider, as it was sent
 *   to the environment's provider before the registry (configs written then keep working);
 * - with no provider at all, the environment's adapter (LLM_BASE_URL...) as before; with providers
 *   but no enabled model, an unconfigured one (runs answer 503: the administrator turned them off).
 */
import type { Core, EntityRow } from '../../../core/api';
import { SYSTEM, entity, eq, gte, writeGenerations } from '../../../core/api';
import { createLlm, type LlmAdapter } from '../../../adapters/llm.adapter';
import { llmFor } from '../llm.service';
import { providerKey } from './provider-key';

export type ModelPurpose = 'chat' | 'aiMember' | 'coding' | 'summary';
export type ModelRow = EntityRow<'ai/model'>;
type ProviderRow = EntityRow<'ai/provider'>;

export interface ChosenModel {
  adapter: LlmAdapter;
  /** The model id sent to the provider. */
  model: string;
  /** The registry's model row; null when the environment's adapter answers. */
  row: ModelRow | null;
  /** The model's configured fallback (enabled, of an enabled provider), asked when this one fails before any text: ask-with-fallback.ts. */
  fallback?: ChosenModel | null;
}

interface Snapshot {
  gen: string;
  /** No provider row at all, enabled or not: the environment's model answers. */
  empty: boolean;
  loadedAt: number;
  /** The enabled providers' adapters by provider id. */
  adapters: Map<number, LlmAdapter>;
  models: ModelRow[];
  byId: Map<number, ModelRow>;
  byModelId: Map<string, ModelRow>;
  defaults: Map<string, ModelRow>;
}

interface Held {
  snapshot: Snapshot | null;
  loading: Promise<Snapshot> | null;
  /** Adapters by provider id with the settings they were made with, reused by the next load while these stay. */
  made: Map<number, { print: string; adapter: LlmAdapter }>;
}

const ENTITIES = ['ai/provider', 'ai/model'];
/** A snapshot is reloaded after this long even when no write was seen (a generation may expire). */
const MAX_AGE_MS = 10 * 60_000;
const held = new WeakMap<Core, Held>();
/** The answer when every provider or model is disabled: not configured, as with no LLM_BASE_URL. */
const switchedOff = createLlm({});

function heldFor(core: Core): Held {
  let h = held.get(core);
  if (!h) held.set(core, (h = { snapshot: null, loading: null, made: new Map() }));
  return h;
}

/** The adapter of a provider row: the one made before while its settings are the same, else a new one. */
function adapterOf(core: Core, h: Held, provider: Pick<ProviderRow, 'id' | 'kind' | 'baseUrl' | 'apiVersion'> & { apiKey?: unknown }): LlmAdapter {
  const apiKey = providerKey(core, provider);
  const print = JSON.stringify([provider.kind, provider.baseUrl, apiKey, provider.apiVersion ?? null]);
  const kept = h.made.get(provider.id);
  if (kept && kept.print === print) return kept.adapter;
  const adapter = createLlm(core.config.env, {
    baseURL: provider.baseUrl,
    apiKey,
    model: '',
    azureApiVersion: provider.kind === 'azure' ? provider.apiVersion || '2024-10-21' : null,
  });
  h.made.set(provider.id, { print, adapter });
  return adapter;
}

async function load(core: Core, gen: string): Promise<Snapshot> {
  const h = heldFor(core);
  const reads = core.ops.reads(SYSTEM);
  const [providerRows, modelRows] = await Promise.all([
    reads.find(entity(core.model, 'ai/provider'), gte('id', 1), { fields: ['id', 'kind', 'baseUrl', 'apiKey', 'apiVersion', 'status'] }),
    reads.find(entity(core.model, 'ai/model'), eq('status', 1)),
  ]);
  const adapters = new Map<number, LlmAdapter>();
  for (const p of providerRows) if (p.status === 1) adapters.set(p.id, adapterOf(core, h, p));
  for (const id of [...h.made.keys()]) if (!adapters.has(id)) h.made.delete(id);
  const models = modelRows.filter((m) => adapters.has(m.providerId)).sort((a, b) => a.id - b.id);
  const defaults = new Map<string, ModelRow>();
  for (const m of models) for (const p of m.defaultFor ?? []) if (!defaults.has(p)) defaults.set(p, m);
  const byModelId = new Map<string, ModelRow>();
  for (const m of models) if (!byModelId.has(m.modelId)) byModelId.set(m.modelId, m);
  return { gen, empty: providerRows.length === 0, loadedAt: Date.now(), adapters, models, byId: new Map(models.map((m) => [m.id, m])), byModelId, defaults };
}

/** The registry as it is now: the held snapshot unless a write moved the generations (or it aged). */
export async function registryOf(core: Core): Promise<Snapshot> {
  const h = heldFor(core);
  const gen = await writeGenerations(core.cache, ENTITIES);
  const s = h.snapshot;
  if (s && s.gen === gen && Date.now() - s.loadedAt < MAX_AGE_MS) return s;
  // Runs that find it stale together share one reload.
  h.loading ??= load(core, gen).finally(() => (h.loading = null));
  const fresh = await h.loading;
  h.snapshot = fresh;
  return fresh;
}

function chosen(s: Snapshot, row: ModelRow, model = row.modelId): ChosenModel {
  const other = row.fallbackModelId ? s.byId.get(row.fallbackModelId) : undefined;
  const fallback = other && other.id !== row.id ? { adapter: s.adapters.get(other.providerId)!, model: other.modelId, row: other, fallback: null } : null;
  return { adapter: s.adapters.get(row.providerId)!, model, row, fallback };
}

/** The registry model a reference names, or null. */
function named(s: Snapshot, ref: string | number | null | undefined): ModelRow | null {
  if (ref === null || ref === undefined) return null;
  if (typeof ref === 'number' || /^\d+$/.test(ref.trim())) {
    const byId = s.byId.get(Number(ref));
    if (byId) return byId;
  }
  if (typeof ref !== 'string' || !ref.trim()) return null;
  return s.byModelId.get(ref.trim()) ?? null;
}

/** The model a run of `purpose` asks (see the file's comment). */
export async function modelFor(core: Core, ask: { purpose: ModelPurpose; modelRef?: string | number | null }): Promise<ChosenModel> {
  const s = await registryOf(core);
  const text = typeof ask.modelRef === 'string' && ask.modelRef.trim() ? ask.modelRef.trim() : null;
  if (s.empty) {
    const env = core.config.env;
    return { adapter: llmFor(core), model: text ?? (env.LLM_MODEL?.trim() || 'gpt-4o-mini'), row: null };
  }
  if (!s.models.length) return { adapter: switchedOff, model: text ?? '', row: null };
  const row = named(s, ask.modelRef);
  if (row) return chosen(s, row);
  const fallback = s.defaults.get(ask.purpose) ?? s.defaults.get('chat') ?? s.models[0]!;
  // A free-text model that is not in the registry: sent as it is, to the default's provider.
  return chosen(s, fallback, text && !/^\d+$/.test(text) ? text : fallback.modelId);
}

/** The provider model id a reference names in the registry (a registry model's id or model id), or null when it names none. */
export async function registryModelId(core: Core, ref: string | number | null | undefined): Promise<string | null> {
  const s = await registryOf(core);
  return named(s, ref)?.modelId ?? null;
}
