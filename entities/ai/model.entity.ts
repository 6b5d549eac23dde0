import { defineEntity, enabledStatus, eq, fail, fieldRule, l, ne, registerMessages, type InvalidField, type Row } from '../../server/core/api';

const MESSAGES = registerMessages({
  en: {
    field_ai_model_list: 'must be a list of: {allowed}',
    field_ai_model_fallback: 'names no other model',
  },
  'zh-cn': {
    field_ai_model_list: '必须是以下值的列表：{allowed}',
    field_ai_model_fallback: '所指的其他模型不存在',
  },
  'zh-tw': {
    field_ai_model_list: '必須是以下值的列表：{allowed}',
    field_ai_model_fallback: '所指的其他模型不存在',
  },
});

/** What a model can do. */
export const MODEL_CAPABILITIES = ['chat', 'tools', 'embeddings'] as const;
/** What a model may be the default for: one model at most per purpose. */
export const MODEL_PURPOSES = ['chat', 'aiMember', 'coding', 'summary', 'embeddings'] as const;

const listOf = (v: unknown): unknown[] | null => {
  if (typeof v === 'string') {
    try {
      return listOf(JSON.parse(v));
    } catch {
      return null;
    }
  }
  return Array.isArray(v) ? v : null;
};

function listErrors(data: Row, field: string, allowed: readonly string[]): InvalidField[] {
  if (data[field] === undefined || data[field] === null) return [];
  const list = listOf(data[field]);
  if (list && list.every((v) => typeof v === 'string' && allowed.includes(v))) {
    data[field] = [...new Set(list as string[])];
    return [];
  }
  return [{ field, rule: fieldRule(MESSAGES.field_ai_model_list), params: { allowed: allowed.join(', ') } }];
}

const price = (en: string, zhCn: string, zhTw: string) => ({
  type: 'decimal' as const,
  precision: 18,
  scale: 6,
  default: 0,
  nullable: false,
  min: 0,
  label: l(en, zhCn, zhTw),
  unit: l('tokens per million', '代币/百万 token', '代幣/百萬 token'),
});

export default defineEntity({
  module: 'ai',
  name: 'model',
  table: 'ai_model',
  area: 'ai',
  label: l('Model', '模型', '模型'),
  description:
    "A model of a provider: providerId, modelId (the provider's own id, unique per provider), name (shown), " +
    'capabilities (of chat, tools, embeddings), contextWindow, maxTokens (the default max_tokens), prices in site tokens ' +
    'per million input, output and cached input tokens, fallbackModelId (another model), status, and defaultFor ' +
    '(of chat, aiMember, coding, summary, embeddings): a purpose is the default of one model at most, so setting it on one ' +
    'model takes it from the others. A model is asked only while it and its provider exist and are enabled. Administrators only.',
  fields: {
    providerId: { type: 'int', required: true, nullable: false, index: true, example: 1, label: l('Provider', '提供方', '提供者') },
    modelId: {
      type: 'string',
      length: 191,
      required: true,
      nullable: false,
      label: l('Model id', '模型 ID', '模型 ID'),
      help: l(
        "The provider's id of the model, e.g. gpt-4o-mini, deepseek-chat, qwen-plus.",
        '提供方的模型 ID，如 gpt-4o-mini、deepseek-chat、qwen-plus。',
        '提供者的模型 ID，如 gpt-4o-mini、deepseek-chat、qwen-plus。',
      ),
    },
    name: { type: 'string', length: 100, label: l('Display name', '显示名称', '顯示名稱') },
    capabilities: {
      type: 'json',
      jsonType: 'array',
      items: 'string',
      example: ['chat'],
      label: l('Capabilities', '能力', '能力'),
      help: l(
        'A list of: chat, tools, embeddings. Example: ["chat", "tools"]',
        '以下值的列表：chat、tools、embeddings。示例：["chat", "tools"]',
        '以下值的列表：chat、tools、embeddings。範例：["chat", "tools"]',
      ),
    },
    contextWindow: { type: 'int', min: 0, label: l('Context window', '上下文窗口', '上下文視窗'), unit: l('tokens', 'token', 'token') },
    maxTokens: { type: 'int', min: 1, label: l('Default max_tokens', '默认 max_tokens', '預設 max_tokens'), unit: l('tokens', 'token', 'token') },
    priceInput: price('Input price', '输入价格', '輸入價格'),
    priceOutput: price('Output price', '输出价格', '輸出價格'),
    priceCachedInput: price('Cached input price', '缓存输入价格', '快取輸入價格'),
    fallbackModelId: { type: 'int', example: null, label: l('Fallback model', '备用模型', '備用模型') },
    status: enabledStatus(1),
    defaultFor: {
      type: 'json',
      jsonType: 'array',
      items: 'string',
      example: [],
      label: l('Default for', '默认用于', '預設用於'),
      help: l(
        'A list of: chat (apps), aiMember (AI members), coding (the code helper), summary, embeddings. Setting one here takes it from the model that had it.',
        '以下值的列表：chat（应用）、aiMember（AI 成员）、coding（代码助手）、summary（摘要）、embeddings（向量）。在此设置会从原先的模型上移除。',
        '以下值的列表：chat（應用）、aiMember（AI 成員）、coding（程式助手）、summary（摘要）、embeddings（向量）。在此設定會從原先的模型上移除。',
      ),
    },
  },
  indexes: [{ fields: ['providerId', 'modelId'], unique: true }],
  search: { keyword: ['modelId', 'name'], equal: ['providerId', 'status'] },
  order: { field: 'id', sort: 'asc' },
  hooks: {
    async beforeChange({ t, data, id }) {
      const errors = [...listErrors(data, 'capabilities', MODEL_CAPABILITIES), ...listErrors(data, 'defaultFor', MODEL_PURPOSES)];
      const fallback = data.fallbackModelId;
      if (fallback !== undefined && fallback !== null) {
        const other = Number(fallback) !== id && (await t.system.count('ai/model', eq('id', Number(fallback)))) > 0;
        if (!other) errors.push({ field: 'fallbackModelId', rule: fieldRule(MESSAGES.field_ai_model_fallback), params: {} });
      }
      if (errors.length) throw fail.invalid(errors);
    },
    async afterChange({ t, id, data }) {
      // A purpose has one default: the model just saved takes it from the others, in this transaction.
      const mine = listOf(data.defaultFor) ?? [];
      if (!mine.length) return;
      for (const other of await t.system.find('ai/model', ne('id', id), { fields: ['defaultFor'] })) {
        const theirs = listOf(other.defaultFor) ?? [];
        const kept = theirs.filter((p) => !mine.includes(p));
        if (kept.length !== theirs.length) await t.system.updateWhere('ai/model', Number(other.id), { defaultFor: kept });
      }
    },
  },
});
