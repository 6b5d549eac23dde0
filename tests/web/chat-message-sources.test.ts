import { describe, expect, it } from 'vitest';
import { sourcesOf } from '../../web/src/workspace/chat/message-sources';

describe("an AI answer's sources", () => {
  it('reads the well-formed sources of the content and nothing else', () => {
    const content = {
      text: 'Friday [1], see also [2].',
      sources: [
        { n: 1, kind: 'file', fileId: 9, docId: 3, name: 'brief.pdf', place: 'p. 1' },
        { n: 2, kind: 'message', messageId: 41, seq: 7 },
        { n: 3, kind: 'file' },
        { kind: 'message', seq: 2 },
        'junk',
      ],
    };
    expect(sourcesOf(content)).toEqual([
      { n: 1, kind: 'file', fileId: 9, docId: 3, name: 'brief.pdf', place: 'p. 1' },
      { n: 2, kind: 'message', messageId: 41, seq: 7 },
    ]);
    expect(sourcesOf({ text: 'no sources' })).toEqual([]);
    expect(sourcesOf('text')).toEqual([]);
    expect(sourcesOf(null)).toEqual([]);
    expect(sourcesOf({ sources: 'x' })).toEqual([]);
  });
});
