import { defineEntity, l, eq } from '../../server/core/api';

const yesNo = [
  { value: 0, label: l('No', '否', '否') },
  { value: 1, label: l('Yes', '是', '是') },
];

export default defineEntity({
  module: 'base',
  name: 'run',
  table: 'base_run',
  area: 'ai',
  label: l('AI run', 'AI 运行', 'AI 執行'),
  description:
    'Added by us (issue 20): one row per run of an AI app, paid in tokens. Written only by the run path ' +
    '(server/modules/ai/charge.ts): the row, the request message and the ledger entry that reserves ' +
    'its cost (tokenLog type 10, relateType run) are one transaction; it ends exactly once, succeeded ' +
    '(1: usage recorded, the answer message stored, runTimes + 1) or failed (2: the cost refunded in ' +
    'full, tokenLog type 11), through conditional updates from 0 (running). A running row whose deadline ' +
    'has passed is failed and refunded by the system task ai.runWatchdog. cost is in tokens (four ' +
    'places); promptTokens/completionTokens are what the model reported (or estimated) and are for ' +
    'reports: the price of a run is fixed when it starts. workflowResultId names the run in the workflow ' +
    "engine's callbacks (receiveWorkflowResult/{id}); it is no secret: callbacks are authenticated by " +
    'their HMAC signature. savedMinutes is copied from the app (config.savedMinutes) when the run starts. ' +
    'kind 1 (an AI member answering in a chat) names that member in aiUserId. kind 2 (issue 41) is the summary that keeps ' +
    "a conversation's memory (ai/summary) when a reply's window overflowed: paid by the reply's payer, priced by use at the " +
    "summary model's prices, it names the reply's run in parentRunId (the reply's receipt shows it as its own line). A reply of a bought AI " +
    "member's copy (issue 37) names its goods/purchase in purchaseId and keeps in fee the listing's runPrice " +
    'included in cost; on success the fee is split between the platform account and the creator (tokenLog ' +
    'types 13 and 12, relateType run: server/modules/ai/store-fee.ts), on failure it is refunded with ' +
    "the rest. pricing 1 (by use: the app's or AI member's pricing) reserves an estimate (the prompt counted at four " +
    'characters a token at priceInput, plus the max_tokens sent at priceOutput, per million tokens, times coefficient: the ' +
    "app's and the member's efficiency coefficients) and settles on the usage the model reported: the cachedTokens of " +
    "promptTokens the provider read from its prompt cache at priceCachedInput (the model's; 0: at priceInput); charged is what was " +
    'kept (never more than cost), the rest given back in the same transaction (tokenLog type 16). With pricing 0 charged ' +
    'equals cost; a failed run charged 0. modelRowId names the registry model (ai/model) that answered. ' +
    'spendIds names the ai/spend rows the run counted against budgets (its cost added at the start, given back ' +
    "with a refund or the unused part). ownKey 1: an AI member answered with its owner's own provider key " +
    "(base/auth, the member row's authType 2): cost is only the platform fee (param aiOwnKeyFee), never the model. chainId: the " +
    'ai/chain a reply of an AI member belongs to (issue 41); stopped 1: its asker stopped it while it streamed, and it was ' +
    'settled on what the model had used by then (estimated: the provider reports usage only at the end). Members read their own ' +
    'runs; only administrators see every run; nobody edits or removes one through the API.',
  fields: {
    userId: { type: 'int', index: true, label: l('Member', '会员', '會員') },
    appId: { type: 'int', index: true, label: l('App', '应用', '應用') },
    aiUserId: { type: 'int', label: l('AI member', 'AI 成员', 'AI 成員') },
    kind: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Kind', '种类', '種類'),
      enum: [
        { value: 0, label: l('App run', '应用运行', '應用執行') },
        { value: 1, label: l('AI member reply', 'AI 成员回复', 'AI 成員回覆') },
        { value: 2, label: l('Conversation summary', '会话摘要', '對話摘要') },
      ],
    },
    isAsync: { type: 'int', default: 0, nullable: false, label: l('Asynchronous', '异步', '非同步') },
    status: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: 0, label: l('Running', '运行中', '執行中') },
        { value: 1, label: l('Succeeded', '成功', '成功') },
        { value: 2, label: l('Failed (refunded)', '失败（已退款）', '失敗（已退款）') },
      ],
    },
    cost: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      label: l('Tokens reserved', '预扣代币', '預扣代幣'),
    },
    fee: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      label: l('Store fee in cost', '其中商店使用费', '其中商店使用費'),
    },
    purchaseId: { type: 'int', index: true, label: l('Purchase', '购买记录', '購買紀錄') },
    promptTokens: { type: 'int', default: 0, nullable: false, label: l('Prompt tokens', '提示词 token 数', '提示詞 token 數') },
    completionTokens: { type: 'int', default: 0, nullable: false, label: l('Completion tokens', '回答 token 数', '回答 token 數') },
    cachedTokens: { type: 'int', default: 0, nullable: false, label: l('Cached prompt tokens', '其中缓存命中 token 数', '其中快取命中 token 數') },
    model: { type: 'string', length: 100, label: l('Model', '模型', '模型') },
    messageId: { type: 'int', label: l('Request message', '请求消息', '請求訊息') },
    answerId: { type: 'int', label: l('Answer message', '回答消息', '回答訊息') },
    parentRunId: { type: 'int', index: true, label: l('Part of run', '所属运行', '所屬執行') },
    conversation: { type: 'string', length: 40, label: l('Conversation', '会话', '對話') },
    workflowResultId: {
      type: 'string',
      length: 36,
      unique: true,
      nullable: false,
      label: l('Workflow result id', '工作流结果 ID', '工作流程結果 ID'),
    },
    deadline: { type: 'datetime', label: l('Deadline', '截止时间', '截止時間') },
    startTime: { type: 'datetime', label: l('Started', '开始时间', '開始時間') },
    endTime: { type: 'datetime', label: l('Ended', '结束时间', '結束時間') },
    error: { type: 'text', label: l('Error', '错误', '錯誤') },
    savedMinutes: { type: 'float', default: 0, nullable: false, label: l('Minutes saved', '节省分钟数', '節省分鐘數') },
    input: { type: 'json', label: l('Input', '输入', '輸入') },
    pricing: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Pricing', '计价方式', '計價方式'),
      enum: [
        { value: 0, label: l('Fixed price', '固定价格', '固定價格') },
        { value: 1, label: l('By use', '按用量', '按用量') },
      ],
    },
    modelRowId: { type: 'int', label: l('Registry model', '模型（注册表）', '模型（註冊表）') },
    priceInput: { type: 'decimal', precision: 18, scale: 6, default: 0, nullable: false, label: l('Input price', '输入价格', '輸入價格') },
    priceCachedInput: {
      type: 'decimal',
      precision: 18,
      scale: 6,
      default: 0,
      nullable: false,
      label: l('Cached input price', '缓存输入价格', '快取輸入價格'),
    },
    priceOutput: { type: 'decimal', precision: 18, scale: 6, default: 0, nullable: false, label: l('Output price', '输出价格', '輸出價格') },
    coefficient: { type: 'float', default: 1, nullable: false, label: l('Coefficient', '系数', '係數') },
    usageEstimated: { type: 'int', default: 0, nullable: false, label: l('Usage estimated', '用量为估算', '用量為估算') },
    spendIds: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      label: l('Budget rows held', '占用的预算记录', '占用的預算紀錄'),
    },
    ownKey: {
      type: 'int',
      default: 0,
      nullable: false,
      enum: yesNo,
      label: l("On the owner's own key", '使用所有者自有密钥', '使用擁有者自有金鑰'),
    },
    charged: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      label: l('Tokens charged', '实扣代币', '實扣代幣'),
    },
    chainId: { type: 'int', index: true, label: l('Reply chain', '回复链', '回覆鏈') },
    stopped: { type: 'int', default: 0, nullable: false, enum: yesNo, label: l('Stopped by the asker', '被提问者停止', '被提問者停止') },
  },
  actions: ['info', 'list', 'page'],
  search: { keyword: ['model', 'error'], equal: ['userId', 'appId', 'aiUserId', 'kind', 'isAsync', 'status', 'conversation'] },
  order: { field: 'id', sort: 'desc' },
  owner: 'userId',
  indexes: [{ fields: ['status', 'deadline'] }],
  access: {
    members: ['info', 'list', 'page'],
    read: ({ user }) => user && eq('userId', user.id),
  },
});
