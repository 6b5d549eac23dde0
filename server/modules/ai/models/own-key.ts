/**
 * Members' own provider keys (issue 39): an AI member's row in a group with authType 2 (AUTH_TYPE.own)
 * answers with a base/auth credential of the AI member's owner instead of the platform's providers.
 * The credential's `type` is a provider kind (ai/provider's kinds: openai, deepseek, ..., azure),
 * its `secret` the API key (sealed, never answered), its `config` `{ baseUrl?, model?, apiVersion?,
 * deployment? }` (apiVersion and deployment for Azure OpenAI; without baseUrl a hosted kind's own API).
 *
 * - The credential must be the AI member's owner's and enabled; its base URL must be one a member
 *   may name (member-url.ts). Otherwise the run still starts and fails with code `own_key` (refunded
 *   whole), as an unconfigured model does: it never falls back to the platform's models, so a
 *   member's broken key never spends the platform's.
 * - The model sent: the AI member's (its app's, or its own config.model; a registry model named by
 *   id is sent by its model id), else the credential's config.model; Azure's config.deployment
 *   first, since there the model names a deployment.
 * - The price: the param aiOwnKeyFee (tokens per reply, default 0), flat (no coefficient), and a
 *   bought copy's store fee on top as for any reply. The model's use is the member's own bill.
 *
 * The adapter is made once per credential and kept, with the opened key, while the row stays as it
 * was: a run reads the base/auth write generation (one cache read) and, only when some credential
 * was written since, that one row (no decrypt unless it changed). Held per core, at most MAX_HELD.
 */
import type { Core } from '../../../core/api';
import { SYSTEM, entity, eq, openSecret, readNumberParams, seededParam, writeGenerations } from '../../../core/api';
import { createLlm, LlmError, type LlmAdapter } from '../../../adapters/llm.adapter';
import { KIND_BASE_URLS, PROVIDER_KINDS } from '../../../../entities/ai/provider.entity';
import { toUnits } from '../../commerce/pay/money';
import { memberUrlRefusal } from './member-url';
import { registryModelId, type ChosenModel } from './model-registry';

export const OWN_KEY_PARAMS = {
  fee: {
    param: seededParam({
      keyName: 'aiOwnKeyFee',
      name: "AI: platform fee of a reply on a member's own key (tokens)",
      data: '0',
      remark:
        "What an AI member's reply costs when it runs with its owner's own provider key (the model is paid by that key): tokens per reply, the same for every member; 0: free.",
    }),
    min: 0,
    max: 1_000_000_000,
  },
  localUrls: {
    param: seededParam({
      keyName: 'aiOwnKeyLocalUrls',
      name: "AI: members' own keys may name local addresses",
      data: '0',
      remark:
        "1: a member's own provider key may name a base URL on this machine or a private network (members running Ollama beside the server). 0: public addresses only, so members cannot make the server call its own network.",
    }),
    min: 0,
    max: 1,
  },
} as const;

/** The short code a failed reply on an unusable own key carries (the chat shows why). */
export const OWN_KEY_FAILURE = 'own_key';

export interface OwnKeyChoice {
  chosen: ChosenModel;
  /** The platform fee of a reply, in ledger units. */
  feeUnits: number;
}

interface Made {
  /** The credential's owner and status, checked on every run. */
  userId: number | null;
  enabled: boolean;
  kind: string;
  /** The adapter, or why there is none. */
  adapter: LlmAdapter | null;
  refusal: string | null;
  /** The refusal may pass later (a host not resolved): not kept. */
  transient?: boolean;
  model: string | null;
  deployment: string | null;
}

interface Entry {
  gen: string;
  print: string;
  allowLocal: boolean;
  checkedAt: number;
  made: Made;
}

const MAX_HELD = 1000;
/** A credential is read again after this long even when no write was seen (a generation may expire; a host may move). */
const MAX_AGE_MS = 10 * 60_000;
const held = new WeakMap<Core, Map<number, Entry>>();

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** An adapter that refuses at once, for a credential that cannot be used. */
function unusable(reason: string): LlmAdapter {
  return {
    configured: false,
    chat: async () => {
      throw new LlmError('unconfigured', `the AI member's own key cannot be used: ${reason}`);
    },
  };
}

type AuthRow = { id: number; userId?: number | null; type?: string; status?: number; config?: unknown; secret?: unknown };

async function make(core: Core, row: AuthRow | undefined, allowLocal: boolean): Promise<Made> {
  const made: Made = {
    userId: row?.userId ?? null,
    enabled: row?.status === 1,
    kind: String(row?.type ?? ''),
    adapter: null,
    refusal: null,
    model: null,
    deployment: null,
  };
  if (!row) return { ...made, refusal: 'it no longer exists' };
  if (!(PROVIDER_KINDS as readonly string[]).includes(made.kind)) return { ...made, refusal: `its type "${made.kind}" is not an AI provider kind` };
  const config = row.config && typeof row.config === 'object' && !Array.isArray(row.config) ? (row.config as Record<string, unknown>) : {};
  const baseUrl = text(config.baseUrl)?.replace(/\/+$/, '') ?? KIND_BASE_URLS[made.kind as keyof typeof KIND_BASE_URLS] ?? null;
  if (!baseUrl) return { ...made, refusal: 'it has no base URL' };
  const refused = await memberUrlRefusal(baseUrl, allowLocal);
  if (refused) return { ...made, refusal: refused.reason, transient: refused.transient };
  let key = '';
  try {
    key = typeof row.secret === 'string' && row.secret !== '' ? openSecret(core, row.secret).trim() : '';
  } catch {
    return { ...made, refusal: 'its key could not be opened (set it again)' };
  }
  const adapter = createLlm(core.config.env, {
    baseURL: baseUrl,
    apiKey: key,
    model: '',
    azureApiVersion: made.kind === 'azure' ? text(config.apiVersion) || '2024-10-21' : null,
  });
  if (!adapter.configured) return { ...made, refusal: 'it has no key, which a hosted provider needs' };
  return { ...made, adapter, model: text(config.model), deployment: text(config.deployment) };
}

/** The credential `authId` as it is now: the one held while nothing changed, else read (and made again only when the row changed). */
async function current(core: Core, authId: number, allowLocal: boolean): Promise<Made> {
  let byId = held.get(core);
  if (!byId) held.set(core, (byId = new Map()));
  const gen = await writeGenerations(core.cache, ['base/auth']);
  const kept = byId.get(authId);
  const now = Date.now();
  const fresh = kept && now - kept.checkedAt < MAX_AGE_MS && kept.allowLocal === allowLocal ? kept : null;
  if (fresh && fresh.gen === gen) return fresh.made;
  const [row] = await core.ops.reads(SYSTEM).find(entity(core.model, 'base/auth'), eq('id', authId), {
    fields: ['id', 'userId', 'type', 'status', 'config', 'secret'],
  });
  const print = JSON.stringify(row ? [row.userId, row.type, row.status, row.config, row.secret] : null);
  const same = fresh && fresh.print === print ? fresh : null;
  const made = same ? same.made : await make(core, row as AuthRow | undefined, allowLocal);
  byId.delete(authId);
  if (byId.size >= MAX_HELD) byId.delete(byId.keys().next().value!);
  if (!made.transient) byId.set(authId, { gen, print, allowLocal, checkedAt: same ? same.checkedAt : now, made });
  return made;
}

/** The fee and whether local URLs are allowed, as the params say now. */
export async function ownKeyParams(core: Core): Promise<{ feeUnits: number; allowLocal: boolean }> {
  const p = await readNumberParams(core.db, core.model.system('params').table, OWN_KEY_PARAMS);
  const fee = toUnits(p.fee);
  return { feeUnits: Number.isSafeInteger(fee) && fee > 0 ? fee : 0, allowLocal: p.localUrls === 1 };
}

/**
 * The model an AI member owned by `ownerId` asks with credential `authId`, and the fee of the reply;
 * `modelRef` is the AI member's model (its app's, or its config's). Never the platform's adapter.
 */
export async function ownKeyModel(core: Core, ask: { ownerId: number | null; authId: number; modelRef: string | number | null }): Promise<OwnKeyChoice> {
  const { feeUnits, allowLocal } = await ownKeyParams(core);
  const made = await current(core, ask.authId, allowLocal);
  const refuse = (reason: string): OwnKeyChoice => ({ chosen: { adapter: unusable(reason), model: '', row: null, fallback: null }, feeUnits });
  if (made.userId === null || made.userId !== ask.ownerId) return refuse(`credential #${ask.authId} is not the AI member's owner's`);
  if (!made.enabled) return refuse(`credential #${ask.authId} is disabled`);
  if (!made.adapter) return refuse(made.refusal ?? 'it cannot be used');
  const own = ask.modelRef === null ? null : ((await registryModelId(core, ask.modelRef)) ?? (typeof ask.modelRef === 'string' ? text(ask.modelRef) : null));
  const model = made.kind === 'azure' ? (made.deployment ?? own ?? made.model) : (own ?? made.model);
  if (!model) return refuse('no model: name one on the AI member or on the key');
  return { chosen: { adapter: made.adapter, model, row: null, fallback: null }, feeUnits };
}
