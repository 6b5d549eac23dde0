/** What the chat shows of an AI member's tool calls (web/src/workspace/chat/tool-calls.ts). */
import { describe, expect, it } from 'vitest';
import { isTruncated, prettyJson, proposalState, toolOptions } from '../../web/src/workspace/chat/tool-calls';

describe("an AI member's tool calls in the chat", () => {
  it('shows inputs and results as indented JSON', () => {
    expect(prettyJson({ name: 'Desk' })).toBe('{\n  "name": "Desk"\n}');
    expect(prettyJson(undefined)).toBe('null');
  });

  it("recognises the server's cut of a long result", () => {
    expect(isTruncated({ truncated: true, totalChars: 20000, text: '{"list":[' })).toBe(true);
    expect(isTruncated({ list: [] })).toBe(false);
    expect(isTruncated('text')).toBe(false);
  });

  it('reads the state the server names, an unknown one as failed', () => {
    expect(proposalState('done')).toBe('done');
    expect(proposalState('cancelled')).toBe('cancelled');
    expect(proposalState('exploded')).toBe('failed');
  });

  it('offers every tool of the catalogue and keeps a saved prefix or a removed tool visible', () => {
    const catalogue = [
      { name: 'base_desktop_add', effect: 'write', description: 'Add Desktop', source: 'platform' },
      { name: 'mcp_3_echo', effect: 'read', description: 'Echoes back', source: 'mcp' },
    ];
    const options = toolOptions(catalogue, ['goods_order_*', 'mcp_3_echo']);
    expect(options.map((o) => [o.value, o.writes, o.mcp])).toEqual([
      ['goods_order_*', false, false],
      ['base_desktop_add', true, false],
      ['mcp_3_echo', false, true],
    ]);
  });
});
