/**
 * What the chat panel reads beside the messages: a group's read marks ("seen by N" under the
 * member's last message) and a conversation's pinned messages.
 *
 * Decisions the issue leaves open:
 * - Read marks of a group are not pushed (one per member per message would flood big groups): they
 *   are read when the conversation opens and again a moment after each new message, at most every
 *   READERS_EVERY_MS.
 * - Pins are read when the conversation opens and again after a pin, unpin or recall notice of it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { calls } from '../../app/data';
import type { ChatMessage, MessageChange, Target } from '../../app/socket';
import { useNotice } from '../realtime';
import { keyOf, targetOfMessage } from './chat-conversation';

const READERS_EVERY_MS = 4000;

export interface Reader {
  userId: number;
  seq: number;
}

/** Read marks of a group conversation (empty for a private chat, whose receipts come live). */
export function useReaders(target: Target, lastSeq: number | undefined): readonly Reader[] {
  const [readers, setReaders] = useState<readonly Reader[]>([]);
  const last = useRef(0);
  const key = keyOf(target);
  useEffect(() => setReaders([]), [key]);
  useEffect(() => {
    if (target.toType !== 1) return;
    const wait = Math.max(0, last.current + READERS_EVERY_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      (calls.base.message.readers({ toType: 1, toId: target.toId }, { silent: true }) as Promise<Reader[]>).then(
        (list) => setReaders(Array.isArray(list) ? list : []),
        () => undefined,
      );
    }, wait);
    return () => clearTimeout(timer);
  }, [key, lastSeq]); // key holds the target's fields
  return readers;
}

/** How many others read up to `m` (its sender left out). */
export function seenCount(readers: readonly Reader[], m: ChatMessage): number {
  return readers.filter((r) => r.userId !== Number(m.fromId) && r.seq >= m.seq).length;
}

/** The pinned messages of a conversation, newest pin first; `reload` after the member pinned one. */
export function usePins(target: Target, me: number): { pins: readonly ChatMessage[]; reload: () => void } {
  const [pins, setPins] = useState<readonly ChatMessage[]>([]);
  const [round, setRound] = useState(0);
  const key = keyOf(target);
  useEffect(() => {
    let live = true;
    (calls.base.message.pins({ toType: target.toType, toId: target.toId }, { silent: true }) as Promise<ChatMessage[]>).then(
      (list) => live && setPins(Array.isArray(list) ? list : []),
      () => live && setPins([]),
    );
    return () => {
      live = false;
    };
  }, [key, round]); // key holds the target's fields
  const onChange = useCallback(
    (c: MessageChange) => {
      if (!['pin', 'unpin', 'recall', 'edit'].includes(c.kind)) return;
      if (keyOf(targetOfMessage(c.message, me)) !== key) return;
      if (c.kind === 'edit' && !c.message.pinTime) return;
      setRound((n) => n + 1);
    },
    [key, me],
  );
  useNotice('change', onChange);
  return { pins, reload: () => setRound((n) => n + 1) };
}
