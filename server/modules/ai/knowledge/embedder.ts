/**
 * The embeddings model of the knowledge, from the model registry (models/model-registry.ts): the
 * enabled model that is the default for `embeddings`, else the first enabled one whose capabilities
 * include `embeddings`; none (or an install on the environment's provider only) means retrieval is
 * full-text alone. Its provider's URL and key are read as the chat's are (provider-key.ts), the
 * adapter kept while they stay the same.
 *
 * Decision: the vectors are not charged to anyone (embedding a chunk or a question costs a small
 * fraction of an answer, and the answer itself is metered); the model row's prices are not read.
 */
import { SYSTEM, entity, eq, type Core } from '../../../core/api';
import { createEmbeddings, type EmbeddingsAdapter } from '../../../adapters/embeddings.adapter';
import { registryOf } from '../models/model-registry';
import { providerKey } from '../models/provider-key';

export interface Embedder {
  /** The provider's model id (stored beside each vector as vectorModel). */
  model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

const made = new WeakMap<Core, { print: string; adapter: EmbeddingsAdapter }>();

/** The registry's embeddings model, or null when it has none. */
export async function embedderFor(core: Core): Promise<Embedder | null> {
  const s = await registryOf(core);
  const row = s.models.find((m) => (m.defaultFor ?? []).includes('embeddings')) ?? s.models.find((m) => (m.capabilities ?? []).includes('embeddings'));
  if (!row) return null;
  const [provider] = await core.ops
    .reads(SYSTEM)
    .find(entity(core.model, 'ai/provider'), eq('id', row.providerId), { fields: ['id', 'kind', 'baseUrl', 'apiKey', 'apiVersion', 'status'] });
  if (!provider || provider.status !== 1) return null;
  const apiKey = providerKey(core, provider);
  const azureApiVersion = provider.kind === 'azure' ? provider.apiVersion || '2024-10-21' : null;
  const print = JSON.stringify([provider.baseUrl, apiKey, azureApiVersion]);
  let held = made.get(core);
  if (!held || held.print !== print) {
    held = { print, adapter: createEmbeddings(core.config.env, { baseURL: provider.baseUrl, apiKey, azureApiVersion }) };
    made.set(core, held);
  }
  const adapter = held.adapter;
  const model = row.modelId;
  return { model, embed: async (texts, signal) => (await adapter.embed({ model, input: texts, signal })).vectors };
}
