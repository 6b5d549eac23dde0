/**
 * Team notices: the clientId rule that makes a retry safe, and which messages of the team chat are
 * notices (message type 9).
 *
 * A draft keeps its clientId while its text stays the same, so sending it again after a failure
 * (a timeout whose notice was in fact stored, say) gives the stored notice back instead of a second
 * one. Changing the text makes it a different notice with a new id; a success clears the draft.
 */
export const NOTICE_MESSAGE_TYPE = 9;
/** The most characters a notice takes here (the server's limit is 10,000 of JSON). */
export const NOTICE_MAX = 2000;

export interface NoticeAttempt {
  content: string;
  clientId: string;
}

/** The attempt to send for `content`: the previous one again when its text is unchanged. */
export function noticeAttempt(prev: NoticeAttempt | null, content: string, newId: () => string): NoticeAttempt {
  const text = content.trim();
  if (prev && prev.content === text) return prev;
  return { content: text, clientId: newId() };
}

export interface NoticeMessage {
  id: number;
  fromId: number;
  type?: number | null;
  content: unknown;
  seq: number;
  createTime?: string;
}

/** The notices among `list`, newest first, at most `limit`. */
export function noticesOf<M extends NoticeMessage>(list: readonly M[], limit = 5): M[] {
  return list
    .filter((m) => Number(m.type) === NOTICE_MESSAGE_TYPE)
    .sort((a, b) => b.seq - a.seq)
    .slice(0, limit);
}

/** A message's content as text (a notice is a string; anything else is shown as JSON). */
export function noticeText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object' && typeof (content as { text?: unknown }).text === 'string') return (content as { text: string }).text;
  return content == null ? '' : JSON.stringify(content);
}
