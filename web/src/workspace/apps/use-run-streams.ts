/**
 * The page's one run-stream store (run-streams.ts) on the workspace's realtime connection, and the
 * hooks screens read it with. It is created when this module is first imported (by the chat view
 * or a run dialog), never by the workspace's frame: the first page's JS stays as it was.
 *
 *   const live = useConversationStreams('g:7', held);   // runs answering in group 7
 *   const { stream, final } = useRun(runId);            // one run: live text, then its stored message
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { ChatMessage } from '../../app/socket';
import { realtime } from '../realtime';
import { createRunStreams, type RunStream, type RunStreams } from './run-streams';
import { finalRunOf } from './run-stream-model';

// Listening from the first import on: a run's deltas can come before its run call has answered.
const store: RunStreams = createRunStreams(realtime);

export function runStreams(): RunStreams {
  return store;
}

/** Runs answering in a conversation (server key) whose stored answer the chat does not hold yet. */
export function useConversationStreams(conversation: string, held: readonly ChatMessage[]): readonly RunStream[] {
  const s = runStreams();
  const live = useSyncExternalStore(s.subscribe, () => s.inConversation(conversation));
  return useMemo(() => {
    if (!live.length) return live;
    // The chat may hold the stored answer before the notice reached the stream store (a sync after a reconnect).
    const done = new Set<number>();
    for (const m of held) {
      const fin = finalRunOf(m);
      if (fin) done.add(fin.runId);
    }
    return done.size ? live.filter((r) => !done.has(r.runId)) : live;
  }, [live, held]);
}

/** One run: its live answer while it streams, and the stored message that ended it. */
export function useRun(runId: number | null): { stream: RunStream | null; final: ChatMessage | null } {
  const s = runStreams();
  const stream = useSyncExternalStore(s.subscribe, () => (runId ? s.stream(runId) : null));
  const final = useSyncExternalStore(s.subscribe, () => (runId ? s.final(runId) : null));
  return { stream, final };
}

/** Apps of runs this page started (the deltas do not name the app): a live bubble can show its name. */
const runApps = new Map<number, number>();
const RUN_APPS_KEPT = 100;

export function rememberRunApp(runId: number, appId: number): void {
  runApps.set(runId, appId);
  if (runApps.size > RUN_APPS_KEPT) runApps.delete(runApps.keys().next().value as number);
}

export function runAppOf(runId: number): number | undefined {
  return runApps.get(runId);
}
