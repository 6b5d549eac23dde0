/**
 * The chat view's way to the AI runs' parts (chat-parts.ts): loaded apart, starting as soon as the
 * chat view's own code runs, so that nothing of them is in the chunks the workspace's first page
 * (/workbench) loads or lists for preloading. Until they are in (one short request, in parallel
 * with the conversation's history), run messages show as plain messages and the composer has no
 * run button.
 *
 *   const runs = useChatRuns();          // null until loaded
 *   runs && <runs.RunAppButton target={target} />
 *
 * Only types are imported here: a value import would pull the parts into the chat's own chunk.
 */
import { useEffect, useState } from 'react';
import type * as Parts from './chat-parts';

export type ChatRuns = typeof Parts;

let loaded: ChatRuns | null = null;
let loading: Promise<ChatRuns> | null = null;

export function loadChatRuns(): Promise<ChatRuns> {
  loading ??= import('./chat-parts').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null; // a failed chunk (a deploy, the network) is asked for again by the next screen
      throw err;
    },
  );
  return loading;
}

void loadChatRuns().catch(() => undefined);

/** The run parts, once loaded (at once on every later mount). */
export function useChatRuns(): ChatRuns | null {
  const [parts, setParts] = useState(loaded);
  useEffect(() => {
    if (parts) return;
    let live = true;
    loadChatRuns().then(
      (m) => live && setParts(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [parts]);
  return parts;
}
