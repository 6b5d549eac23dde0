/**
 * Embeddings (vectors of texts) from an OpenAI-compatible provider, over the `openai` package
 * (`embeddings.create`, `POST {baseURL}/embeddings`), for the AI knowledge's retrieval
 * (server/modules/ai/knowledge). A provider of the model registry gives the URL and key, as for
 * chat (llm.adapter.ts); the time-out is the environment's LLM_TIMEOUT_MS (default 60000), and a
 * failed request is retried up to LLM_MAX_RETRIES times (default 2) by the package.
 *
 * @example
 * ```ts
 * const emb = createEmbeddings(env, { baseURL: 'http://127.0.0.1:11434/v1', apiKey: '' });
 * const { vectors, promptTokens } = await emb.embed({ model: 'nomic-embed-text', input: ['hello', 'world'] });
 * ```
 */
import type OpenAI from 'openai';
import { nodeFetch } from './http-fetch';

export interface EmbeddingsProvider {
  baseURL: string;
  apiKey: string;
  /** Azure OpenAI: its api-version (the model names a deployment). */
  azureApiVersion?: string | null;
}

export interface EmbedRequest {
  model: string;
  input: string[];
  signal?: AbortSignal;
}

export interface EmbedAnswer {
  /** One vector per input, in the input's order. */
  vectors: number[][];
  promptTokens: number;
}

export interface EmbeddingsAdapter {
  embed(req: EmbedRequest): Promise<EmbedAnswer>;
}

const num = (raw: string | undefined, fallback: number) => {
  const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** The adapter of `provider`; the package is loaded on the first request. */
export function createEmbeddings(env: Record<string, string | undefined>, provider: EmbeddingsProvider): EmbeddingsAdapter {
  let client: Promise<OpenAI> | null = null;
  const load = async (): Promise<OpenAI> => {
    const sdk = await import('openai');
    const common = {
      apiKey: provider.apiKey || 'no-key',
      organization: null,
      project: null,
      maxRetries: Math.floor(num(env.LLM_MAX_RETRIES, 2)),
      fetch: nodeFetch(),
      timeout: num(env.LLM_TIMEOUT_MS, 60_000),
      logLevel: 'off' as const,
    };
    const baseURL = provider.baseURL.trim().replace(/\/+$/, '');
    return provider.azureApiVersion
      ? new sdk.AzureOpenAI({ ...common, endpoint: baseURL, apiVersion: provider.azureApiVersion })
      : new sdk.OpenAI({ ...common, baseURL });
  };
  return {
    async embed(req) {
      if (!req.input.length) return { vectors: [], promptTokens: 0 };
      client ??= load().catch((err: unknown) => {
        client = null;
        throw err;
      });
      const res = await (await client).embeddings.create({ model: req.model, input: req.input, encoding_format: 'float' }, { signal: req.signal });
      const vectors: number[][] = new Array(req.input.length);
      for (const d of res.data) vectors[d.index] = d.embedding;
      if (vectors.some((v) => !Array.isArray(v))) throw new Error('the provider answered fewer embeddings than it was asked for');
      return { vectors, promptTokens: res.usage?.prompt_tokens ?? 0 };
    },
  };
}
