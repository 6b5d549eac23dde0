/**
 * A member's own AI provider keys as the web shows and edits them (ai-keys.ts makes the calls): their
 * base/auth rows whose type is an AI provider kind (the kinds of the console's providers). The key
 * itself is write-only: rows say only `secretSet`, and an edit that leaves the key empty keeps it
 * (null would clear it, so it is never sent empty). The non-secret settings live in `config`:
 * baseUrl (empty: the provider's own address, for the hosted kinds), model, and for Azure OpenAI
 * apiVersion and deployment.
 */
import type { Row } from '../../app/data';

export const AI_KINDS = ['openai', 'deepseek', 'qwen', 'moonshot', 'zhipu', 'openrouter', 'ollama', 'vllm', 'lmstudio', 'azure'] as const;
export type AiKind = (typeof AI_KINDS)[number];

/** Kinds with no public address to assume: a local server, or an Azure resource. */
export const URL_NEEDED: readonly AiKind[] = ['ollama', 'vllm', 'lmstudio', 'azure'];

export interface AiKey {
  id: number;
  name: string;
  kind: AiKind;
  baseUrl: string | null;
  model: string | null;
  apiVersion: string | null;
  deployment: string | null;
  keySet: boolean;
  enabled: boolean;
}

/** What the key form edits. */
export interface AiKeyValues {
  name: string;
  kind: AiKind;
  baseUrl?: string;
  model?: string;
  apiVersion?: string;
  deployment?: string;
  /** The API key typed in; empty on an edit keeps the saved one. */
  key?: string;
  enabled: boolean;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function isAiKind(v: unknown): v is AiKind {
  return (AI_KINDS as readonly unknown[]).includes(v);
}

/** A base/auth row as a key, or null when it is not an AI provider's. */
export function toKey(r: Row<'base/auth'>): AiKey | null {
  if (!isAiKind(r.type)) return null;
  const c = (r.config ?? {}) as Record<string, unknown>;
  return {
    id: r.id,
    name: r.name ?? '',
    kind: r.type,
    baseUrl: text(c.baseUrl),
    model: text(c.model),
    apiVersion: text(c.apiVersion),
    deployment: text(c.deployment),
    keySet: r.secretSet === true,
    enabled: r.status !== 0,
  };
}

/** The form's values of a saved key (the key itself stays empty). */
export function formValues(k: AiKey | null): AiKeyValues {
  return {
    name: k?.name ?? '',
    kind: k?.kind ?? 'openai',
    baseUrl: k?.baseUrl ?? '',
    model: k?.model ?? '',
    apiVersion: k?.apiVersion ?? '',
    deployment: k?.deployment ?? '',
    key: '',
    enabled: k?.enabled ?? true,
  };
}

/** The row to write: the settings in config (Azure's only for Azure), the key only when one was typed. */
export function authBody(v: AiKeyValues): { name: string; type: AiKind; config: Record<string, string>; status: 0 | 1; secret?: string } {
  const config: Record<string, string> = {};
  const put = (k: string, value: string | undefined) => {
    const t = value?.trim();
    if (t) config[k] = t;
  };
  put('baseUrl', v.baseUrl);
  put('model', v.model);
  if (v.kind === 'azure') {
    put('apiVersion', v.apiVersion);
    put('deployment', v.deployment);
  }
  const key = v.key?.trim();
  return { name: v.name.trim(), type: v.kind, config, status: v.enabled ? 1 : 0, ...(key ? { secret: key } : {}) };
}
