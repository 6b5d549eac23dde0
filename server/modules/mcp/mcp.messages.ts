import { registerMessages } from '../../core/api';

export const MCP = registerMessages({
  en: {
    mcp_unknown_tool: 'Unknown tool: {name}',
    mcp_unknown_resource: 'Unknown resource: {uri}',
    mcp_unknown_set: 'No tool set named {set}; sets are module names joined by +',
    mcp_origin_refused: 'Requests from the origin {origin} are not accepted',
    mcp_not_signed_in: 'Send an access token or an API key in the Authorization header',
    mcp_too_many_calls: 'Too many tool calls, please try again in {retryAfter} s',
    mcp_post_only: 'This MCP server answers POST only (stateless Streamable HTTP, no event stream)',
    mcp_only_at_mcp: 'The MCP server answers at /mcp, not under /api',
    mcp_rule: 'Who may call it: {rule}',
    mcp_writes: 'It changes data.',
    mcp_bad_fields: 'Bad arguments:',
    mcp_refused: '{message} (code {code}, HTTP {status})',
    mcp_instructions:
      'COSMAC AI platform calls as tools, run as the signed-in caller with their permissions. Tools marked read-only change nothing; the others write. Resources are the JSON Schemas of the entities the tools act on.',
  },
  'zh-cn': {
    mcp_unknown_tool: '未知工具：{name}',
    mcp_unknown_resource: '未知资源：{uri}',
    mcp_unknown_set: '没有名为 {set} 的工具集；工具集是用 + 连接的模块名',
    mcp_origin_refused: '不接受来自 {origin} 的请求',
    mcp_not_signed_in: '请在 Authorization 头中发送访问令牌或 API 密钥',
    mcp_too_many_calls: '工具调用过于频繁，请 {retryAfter} 秒后再试',
    mcp_post_only: '此 MCP 服务器只接受 POST（无状态 Streamable HTTP，无事件流）',
    mcp_only_at_mcp: 'MCP 服务器位于 /mcp，不在 /api 下',
    mcp_rule: '谁可以调用：{rule}',
    mcp_writes: '会修改数据。',
    mcp_bad_fields: '参数有误：',
    mcp_refused: '{message}（代码 {code}，HTTP {status}）',
    mcp_instructions:
      'COSMAC AI 平台的调用作为工具，以登录者的身份和权限执行。标为只读的工具不改变任何数据，其余的会写入。资源是这些工具所操作实体的 JSON Schema。',
  },
  'zh-tw': {
    mcp_unknown_tool: '未知工具：{name}',
    mcp_unknown_resource: '未知資源：{uri}',
    mcp_unknown_set: '沒有名為 {set} 的工具集；工具集是用 + 連接的模組名',
    mcp_origin_refused: '不接受來自 {origin} 的請求',
    mcp_not_signed_in: '請在 Authorization 標頭中傳送存取權杖或 API 金鑰',
    mcp_too_many_calls: '工具呼叫過於頻繁，請 {retryAfter} 秒後再試',
    mcp_post_only: '此 MCP 伺服器只接受 POST（無狀態 Streamable HTTP，無事件串流）',
    mcp_only_at_mcp: 'MCP 伺服器位於 /mcp，不在 /api 下',
    mcp_rule: '誰可以呼叫：{rule}',
    mcp_writes: '會修改資料。',
    mcp_bad_fields: '參數有誤：',
    mcp_refused: '{message}（代碼 {code}，HTTP {status}）',
    mcp_instructions:
      'COSMAC AI 平台的呼叫作為工具，以登入者的身分和權限執行。標為唯讀的工具不改變任何資料，其餘的會寫入。資源是這些工具所操作實體的 JSON Schema。',
  },
});
