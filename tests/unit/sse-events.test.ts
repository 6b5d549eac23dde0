/** The server-sent events reader of the LLM adapter (server/adapters/llm-stream.ts SseEvents). */
import { describe, expect, it } from 'vitest';
import { SseEvents } from '../../server/adapters/llm-stream';

describe('server-sent events read from pieces', () => {
  it('reads events split anywhere, a CRLF split between two pieces included', () => {
    const text = 'data: {"a":1}\r\n\r\ndata: {"b":2}\r\n\r\ndata: [DONE]\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      const r = new SseEvents();
      const got = [...r.push(text.slice(0, cut)), ...r.push(text.slice(cut)), ...r.end()];
      expect(got, `cut at ${cut}`).toEqual([
        { event: null, data: '{"a":1}' },
        { event: null, data: '{"b":2}' },
        { event: null, data: '[DONE]' },
      ]);
    }
  });

  it('joins data lines, keeps the event name, skips comments and other fields, and ends an open event', () => {
    const r = new SseEvents();
    expect(r.push(': keep-alive\n\nid: 7\nretry: 10\nevent: error\ndata: first\ndata:second\n\n')).toEqual([{ event: 'error', data: 'first\nsecond' }]);
    // A blank line with no data dispatches nothing; the event name does not leak into the next one.
    expect(r.push('\n\ndata: x\r')).toEqual([]);
    expect(r.push('data: y')).toEqual([]);
    expect(r.end()).toEqual([{ event: null, data: 'x\ny' }]);
  });
});
