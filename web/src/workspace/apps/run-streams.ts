/**
 * The live answers of AI runs over the realtime connection: every `delta` notice is added to its
 * run's stream, and the stored final message (a `message` notice of type 21 or 22 naming the run)
 * ends it. Framework-free; the chat view and the run dialog read it through use-run-streams.ts.
 *
 *   const streams = createRunStreams(realtime);
 *   streams.stream(42)?.text          // the answer so far
 *   streams.final(42)                  // the stored answer (or error) message once it came
 *   streams.inConversation('g:7')      // the runs still answering there
 *
 * Decisions the contract leaves open:
 * - The store starts listening when the chat view or a run dialog first loads it (not with the
 *   workspace's first page, which must stay small); deltas sent before that are not seen, and a
 *   stream that starts late shows a gap first (run-stream-model.ts).
 * - Final messages of the last FINISHED_KEPT runs are kept: a run's deltas and even its final
 *   message can come over the socket before the run call's own HTTP answer has named the run.
 * - A stream with no delta for STALE_MS is dropped (its final message was lost to a disconnect;
 *   the chat's sync brings the stored message anyway).
 * - Signing out (the socket offline for want of a token) forgets everything.
 */
import type { ChatMessage, Realtime } from '../../app/socket';
import { finalRunOf, readDelta, readPhase, readStart, StreamAccumulator, type DeltaStart, type ReplyPhase, type StreamView } from './run-stream-model';

export const FINISHED_KEPT = 100;
export const STALE_MS = 15 * 60_000;

/** A live answer, as a screen reads it (a new object whenever it changed). */
export interface RunStream extends StreamView {
  runId: number;
  conversation: string;
  /** The AI member answering; absent for an app run. */
  fromId?: number;
  /** What it is doing before its text comes, and the tool it calls. */
  phase?: ReplyPhase;
  tool?: string;
  /** An AI member's reply: its chain and the member who asked (who may stop it). */
  chainId?: number;
  payerId?: number;
  startedAt: number;
  updatedAt: number;
}

export interface RunStreams {
  stream(runId: number): RunStream | null;
  /** The stored message that ended the run (answer or error), once known. */
  final(runId: number): ChatMessage | null;
  /** Runs still answering in a conversation (server key), oldest first; the same array while nothing there changed. */
  inConversation(conversation: string): readonly RunStream[];
  subscribe(fn: () => void): () => void;
  clear(): void;
  dispose(): void;
}

interface Live {
  acc: StreamAccumulator;
  view: RunStream;
}

const EMPTY: readonly RunStream[] = [];

export function createRunStreams(realtime: Pick<Realtime, 'onNotice' | 'subscribe'>, opts: { now?: () => number } = {}): RunStreams {
  const now = opts.now ?? Date.now;
  const live = new Map<number, Live>();
  const finished = new Map<number, ChatMessage>();
  const byConversation = new Map<string, readonly RunStream[]>();
  const listeners = new Set<() => void>();

  const changed = () => {
    for (const fn of [...listeners]) fn();
  };

  /** Rebuilds the cached list of one conversation (after one of its streams changed). */
  function relist(conversation: string): void {
    const list = [...live.values()].filter((l) => l.view.conversation === conversation).map((l) => l.view);
    if (list.length) byConversation.set(conversation, list);
    else byConversation.delete(conversation);
  }

  function dropStale(at: number): void {
    for (const [runId, l] of live) {
      if (at - l.view.updatedAt <= STALE_MS) continue;
      live.delete(runId);
      relist(l.view.conversation);
    }
  }

  /** The run's live entry, made on its first notice; null when the notice names another conversation. */
  function entry(d: Omit<DeltaStart, 'phase'> & { phase?: ReplyPhase }, at: number): { l: Live; made: boolean } | null {
    const l = live.get(d.runId);
    if (l) return l.view.conversation === d.conversation ? { l, made: false } : null; // a run never changes conversation
    dropStale(at);
    const acc = new StreamAccumulator();
    const made = {
      acc,
      view: {
        runId: d.runId,
        conversation: d.conversation,
        ...(d.fromId ? { fromId: d.fromId } : {}),
        ...(d.phase ? { phase: d.phase } : {}),
        ...(d.tool ? { tool: d.tool } : {}),
        ...(d.chainId ? { chainId: d.chainId } : {}),
        ...(d.payerId ? { payerId: d.payerId } : {}),
        startedAt: at,
        updatedAt: at,
        ...acc.view(),
      },
    };
    live.set(d.runId, made);
    return { l: made, made: true };
  }

  function onDelta(data: unknown): void {
    const start = readStart(data);
    if (start) {
      if (finished.has(start.runId)) return;
      if (entry(start, now())?.made) {
        relist(start.conversation);
        changed();
      }
      return;
    }
    const p = readPhase(data);
    if (p) {
      const l = live.get(p.runId);
      if (!l || l.view.conversation !== p.conversation) return;
      l.view = { ...l.view, phase: p.phase, tool: p.tool, updatedAt: now() };
      relist(p.conversation);
      changed();
      return;
    }
    const d = readDelta(data);
    if (!d || finished.has(d.runId)) return;
    const at = now();
    const found = entry(d, at);
    if (!found) return;
    const { l } = found;
    if (!l.acc.add(d.index, d.text)) return;
    l.view = { ...l.view, ...l.acc.view(), updatedAt: at };
    relist(d.conversation);
    changed();
  }

  function onMessage(m: ChatMessage): void {
    const fin = m ? finalRunOf(m) : null;
    if (!fin || finished.has(fin.runId)) return;
    finished.set(fin.runId, m);
    if (finished.size > FINISHED_KEPT) finished.delete(finished.keys().next().value as number);
    const l = live.get(fin.runId);
    if (l) {
      live.delete(fin.runId);
      relist(l.view.conversation);
    }
    changed();
  }

  function clear(): void {
    if (!live.size && !finished.size) return;
    live.clear();
    finished.clear();
    byConversation.clear();
    changed();
  }

  const offs = [
    realtime.onNotice('delta', onDelta),
    realtime.onNotice('message', onMessage),
    realtime.subscribe((s) => {
      if (s.state === 'offline' && s.reason === 'noToken') clear();
    }),
  ];

  return {
    stream: (runId) => live.get(runId)?.view ?? null,
    final: (runId) => finished.get(runId) ?? null,
    inConversation: (conversation) => byConversation.get(conversation) ?? EMPTY,
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    clear,
    dispose() {
      for (const off of offs) off();
      listeners.clear();
    },
  };
}
