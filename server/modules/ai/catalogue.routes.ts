/**
 * The public AI catalogue (no token): `app/byParent?parentType=` (the shown apps of one parent
 * type), `app/all` (every shown app, grouped by parent type) and `guide/all` (the guides, by their
 * sort order). Apps are answered with a whitelist of fields (app-config.ts says which parts of
 * `config`): never `auth`, the prompt, the model settings or the workflow; with `price`, the tokens
 * a run costs (tokens x efficiencyCoefficient, before the member's own coefficient), and `pricing`
 * (1: by use, metering.ts: what a run costs depends on what the model uses).
 */
import { SYSTEM, entity, l, type Row, call, defineRoutes, BAD, field, ANY_OBJECT, BOOL, INT, NUM, STR, listOf, nullable, obj } from '../../core/api';
import type { Core } from '../../core/api';
import { configOf, publicConfig } from './app-config';
import { appPriceUnits } from './ai-limits';
import { fromUnits } from '../commerce/pay/money';
import { modelFor, registryOf } from './models/model-registry';

const APP_FIELDS = ['id', 'avatar', 'name', 'remark', 'isAsync', 'parentType', 'type', 'tokens', 'efficiencyCoefficient', 'pricing'] as const;

/** An app as the public sees it. */
export function publicApp(app: Row): Row {
  const out: Row = {};
  for (const k of APP_FIELDS) out[k] = app[k] ?? null;
  out.config = publicConfig(configOf(app));
  // What a run costs before the member's own coefficient, so a client shows it before the member pays.
  out.price = fromUnits(appPriceUnits(app));
  return out;
}

async function shownApps(core: Core, filter: Row = {}): Promise<Row[]> {
  const rows = await core.ops.list(entity(core.model, 'base/app'), { ...filter, show: 1, order: 'id', sort: 'asc' }, SYSTEM);
  return rows.map(publicApp);
}

/** An app as the catalogue answers it: the whitelisted fields, the public part of its config and its price. */
const PUBLIC_APP = obj({
  id: INT,
  avatar: nullable(STR),
  name: STR,
  remark: nullable(STR),
  isAsync: INT,
  parentType: nullable(INT),
  type: nullable(INT),
  tokens: NUM,
  efficiencyCoefficient: NUM,
  /** 0: a run costs `price`; 1: by use (the model's usage at its prices; `price` is then not what a run costs). */
  pricing: INT,
  config: ANY_OBJECT,
  price: NUM,
});

/** A parent type as the query string gives it: up to nine digits, spaces around them allowed. */
const parentType = field<number>({ type: 'integer', minimum: -999_999_999, maximum: 999_999_999 }, (v, r) => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= 999_999_999) return v;
  if (typeof v === 'string' && /^-?\d{1,9}$/.test(v.trim())) return Number(v);
  r.errors.push(v === '' ? { field: r.at, rule: 'required', params: {} } : { field: r.at, rule: 'type', params: { type: 'integer' } });
  return BAD;
});

/**
 * Whether AI answers can be asked for now: a model for apps (`chat`) and for AI members (`aiMember`),
 * from the registry held in memory (or the environment's provider). A fresh install has neither
 * until an administrator adds a provider: the workspace says so instead of failing a run with 503.
 */
async function readiness(core: Core): Promise<{ chat: boolean; aiMember: boolean }> {
  const [chat, aiMember] = await Promise.all([modelFor(core, { purpose: 'chat' }), modelFor(core, { purpose: 'aiMember' })]);
  return { chat: chat.adapter.configured, aiMember: aiMember.adapter.configured };
}

/** A model as members pick it for an AI member: what it is called and what it costs by use. */
const PICKABLE_MODEL = obj({ id: INT, modelId: STR, name: STR, priceInput: NUM, priceOutput: NUM, contextWindow: nullable(INT), isDefault: BOOL });

/** The enabled registry models that chat (no capabilities listed counts as chat), the AI members' default first. */
async function pickableModels(core: Core): Promise<Row[]> {
  const s = await registryOf(core);
  const fallback = s.defaults.get('aiMember') ?? s.defaults.get('chat') ?? null;
  return s.models
    .filter((m) => !m.capabilities?.length || m.capabilities.includes('chat'))
    .map((m) => ({
      id: m.id,
      modelId: m.modelId,
      name: m.name || m.modelId,
      priceInput: m.priceInput,
      priceOutput: m.priceOutput,
      contextWindow: m.contextWindow,
      isDefault: m.id === fallback?.id,
    }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

export default defineRoutes((core: Core) => [
  call(core, 'base', 'app', 'models', {
    method: 'GET',
    member: true,
    summary: l('Models an AI member may use', 'AI 成员可用的模型', 'AI 成員可用的模型'),
    description: l(
      "The enabled chat models of the registry: id, the provider's model id (what an AI member's config.model names), display name, prices in site tokens per million input and output tokens (what a reply priced by use costs), context window, and which is the AI members' default. No keys, no providers' addresses.",
      '注册表中已启用的对话模型：ID、提供方的模型 ID（AI 成员 config.model 所填）、显示名称、每百万输入与输出 token 的价格（按用量计价时一次回复的费用依据）、上下文窗口，以及哪个是 AI 成员的默认模型。不含密钥与提供方地址。',
      '註冊表中已啟用的對話模型：ID、提供者的模型 ID（AI 成員 config.model 所填）、顯示名稱、每百萬輸入與輸出 token 的價格（按用量計價時一次回覆的費用依據）、上下文視窗，以及哪個是 AI 成員的預設模型。不含金鑰與提供者位址。',
    ),
    input: {},
    effect: 'read',
    answer: listOf(PICKABLE_MODEL),
    handler: () => pickableModels(core),
  }),
  call(core, 'base', 'app', 'ready', {
    method: 'GET',
    member: true,
    summary: l('Whether AI answers are set up', 'AI 回答是否已设置', 'AI 回答是否已設定'),
    description: l(
      'chat: apps can be answered by a model; aiMember: AI members can. Both false on a fresh install until an administrator adds a model provider (AI > Providers).',
      'chat：应用可由模型回答；aiMember：AI 成员可回答。新安装在管理员添加模型提供方（AI > 提供方）之前两者皆为 false。',
      'chat：應用可由模型回答；aiMember：AI 成員可回答。新安裝在管理員新增模型提供者（AI > 提供者）之前兩者皆為 false。',
    ),
    input: {},
    effect: 'read',
    answer: obj({ chat: BOOL, aiMember: BOOL }),
    handler: () => readiness(core),
  }),
  call(core, 'base', 'app', 'byParent', {
    method: 'GET',
    access: 'public',
    summary: l('Shown apps of a parent type', '某父类型下显示的应用', '某父類型下顯示的應用'),
    input: { parentType },
    effect: 'read',
    answer: listOf(PUBLIC_APP),
    handler: async (_req, { parentType }) => shownApps(core, { parentType }),
  }),
  call(core, 'base', 'app', 'all', {
    method: 'GET',
    access: 'public',
    summary: l('Every shown app, by parent type', '所有显示的应用（按父类型分组）', '所有顯示的應用（依父類型分組）'),
    input: {},
    effect: 'read',
    answer: listOf(obj({ parentType: nullable(INT), apps: listOf(PUBLIC_APP) })),
    async handler() {
      const groups = new Map<number | null, Row[]>();
      for (const app of await shownApps(core)) {
        const key = typeof app.parentType === 'number' ? app.parentType : null;
        groups.set(key, [...(groups.get(key) ?? []), app]);
      }
      // Parent types in ascending order, apps without one last.
      const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
      return keys.map((parentType) => ({ parentType, apps: groups.get(parentType)! }));
    },
  }),
  call(core, 'base', 'guide', 'all', {
    method: 'GET',
    access: 'public',
    summary: l('Every guide, in order', '所有指南（按排序）', '所有指南（依排序）'),
    input: {},
    effect: 'read',
    answer: listOf(entity(core.model, 'base/guide').schema.row),
    async handler() {
      // By sort, then by id (the order of creation) for equal sort values.
      return core.ops.list(entity(core.model, 'base/guide'), { order: 'sort', sort: 'asc' }, SYSTEM);
    },
  }),
]);
