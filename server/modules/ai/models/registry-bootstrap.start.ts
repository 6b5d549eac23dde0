/**
 * The first provider of an installation that set its model in the environment: on start, when
 * LLM_BASE_URL (and LLM_API_KEY for a hosted provider) make a working model and no ai/provider row
 * exists, one is added (kind openai, named after the URL's host) with the model LLM_MODEL (default
 * gpt-4o-mini), the default for apps, AI members, the code helper and summaries. Existing installs
 * keep working; once any provider exists, nothing here writes again, so what an administrator
 * changed stays. Two instances starting at once add it once: the name is a unique key and the add
 * is an insert-if-absent, in the same transaction as the count.
 */
import { SYSTEM, gte, onStart, type Core } from '../../../core/api';
import { llmFor } from '../llm.service';

export const BOOTSTRAP_DEFAULTS = ['chat', 'aiMember', 'coding', 'summary'];

/** Adds the environment's provider and model when there is no provider yet; answers whether it did. */
export async function bootstrapRegistry(core: Core): Promise<boolean> {
  const env = core.config.env;
  const baseUrl = env.LLM_BASE_URL?.trim().replace(/\/+$/, '') ?? '';
  // The environment's own rules of a working model (a URL; a key unless the server is local).
  if (!baseUrl || !llmFor(core).configured) return false;
  const modelId = env.LLM_MODEL?.trim() || 'gpt-4o-mini';
  return core.ops.transaction(SYSTEM, async (t) => {
    if ((await t.count('ai/provider', gte('id', 1))) > 0) return false;
    const provider = await t.addIfAbsent(
      'ai/provider',
      { name: new URL(baseUrl).host, kind: 'openai', baseUrl, apiKey: env.LLM_API_KEY?.trim() || null, status: 1 },
      ['name'],
    );
    if (!provider.created) return false;
    await t.add('ai/model', {
      providerId: provider.id,
      modelId,
      name: modelId,
      capabilities: ['chat', 'tools'],
      status: 1,
      defaultFor: BOOTSTRAP_DEFAULTS,
    });
    return true;
  });
}

export default onStart(async (core) => {
  await bootstrapRegistry(core);
});
