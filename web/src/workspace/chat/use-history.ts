/**
 * A conversation's history pages (`message/messageList`) into the chat store: the newest page when
 * the conversation opens, then one older page (`beforeSeq`: the lowest seq held) each time the
 * reader reaches the top, until the server says `hasMore: false`.
 *
 * Decisions the spec leaves open:
 * - An answer for a conversation that is no longer shown is still merged (it is right data) but
 *   changes no loading state of the new one.
 * - A failed page (the http client has shown the message) leaves `hasMore` as it was: scrolling to
 *   the top again asks again; a failed first page offers a retry.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { calls } from '../../app/data';
import type { ChatStore } from './chat-store';
import type { ChatMessage, Target } from '../../app/socket';

export const PAGE_SIZE = 50;

interface Page {
  list: ChatMessage[];
  hasMore: boolean;
  /** The conversation's change number when the page was read. */
  lastChange?: number;
}

export interface History {
  /** The first page is on its way. */
  loading: boolean;
  /** The first page failed. */
  failed: boolean;
  loadingOlder: boolean;
  hasMore: boolean;
  loadOlder(lowestSeq: number | undefined): void;
  reload(): void;
}

function fetchPage(target: Target, beforeSeq?: number): Promise<Page> {
  const body = { toType: target.toType, toId: target.toId, size: PAGE_SIZE, ...(beforeSeq ? { beforeSeq } : {}) };
  return calls.base.message.messageList(body) as Promise<Page>;
}

export function useHistory(chat: ChatStore | null, target: Target): History {
  const key = `${target.toType}-${target.toId}`;
  const keyRef = useRef(key);
  keyRef.current = key;
  const [state, setState] = useState({ key, loading: true, failed: false, loadingOlder: false, hasMore: false });
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);

  useEffect(() => {
    if (!chat) return;
    const t: Target = { toType: target.toType, toId: target.toId };
    setState({ key, loading: true, failed: false, loadingOlder: false, hasMore: false });
    busy.current = true;
    fetchPage(t)
      .then((page) => {
        chat.addHistory(t, page.list ?? []);
        if (typeof page.lastChange === 'number') chat.knowChange(t, page.lastChange);
        if (keyRef.current === key) setState((s) => ({ ...s, loading: false, hasMore: !!page.hasMore && (page.list?.length ?? 0) > 0 }));
      })
      .catch(() => {
        if (keyRef.current === key) setState((s) => ({ ...s, loading: false, failed: true }));
      })
      .finally(() => {
        if (keyRef.current === key) busy.current = false;
      });
  }, [chat, key, attempt]); // key holds the target's fields

  const loadOlder = useCallback(
    (lowestSeq: number | undefined) => {
      if (!chat || busy.current || !lowestSeq || lowestSeq <= 1) {
        if (lowestSeq !== undefined && lowestSeq <= 1) setState((s) => (s.hasMore ? { ...s, hasMore: false } : s));
        return;
      }
      const t: Target = { toType: target.toType, toId: target.toId };
      const k = key;
      busy.current = true;
      setState((s) => ({ ...s, loadingOlder: true }));
      fetchPage(t, lowestSeq)
        .then((page) => {
          chat.addHistory(t, page.list ?? []);
          if (keyRef.current === k) setState((s) => ({ ...s, loadingOlder: false, hasMore: !!page.hasMore && (page.list?.length ?? 0) > 0 }));
        })
        .catch(() => {
          if (keyRef.current === k) setState((s) => ({ ...s, loadingOlder: false }));
        })
        .finally(() => {
          if (keyRef.current === k) busy.current = false;
        });
    },
    [chat, key, target.toType, target.toId],
  );

  const current = state.key === key ? state : { key, loading: true, failed: false, loadingOlder: false, hasMore: false };
  return {
    loading: current.loading,
    failed: current.failed,
    loadingOlder: current.loadingOlder,
    hasMore: current.hasMore,
    loadOlder,
    reload: () => setAttempt((n) => n + 1),
  };
}
