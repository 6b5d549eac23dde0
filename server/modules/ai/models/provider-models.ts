/**
 * "Test" of a provider: its key is checked by listing its models, as the console shows them to
 * pick from. OpenAI-compatible kinds answer `GET {baseUrl}/models` (`{ data: [{ id }] }`), Azure
 * OpenAI `GET {endpoint}/openai/models?api-version=` with the `api-key` header, Ollama its tag list
 * `GET /api/tags` (`{ models: [{ name }] }`, at the server's root, without the `/v1` the chat API
 * uses). A refusal or a failure to connect is an answer (`ok: false`, the provider's own words),
 * never an error of the call; the key never appears in it.
 */
import { t, type Lang } from '../../../core/api';
import { MODELS } from './models.messages';

export interface ProviderAccess {
  kind: string;
  baseUrl: string;
  apiKey: string;
  apiVersion?: string | null;
}

export interface ModelList {
  ok: boolean;
  models: Array<{ id: string }>;
  error?: string;
}

const TIMEOUT_MS = 15_000;
const DETAIL_MAX = 300;

function listRequest(p: ProviderAccess): { url: string; headers: Record<string, string> } {
  const base = p.baseUrl.trim().replace(/\/+$/, '');
  if (p.kind === 'ollama') return { url: `${base.replace(/\/v1$/, '')}/api/tags`, headers: {} };
  if (p.kind === 'azure') {
    const root = base.replace(/\/openai$/, '');
    return {
      url: `${root}/openai/models?api-version=${encodeURIComponent(p.apiVersion?.trim() || '2024-10-21')}`,
      headers: p.apiKey ? { 'api-key': p.apiKey } : {},
    };
  }
  return { url: `${base}/models`, headers: p.apiKey ? { Authorization: `Bearer ${p.apiKey}` } : {} };
}

/** The ids of a model list in OpenAI's shape or Ollama's, or null when it is neither. */
function idsOf(body: unknown): string[] | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { data?: unknown; models?: unknown };
  const list = Array.isArray(b.data) ? b.data : Array.isArray(b.models) ? b.models : null;
  if (!list) return null;
  const ids = list.map((m: unknown) => {
    const r = (m ?? {}) as { id?: unknown; name?: unknown; model?: unknown };
    return [r.id, r.name, r.model].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? null;
  });
  return [...new Set(ids.filter((v): v is string => v !== null))].sort();
}

/** The provider's words about a failure: its error message when it sent one, cut short, without the key. */
function detailOf(text: string, key: string): string {
  let detail = text;
  try {
    const j = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message);
    if (typeof m === 'string' && m.trim()) detail = m;
  } catch {
    // Not JSON: the text itself.
  }
  if (key.length >= 4) detail = detail.split(key).join('***');
  detail = detail.replace(/\s+/g, ' ').trim();
  return detail.length > DETAIL_MAX ? `${detail.slice(0, DETAIL_MAX)}…` : detail || '-';
}

/** Lists the provider's models with the given key; answers in `lang`. */
export async function listProviderModels(p: ProviderAccess, lang: Lang): Promise<ModelList> {
  const { url, headers } = listRequest(p);
  const shownUrl = url.split('?')[0]!;
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (err as Error).name ?? 'error';
    return { ok: false, models: [], error: t(lang, MODELS.ai_provider_unreachable, { url: shownUrl, detail: detailOf(String(detail), p.apiKey) }) };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    const key = res.status === 401 || res.status === 403 ? MODELS.ai_provider_refused_key : MODELS.ai_provider_http_error;
    return { ok: false, models: [], error: t(lang, key, { status: res.status, detail: detailOf(text, p.apiKey) }) };
  }
  let ids: string[] | null = null;
  try {
    ids = idsOf(JSON.parse(text));
  } catch {
    ids = null;
  }
  if (!ids) return { ok: false, models: [], error: t(lang, MODELS.ai_provider_bad_answer) };
  return { ok: true, models: ids.map((id) => ({ id })) };
}
