/** Tool calls assembled from their streamed fragments (server/adapters/llm-stream.ts ToolCallAssembly), as OpenAI sends them. */
import { describe, expect, it } from 'vitest';
import { ToolCallAssembly } from '../../server/adapters/llm-stream';

describe('tool call assembly', () => {
  it('joins the argument pieces of each call by index, in index order', () => {
    const a = new ToolCallAssembly();
    a.push([{ index: 0, id: 'call_a', type: 'function', function: { name: 'goods_order_myOrders', arguments: '' } }]);
    a.push([{ index: 0, function: { arguments: '{"pa' } }]);
    a.push([{ index: 1, id: 'call_b', type: 'function', function: { name: 'echo', arguments: '{"mess' } }]);
    a.push([{ index: 0, function: { arguments: 'ge":1}' } }]);
    a.push([{ index: 1, function: { arguments: 'age":"hi"}' } }]);
    expect(a.calls()).toEqual([
      { id: 'call_a', name: 'goods_order_myOrders', arguments: '{"page":1}' },
      { id: 'call_b', name: 'echo', arguments: '{"message":"hi"}' },
    ]);
  });

  it('reads a whole call sent at once, without index or id', () => {
    const a = new ToolCallAssembly();
    a.push([{ function: { name: 'one', arguments: '{}' } }, { function: { name: 'two', arguments: '{"x":2}' } }]);
    expect(a.calls()).toEqual([
      { id: 'call_0', name: 'one', arguments: '{}' },
      { id: 'call_1', name: 'two', arguments: '{"x":2}' },
    ]);
  });

  it('leaves out a call that never got a name', () => {
    const a = new ToolCallAssembly();
    a.push([{ index: 0, function: { arguments: '{}' } }]);
    expect(a.calls()).toEqual([]);
    expect(a.size).toBe(1);
  });
});
