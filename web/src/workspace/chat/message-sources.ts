/** The sources an AI answer's content carries (`content.sources`), read for MessageSources.tsx. Pure. */

/** A source as the server stores it with the answer (server/modules/ai/knowledge/retrieve.ts citationsOf). */
export interface AnswerSource {
  n: number;
  kind: 'file' | 'message';
  fileId?: number;
  docId?: number;
  name?: string;
  place?: string;
  messageId?: number;
  seq?: number;
}

const isSource = (v: unknown): v is AnswerSource => {
  if (!v || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  if (typeof s.n !== 'number') return false;
  return (s.kind === 'file' && typeof s.fileId === 'number') || (s.kind === 'message' && typeof s.seq === 'number');
};

/** The well-formed sources of a message's content (none when it has no `sources` list). */
export function sourcesOf(content: unknown): AnswerSource[] {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return [];
  const list = (content as { sources?: unknown }).sources;
  return Array.isArray(list) ? list.filter(isSource) : [];
}
