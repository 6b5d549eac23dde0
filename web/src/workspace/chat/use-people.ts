/**
 * Who is who inside one conversation: each sender's shown name, avatar and whether it is an AI
 * member, and the members the composer's @ picker offers. A group names its members from its
 * member list (a sender who left is looked up by profile); a private chat names the other user by
 * profile and the signed-in member by their own info.
 */
import { useEffect, useMemo } from 'react';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import type { ChatMessage, Target } from '../../app/socket';
import type { Directory } from './directory';
import type { MentionCandidate } from './mentions';

export interface Sender {
  name: string;
  avatar?: string;
  ai: boolean;
}

export interface People {
  me: number;
  senderOf(userId: number): Sender;
  /** The shown name of a user when known (mentions). */
  nameOf(userId: number): string | undefined;
  candidates: MentionCandidate[];
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

export function usePeople(dir: Directory | null, target: Target, messages: readonly ChatMessage[]): People {
  const { t } = useI18n();
  const user = useAuth().user;
  const me = user?.id ?? 0;
  const groupId = target.toType === 1 ? target.toId : null;
  const members = groupId !== null ? dir?.members(groupId) : undefined;
  const version = dir?.version() ?? 0;

  // Senders the member list does not hold (they left, or joined since it loaded).
  const missing = useMemo(() => {
    if (groupId === null || !members || !dir) return [];
    const ids = new Set<number>();
    for (const m of messages) {
      const id = Number(m.fromId);
      if (id !== me && !dir.member(groupId, id) && dir.user(id) === undefined) ids.add(id);
    }
    return [...ids];
  }, [groupId, members, messages, dir, me, version]); // version: the directory learnt something
  useEffect(() => {
    if (!dir || groupId === null) return;
    for (const id of missing) void dir.ensureUser(id);
  }, [dir, groupId, missing]);

  return useMemo(() => {
    const mine: Sender = { name: str(user?.nickName) ?? str(user?.name) ?? t('wsChat.userName', { id: me }), avatar: str(user?.headImg), ai: false };
    const nameOf = (id: number): string | undefined => {
      if (groupId !== null) {
        const m = dir?.member(groupId, id);
        if (m?.name) return m.name;
      }
      if (id === me) return mine.name;
      return dir?.user(id)?.name || undefined;
    };
    const senderOf = (id: number): Sender => {
      const m = groupId !== null ? dir?.member(groupId, id) : undefined;
      if (m) return { name: m.name || t('wsChat.userName', { id }), avatar: m.avatar, ai: m.ai };
      if (id === me) return mine;
      const p = dir?.user(id);
      return { name: p?.name || t('wsChat.userName', { id }), avatar: p?.avatar, ai: false };
    };
    const candidates: MentionCandidate[] = (members ?? []).map((m) => ({ userId: m.id, name: m.name, ai: m.ai }));
    return { me, senderOf, nameOf, candidates };
  }, [dir, groupId, members, me, user, t, version]);
}
