import { defineEntity, enabledStatus, fail, l } from '../../server/core/api';

/** A header name as HTTP allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/** Whether `text` is a JSON object of header names to text values (what `headers` holds before it is sealed). */
export function headersReadable(text: string): boolean {
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    return Object.entries(v).every(([k, x]) => HEADER_NAME.test(k) && typeof x === 'string' && !/[\r\n]/.test(x));
  } catch {
    return false;
  }
}

export default defineEntity({
  module: 'ai',
  name: 'mcpServer',
  table: 'ai_mcp_server',
  area: 'ai',
  label: l('MCP server', 'MCP 服务器', 'MCP 伺服器'),
  description:
    'An outside MCP server (Streamable HTTP) whose tools AI members may call, registered by an administrator: url, and headers ' +
    '(a JSON object such as {"Authorization": "Bearer …"}, kept sealed: accepted on write, never answered). ai/mcpServer/test ' +
    'connects, lists its tools and stores them in tools, with lastStatus. enabledTools names the tools AI members may be given ' +
    '(null: every listed tool); each is offered as mcp_<id>_<tool name>, a read unless the tool says it is not read-only. ' +
    'Administrators only.',
  fields: {
    name: { type: 'string', length: 100, required: true, nullable: false, unique: true, label: l('Name', '名称', '名稱') },
    url: {
      type: 'string',
      length: 500,
      required: true,
      nullable: false,
      format: 'uri',
      label: l('URL', '地址', '位址'),
      help: l(
        'The Streamable HTTP endpoint, e.g. https://example.com/mcp',
        'Streamable HTTP 端点，如 https://example.com/mcp',
        'Streamable HTTP 端點，如 https://example.com/mcp',
      ),
    },
    headers: {
      type: 'text',
      // Kept sealed with the key that is not in the database (docs/decisions/sealed-secrets.md).
      sealed: true,
      example: '{"Authorization": "Bearer sk-example"}',
      label: l('Headers', '请求头', '請求標頭'),
      help: l(
        'A JSON object, e.g. {"Authorization": "Bearer …"}.',
        'JSON 对象，如 {"Authorization": "Bearer …"}。',
        'JSON 物件，如 {"Authorization": "Bearer …"}。',
      ),
    },
    enabledTools: {
      type: 'json',
      jsonType: 'array',
      items: 'string',
      label: l('Enabled tools', '启用的工具', '啟用的工具'),
      help: l(
        'Tool names AI members may be given; empty: every listed tool.',
        'AI 成员可用的工具名；留空：全部已列出的工具。',
        'AI 成員可用的工具名稱；留空：全部已列出的工具。',
      ),
    },
    tools: { type: 'json', jsonType: 'array', readOnly: true, label: l('Listed tools', '已列出的工具', '已列出的工具') },
    lastStatus: { type: 'string', length: 500, readOnly: true, label: l('Last test', '上次测试', '上次測試') },
    lastTestTime: { type: 'datetime', readOnly: true, label: l('Tested at', '测试时间', '測試時間') },
    remark: { type: 'string', length: 500, label: l('Remark', '备注', '備註') },
    status: enabledStatus(1),
  },
  search: { keyword: ['name', 'url'], equal: ['status'] },
  order: { field: 'id', sort: 'asc' },
  hooks: {
    beforeChange({ data, action }) {
      // An edit that leaves the headers empty keeps the saved ones: the form never shows them to be sent back.
      if (action === 'update' && (data.headers === '' || data.headers === null)) delete data.headers;
      if (typeof data.headers === 'string' && data.headers !== '' && !headersReadable(data.headers)) {
        throw fail.invalid([{ field: 'headers', rule: 'format', params: { format: 'JSON object of header names and text values' } }]);
      }
      if (typeof data.url === 'string') data.url = data.url.trim();
      // A new address or new headers: the tools listed before are no longer known; the next listing tests it again.
      if (action === 'update' && ('url' in data || 'headers' in data)) Object.assign(data, { tools: null, lastTestTime: null, lastStatus: null });
    },
  },
});
