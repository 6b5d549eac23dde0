/**
 * The rows of a message list: a day separator where the local day changes, and each message marked
 * `head` when it starts a run (a new sender, a pause, a notice), so a run shows the sender's avatar
 * and name once.
 *
 * Decisions the spec leaves open:
 * - A run ends after 5 minutes without a message from the same sender.
 * - A team notice (type 9) is a card of its own: it never joins a run, and the message after it
 *   starts a new one.
 * - A message without a readable time joins the run before it and starts no new day.
 */
import type { ChatMessage } from '../../app/socket';
import { dayStart, NOTICE_TYPE, timeOf } from './chat-format';

export const RUN_GAP_MS = 5 * 60_000;

export type ListRow = { kind: 'day'; key: string; day: number } | { kind: 'message'; key: string; message: ChatMessage; head: boolean };

export function isNotice(m: Pick<ChatMessage, 'type'>): boolean {
  return Number(m.type) === NOTICE_TYPE;
}

export function groupMessages(messages: readonly ChatMessage[], gapMs = RUN_GAP_MS): ListRow[] {
  const rows: ListRow[] = [];
  let prev: ChatMessage | null = null;
  let prevTime: number | null = null;
  let day: number | null = null;
  for (const m of messages) {
    const time = timeOf(m.createTime);
    let newDay = false;
    if (time !== null) {
      const d = dayStart(time);
      if (d !== day) {
        day = d;
        newDay = true;
        rows.push({ kind: 'day', key: `day-${d}`, day: d });
      }
    }
    const pause = time !== null && prevTime !== null && time - prevTime > gapMs;
    const head = !prev || newDay || pause || isNotice(m) || isNotice(prev) || Number(prev.fromId) !== Number(m.fromId);
    rows.push({ kind: 'message', key: `m-${m.seq}`, message: m, head });
    prev = m;
    if (time !== null) prevTime = time;
  }
  return rows;
}
