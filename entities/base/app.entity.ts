import { defineEntity, l, eq, keyHolders, fail, type InvalidField, paramErrors, priceError, readAiLimitsIn } from '../../server/core/api';
import type { HookTransaction, Row } from '../../server/core/api';

const objectOf = (v: unknown): Row | null => {
  if (typeof v === 'string') {
    try {
      return objectOf(JSON.parse(v));
    } catch {
      return null;
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : null;
};

/**
 * A run's price (tokens x efficiencyCoefficient) and config.params within the administrator's
 * bounds (aiMaxRunPrice, aiMaxTokens): checked on every add and update, with the stored values
 * standing in for the ones a partial update leaves out.
 */
async function checkLimits(t: HookTransaction, data: Row, id: number | undefined): Promise<void> {
  const touches = ['tokens', 'efficiencyCoefficient', 'config'].some((k) => data[k] !== undefined);
  if (!touches) return;
  const [stored] = id === undefined ? [] : await t.system.find('base/app', eq('id', id), { fields: ['tokens', 'efficiencyCoefficient'] });
  const tokens = Number(data.tokens ?? stored?.tokens ?? 0);
  const coefficient = Number(data.efficiencyCoefficient ?? stored?.efficiencyCoefficient ?? 1);
  const limits = await readAiLimitsIn(t, 'base/sys/param');
  const errors: InvalidField[] = [];
  const price = Number((Math.max(0, tokens) * Math.max(0, coefficient)).toPrecision(12));
  const tooDear = priceError(price, limits, data.tokens !== undefined || data.efficiencyCoefficient === undefined ? 'tokens' : 'efficiencyCoefficient');
  if (tooDear) errors.push(tooDear);
  if (data.config !== undefined) errors.push(...paramErrors(objectOf(data.config)?.params, limits, 'config.params'));
  if (errors.length) throw fail.invalid(errors);
}

const yesNo = [
  { value: 0, label: l('No', '否', '否') },
  { value: 1, label: l('Yes', '是', '是') },
];

const CONFIG_HELP = l(
  'A JSON object, every key optional: model, systemPrompt, params {temperature, top_p, max_tokens}, ' +
    'inputSchema (a JSON Schema the run input must match), workflow (asynchronous apps), timeoutSeconds, ' +
    'savedMinutes, description. Example: {"model": "gpt-4o-mini", "systemPrompt": "You write product titles.", ' +
    '"inputSchema": {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]}}',
  'JSON 对象，各键均可省略：model、systemPrompt、params {temperature, top_p, max_tokens}、' +
    'inputSchema（运行输入须符合的 JSON Schema）、workflow（异步应用）、timeoutSeconds、savedMinutes、description。' +
    '示例：{"model": "gpt-4o-mini", "systemPrompt": "你负责写商品标题。", ' +
    '"inputSchema": {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]}}',
  'JSON 物件，各鍵皆可省略：model、systemPrompt、params {temperature, top_p, max_tokens}、' +
    'inputSchema（執行輸入須符合的 JSON Schema）、workflow（非同步應用）、timeoutSeconds、savedMinutes、description。' +
    '範例：{"model": "gpt-4o-mini", "systemPrompt": "你負責撰寫商品標題。", ' +
    '"inputSchema": {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]}}',
);

export default defineEntity({
  module: 'base',
  name: 'app',
  table: 'base_app',
  area: 'ai',
  label: l('App', '应用', '應用'),
  description:
    'name is required. tokens is the token cost of a run; config and auth are JSON settings ' +
    '(auth: the authorization the app needs). show 1 lists the app, 0 hides it. tokens x ' +
    'efficiencyCoefficient may not exceed the param aiMaxRunPrice, config.params.max_tokens not aiMaxTokens. pricing 0 ' +
    '(fixed) charges tokens per run; 1 (by use) charges the tokens the model used at its registry prices (base/run).',
  fields: {
    avatar: { type: 'string', label: l('Avatar', '图标', '圖示') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    isAsync: { type: 'int', default: 0, nullable: false, enum: yesNo, label: l('Asynchronous', '异步', '非同步') },
    parentType: {
      type: 'int',
      index: true,
      label: l('Parent type', '父类型', '父類型'),
      help: l(
        'The store groups apps by this number: apps of parent type 1 are listed together as "Category 1". Empty: under "Other apps".',
        '商店按此数字分组展示应用：父类型为 1 的应用一起列在“分类 1”下。留空：列在“其他应用”下。',
        '商店依此數字分組展示應用：父類型為 1 的應用一起列在「分類 1」下。留空：列在「其他應用」下。',
      ),
    },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    config: { type: 'json', label: l('Configuration', '配置', '設定'), help: CONFIG_HELP },
    auth: {
      type: 'json',
      label: l('Authorization', '授权', '授權'),
      help: l(
        'A JSON object naming the authorization the app needs, e.g. {"provider": "openai"}; never shown to members.',
        'JSON 对象，写明应用所需的授权，如 {"provider": "openai"}；不会向会员展示。',
        'JSON 物件，寫明應用所需的授權，如 {"provider": "openai"}；不會向會員顯示。',
      ),
    },
    tokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      label: l('Token cost', '代币消耗', '代幣消耗'),
      // At most the param aiMaxRunPrice (100 by default), which the add and update check.
      example: 1,
    },
    efficiencyCoefficient: {
      type: 'float',
      default: 1,
      nullable: false,
      label: l('Efficiency coefficient', '效率系数', '效率係數'),
      help: l(
        "A run costs the token cost times this, and times the member's own coefficient (usually 1); members see the price before they run.",
        '每次运行的价格为代币消耗乘以此系数，再乘以会员自己的系数（通常为 1）；会员在运行前看到价格。',
        '每次執行的價格為代幣消耗乘以此係數，再乘以會員自己的係數（通常為 1）；會員在執行前看到價格。',
      ),
    },
    pricing: {
      type: 'int',
      default: 0,
      nullable: false,
      enum: [
        { value: 0, label: l('Fixed price', '固定价格', '固定價格') },
        { value: 1, label: l('By use', '按用量', '按用量') },
      ],
      label: l('Pricing', '计价方式', '計價方式'),
      help: l(
        "Fixed: every run costs the token cost. By use: a run costs what the model used, at the model's prices (AI > Models), times the coefficients; the start holds an estimate and the rest is given back.",
        '固定：每次运行花费“代币消耗”。按用量：按模型的实际用量与其价格（AI > 模型）再乘以系数计费；开始时预扣估算值，多余部分退回。',
        '固定：每次執行花費「代幣消耗」。按用量：依模型的實際用量與其價格（AI > 模型）再乘以係數計費；開始時預扣估算值，多餘部分退回。',
      ),
    },
    show: { type: 'int', default: 1, nullable: false, enum: yesNo, label: l('Shown', '显示', '顯示') },
  },
  search: { keyword: ['name'], equal: ['parentType', 'type', 'show'] },
  access: keyHolders,
  hooks: {
    async beforeChange({ t, data, id, action }) {
      if (action === 'add' || action === 'update') await checkLimits(t, data, id);
    },
  },
});
