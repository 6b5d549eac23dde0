/**
 * The calls of AI members' tools:
 * - `ai/tool/confirm { id }`: the member who asked confirms a write their AI member proposed; it
 *   runs once, as them, and the call answers its result (proposals.ts). A second confirm, or one
 *   after a cancel, is a 409 naming the state; anybody else gets 403.
 * - `ai/tool/cancel { id }`: the member who asked drops the proposal.
 * - `ai/tool/catalogue`: the tools an AI member may be given (name, effect, description in the
 *   caller's language), for its settings.
 * - `ai/mcpServer/test { id }` (administrators): connects to a registered MCP server, lists its tools
 *   and stores them with the server's status (mcp-servers.ts).
 */
import { BOOL, INT, STR, and, call, check, defineRoutes, eq, id, l, listOf, obj, type Core } from '../../../core/api';
import { mcpTools, platformTools, toolDescription } from './catalogue';
import { cancelToolCall, confirmToolCall } from './proposals';
import { testMcpServer } from './mcp-servers';

const ASKER = l('the member who asked the AI member', '向 AI 成员提问的成员', '向 AI 成員提問的成員');

const RESULT = obj({ ok: BOOL, data: {}, code: INT, status: INT, message: STR }, ['data', 'code', 'status', 'message']);

export default defineRoutes((core: Core) => [
  call(core, 'ai', 'tool', 'confirm', {
    method: 'POST',
    summary: l(
      'Confirm a write your AI member proposed: it runs once, as you',
      '确认 AI 成员提议的写入：以你的身份执行一次',
      '確認 AI 成員提議的寫入：以你的身分執行一次',
    ),
    input: { id: id() },
    access: check<{ id: number }>(ASKER, ({ user, input, exists }) => exists('ai/toolCall', and(eq('id', input.id), eq('askerId', user.id))), 'signedIn'),
    effect: 'write',
    answer: obj({ id: INT, state: STR, result: RESULT }),
    handler: (req, { id }) => confirmToolCall(core, req.user!, id, req.lang),
  }),
  call(core, 'ai', 'tool', 'cancel', {
    method: 'POST',
    summary: l('Cancel a write your AI member proposed', '取消 AI 成员提议的写入', '取消 AI 成員提議的寫入'),
    input: { id: id() },
    access: check<{ id: number }>(ASKER, ({ user, input, exists }) => exists('ai/toolCall', and(eq('id', input.id), eq('askerId', user.id))), 'signedIn'),
    effect: 'write',
    answer: obj({ id: INT, state: STR }),
    handler: (req, { id }) => cancelToolCall(core, req.user!, id),
  }),
  call(core, 'ai', 'tool', 'catalogue', {
    method: 'GET',
    access: 'signedIn',
    summary: l('The tools an AI member may be given', 'AI 成员可用的工具', 'AI 成員可用的工具'),
    description: l(
      "Every platform call and enabled MCP tool by name, with its effect (a write is proposed and runs when the asker confirms) and what it does. An AI member's config.tools lists names or prefixes ending in * (goods_order_*).",
      '所有平台调用与已启用的 MCP 工具（名称、作用——写入须提问者确认后执行——与说明）。AI 成员的 config.tools 列出名称或以 * 结尾的前缀（goods_order_*）。',
      '所有平台呼叫與已啟用的 MCP 工具（名稱、作用——寫入須提問者確認後執行——與說明）。AI 成員的 config.tools 列出名稱或以 * 結尾的前綴（goods_order_*）。',
    ),
    input: {},
    effect: 'read',
    answer: listOf(obj({ name: STR, effect: STR, description: STR, source: STR })),
    async handler(req) {
      const all = [...platformTools(core).values(), ...(await mcpTools(core)).values()];
      return all.map((x) => ({ name: x.name, effect: x.effect, description: toolDescription(x, req.lang), source: x.source.kind }));
    },
  }),
  call(core, 'ai', 'mcpServer', 'test', {
    method: 'POST',
    summary: l('Connect to an MCP server and list its tools', '连接 MCP 服务器并列出其工具', '連線 MCP 伺服器並列出其工具'),
    description: l(
      "Connects to the saved server with its headers, lists its tools and stores them (tools, lastStatus, lastTestTime). Answers ok and the tools' names, or ok false and what failed; never the headers.",
      '用已保存的请求头连接服务器，列出并保存其工具（tools、lastStatus、lastTestTime）。返回 ok 与工具名，或 ok 为 false 及失败原因；绝不返回请求头。',
      '以已儲存的請求標頭連線伺服器，列出並儲存其工具（tools、lastStatus、lastTestTime）。回傳 ok 與工具名稱，或 ok 為 false 及失敗原因；絕不回傳請求標頭。',
    ),
    input: { id: id() },
    access: 'admin',
    effect: 'write',
    answer: obj({ ok: BOOL, tools: listOf(obj({ name: STR, effect: STR })), error: STR }, ['error']),
    handler: (req, { id }) => testMcpServer(core, id),
  }),
]);
