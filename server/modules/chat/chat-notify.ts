/**
 * Notifications the chat writes (mentions, team notices), each titled in its receiver's interface
 * language (sys/user.language; English when unset), in the transaction of the message they are
 * about. The receivers' languages are read before that transaction opens (on SQLite a read outside
 * the transaction would wait for it).
 */
import { type Lang } from '../../core/api';
import type { Core, OpTransaction } from '../../core/api';
import { notifyUsers, type NotifyType } from '../workspace/notify/notify.service';
import { usersBrief } from './chat.queries';
import { memberLang } from '../system/member-language';

const EXCERPT_CHARS = 200;

/** What a notification shows of a message: its text (a string, or `content.text`), else its JSON, cut short. */
export function excerpt(content: unknown): string {
  const text =
    typeof content === 'string'
      ? content
      : typeof content === 'object' && content !== null && typeof (content as { text?: unknown }).text === 'string'
        ? (content as { text: string }).text
        : (JSON.stringify(content) ?? '');
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}

/** Receivers (minus the sender) by interface language, and the sender's display name. */
export interface Audience {
  byLang: Map<Lang, number[]>;
  senderName: string;
}

/** Reads who gets a notification, before the transaction. */
export async function audienceOf(core: Core, fromId: number, toIds: number[]): Promise<Audience> {
  const to = [...new Set(toIds)].filter((id) => id !== fromId);
  const brief = await usersBrief(core, [fromId, ...to]);
  const byLang = new Map<Lang, number[]>();
  for (const id of to) {
    const lang = memberLang(brief.get(id));
    byLang.set(lang, [...(byLang.get(lang) ?? []), id]);
  }
  return { byLang, senderName: brief.get(fromId)?.name ?? `#${fromId}` };
}

export interface ChatNotification {
  type: NotifyType;
  fromId: number;
  /** The title in one language. */
  title(lang: Lang): string;
  content: string;
  /** The group the message went to. */
  groupId?: number | null;
  /** The stored message (mentions): its recall blanks the notification's excerpt. */
  messageId?: number | null;
}

/** Writes the notifications inside `t`, one title per receiver language; delivered after the commit. */
export async function notifyAudience(core: Core, t: OpTransaction, audience: Audience, n: ChatNotification): Promise<void> {
  for (const [lang, toIds] of audience.byLang) {
    await notifyUsers(core, t, {
      toIds,
      type: n.type,
      title: n.title(lang),
      content: n.content,
      fromId: n.fromId,
      groupId: n.groupId ?? null,
      messageId: n.messageId ?? null,
    });
  }
}
