/** Tool names of AI members' tools and the entries of their `config.tools` (server/modules/ai/tools/tool-names.ts). */
import { describe, expect, it } from 'vitest';
import { mcpToolName, patternMatches, platformToolName, safeToolName, selected, TOOL_NAME, toolPatterns } from '../../server/modules/ai/tools/tool-names';

describe('tool names', () => {
  it('names a platform call by its path under /admin, slashes as underscores', () => {
    expect(platformToolName('/admin/goods/order/myOrders')).toBe('goods_order_myOrders');
    expect(platformToolName('/admin/base/sys/user/page')).toBe('base_sys_user_page');
  });

  it('names an MCP tool by its server and its own name, other characters made safe', () => {
    expect(mcpToolName(3, 'get-sum')).toBe('mcp_3_get-sum');
    expect(mcpToolName(12, 'files.read/all')).toBe('mcp_12_files_read_all');
  });

  it('keeps every name within 64 safe characters, two long names apart', () => {
    const a = safeToolName(`${'x'.repeat(70)}_one`);
    const b = safeToolName(`${'x'.repeat(70)}_two`);
    expect(a).toMatch(TOOL_NAME);
    expect(b).toMatch(TOOL_NAME);
    expect(a).not.toBe(b);
    expect(safeToolName('中文工具')).toMatch(TOOL_NAME);
  });

  it('matches a name exactly, or by a prefix ending in *', () => {
    expect(patternMatches('goods_order_myOrders', 'goods_order_myOrders')).toBe(true);
    expect(patternMatches('goods_order_myOrders', 'goods_order_myOrdersX')).toBe(false);
    expect(patternMatches('goods_order_*', 'goods_order_place')).toBe(true);
    expect(patternMatches('goods_order_*', 'goods_info_page')).toBe(false);
    expect(selected(['*'], 'anything')).toBe(true);
    expect(selected([], 'anything')).toBe(false);
  });

  it('reads only string entries that look like patterns from a stored config', () => {
    expect(toolPatterns(['a_b', 'c_*', 3, '', 'bad name', null])).toEqual(['a_b', 'c_*']);
    expect(toolPatterns('a_b')).toEqual([]);
    expect(toolPatterns(undefined)).toEqual([]);
  });
});
