import { defineEntity, enabledStatus, eq, fail, l, registerMessages } from '../../server/core/api';

const MESSAGES = registerMessages({
  en: { ai_provider_has_models: 'This provider still has {count} model(s): delete or move them first' },
  'zh-cn': { ai_provider_has_models: '该提供方下仍有 {count} 个模型：请先删除或移走它们' },
  'zh-tw': { ai_provider_has_models: '該提供者下仍有 {count} 個模型：請先刪除或移走它們' },
});

/** The APIs a provider may speak: OpenAI's wire format, Azure OpenAI's variant of it, Ollama's model list. */
export const PROVIDER_KINDS = ['openai', 'deepseek', 'qwen', 'moonshot', 'zhipu', 'openrouter', 'ollama', 'vllm', 'lmstudio', 'azure'] as const;

/** The API root of each hosted kind, for a member's own key that names none; local servers and Azure have none to assume. */
export const KIND_BASE_URLS: Readonly<Partial<Record<(typeof PROVIDER_KINDS)[number], string>>> = {
  openai: 'https://api.openai.com/v1',
  deepseek: 'https://api.deepseek.com/v1',
  qwen: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  moonshot: 'https://api.moonshot.cn/v1',
  zhipu: 'https://open.bigmodel.cn/api/paas/v4',
  openrouter: 'https://openrouter.ai/api/v1',
};

export default defineEntity({
  module: 'ai',
  name: 'provider',
  table: 'ai_provider',
  area: 'ai',
  label: l('Model provider', '模型提供方', '模型提供者'),
  description:
    'A language model provider the AI runs call: name (unique), kind (the API it speaks), baseUrl (its API root, ' +
    'e.g. https://api.openai.com/v1) and apiKey, which is accepted on write and never answered. ' +
    'Azure OpenAI: baseUrl is the resource endpoint, apiVersion its api-version, each model id a deployment. ' +
    'A provider that still has models cannot be deleted. Administrators only.',
  fields: {
    name: { type: 'string', length: 100, required: true, nullable: false, unique: true, label: l('Name', '名称', '名稱') },
    kind: {
      type: 'string',
      length: 20,
      required: true,
      nullable: false,
      default: 'openai',
      label: l('Kind', '类型', '類型'),
      enum: [
        { value: 'openai', label: l('OpenAI', 'OpenAI', 'OpenAI') },
        { value: 'deepseek', label: l('DeepSeek', 'DeepSeek（深度求索）', 'DeepSeek（深度求索）') },
        { value: 'qwen', label: l('Qwen (DashScope)', '通义千问（DashScope）', '通義千問（DashScope）') },
        { value: 'moonshot', label: l('Moonshot (Kimi)', '月之暗面（Kimi）', '月之暗面（Kimi）') },
        { value: 'zhipu', label: l('Zhipu (GLM)', '智谱（GLM）', '智譜（GLM）') },
        { value: 'openrouter', label: l('OpenRouter', 'OpenRouter', 'OpenRouter') },
        { value: 'ollama', label: l('Ollama (local)', 'Ollama（本地）', 'Ollama（本機）') },
        { value: 'vllm', label: l('vLLM (local)', 'vLLM（本地）', 'vLLM（本機）') },
        { value: 'lmstudio', label: l('LM Studio (local)', 'LM Studio（本地）', 'LM Studio（本機）') },
        { value: 'azure', label: l('Azure OpenAI', 'Azure OpenAI', 'Azure OpenAI') },
      ],
    },
    baseUrl: {
      type: 'string',
      length: 500,
      required: true,
      nullable: false,
      format: 'uri',
      label: l('Base URL', '接口地址', '介面位址'),
      help: l(
        'The API root, e.g. https://api.openai.com/v1, https://api.deepseek.com/v1, http://127.0.0.1:11434/v1 (Ollama); Azure: https://<resource>.openai.azure.com',
        'API 根地址，如 https://api.openai.com/v1、https://api.deepseek.com/v1、http://127.0.0.1:11434/v1（Ollama）；Azure：https://<资源名>.openai.azure.com',
        'API 根位址，如 https://api.openai.com/v1、https://api.deepseek.com/v1、http://127.0.0.1:11434/v1（Ollama）；Azure：https://<資源名稱>.openai.azure.com',
      ),
    },
    apiKey: {
      type: 'text',
      // Kept sealed with the key that is not in the database (docs/decisions/sealed-secrets.md).
      sealed: true,
      label: l('API key', 'API 密钥', 'API 金鑰'),
      help: l(
        'Local servers (Ollama, vLLM, LM Studio) need none.',
        '本地服务（Ollama、vLLM、LM Studio）无需密钥。',
        '本機服務（Ollama、vLLM、LM Studio）無需金鑰。',
      ),
    },
    apiVersion: {
      type: 'string',
      length: 40,
      label: l('API version (Azure)', 'API 版本（Azure）', 'API 版本（Azure）'),
      help: l('Azure OpenAI only, e.g. 2024-10-21.', '仅 Azure OpenAI，如 2024-10-21。', '僅 Azure OpenAI，如 2024-10-21。'),
    },
    status: enabledStatus(1),
  },
  search: { keyword: ['name', 'baseUrl'], equal: ['kind', 'status'] },
  order: { field: 'id', sort: 'asc' },
  hooks: {
    beforeChange({ data, action }) {
      // An edit that leaves the key empty keeps the saved one: the form never shows it to be sent back.
      if (action === 'update' && (data.apiKey === '' || data.apiKey === null)) delete data.apiKey;
      if (typeof data.baseUrl === 'string') data.baseUrl = data.baseUrl.trim().replace(/\/+$/, '');
    },
    async beforeDelete({ t, ids }) {
      for (const id of ids) {
        const count = await t.system.count('ai/model', eq('providerId', id));
        if (count > 0) throw fail.conflict(MESSAGES.ai_provider_has_models, { count: String(count) });
      }
    },
  },
});
