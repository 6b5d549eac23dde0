/**
 * Chains of AI replies as the chat shows them (issue 41): one member's message, the AI members that
 * answered it and those their replies handed over to. Framework-free; ChainLine.tsx reads it.
 *
 *   const chains = createChains(realtime, load);
 *   chains.seen(message)          // an AI reply naming its chain (extraInfo.chain): its thread is read once
 *   chains.byRoot(messageId)      // the chain that message started, once known
 *
 * Decisions the issue leaves open:
 * - A chain is known from its notices (state and steps, as they change) and from its thread
 *   (`ai/chain/thread`: the steps' AI members and, for the asker, their costs), read when the chat
 *   first holds one of its replies and again after each notice, at most one read in flight per chain.
 * - The thread shows under the message that started the chain; a chain whose first message is not
 *   held (an older page) shows nothing until it is.
 */
import type { ChainNotice, ChatMessage, Realtime } from '../../app/socket';

export interface ChainStep {
  runId: number;
  aiUserId: number | null;
  aiName: string | null;
  status: number;
  stopped: boolean;
  answerId: number | null;
  charged: number | null;
}

export interface ChainView extends ChainNotice {
  /** The steps, once the thread was read. */
  runs?: readonly ChainStep[];
  /** The asker (or an administrator) reads the costs. */
  mine?: boolean;
  total?: number | null;
}

export type LoadThread = (id: number) => Promise<(ChainNotice & { runs: ChainStep[]; mine: boolean; total: number | null }) | null>;

export interface Chains {
  byRoot(rootId: number): ChainView | null;
  /** A held message: when it names a chain not yet known, its thread is read. */
  seen(m: ChatMessage): void;
  /** The chain after a change this page made (a stop). */
  put(view: ChainView): void;
  subscribe(fn: () => void): () => void;
  dispose(): void;
}

const positive = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);

/** The chain an AI reply names (`extraInfo.chain`), or null. */
export function chainOfMessage(m: ChatMessage): number | null {
  const extra = m.extraInfo as { chain?: unknown } | null | undefined;
  return extra && typeof extra === 'object' ? positive(extra.chain) : null;
}

export function createChains(realtime: Pick<Realtime, 'onNotice'>, load: LoadThread): Chains {
  const byId = new Map<number, ChainView>();
  const roots = new Map<number, number>();
  const loading = new Set<number>();
  /** Chains whose thread must be read again once the read in flight ends. */
  const stale = new Set<number>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const fn of [...listeners]) fn();
  };

  function put(view: ChainView): void {
    const before = byId.get(view.id);
    byId.set(view.id, { ...before, ...view });
    roots.set(view.rootId, view.id);
    changed();
  }

  function read(id: number): void {
    if (loading.has(id)) {
      stale.add(id);
      return;
    }
    loading.add(id);
    load(id).then(
      (thread) => {
        loading.delete(id);
        if (thread) put(thread);
        if (stale.delete(id)) read(id);
      },
      () => {
        loading.delete(id);
        stale.delete(id);
      },
    );
  }

  const off = realtime.onNotice('chain', (n) => {
    if (!n || !positive(n.id) || !positive(n.rootId)) return;
    put(n);
    read(n.id);
  });

  return {
    byRoot: (rootId) => {
      const id = roots.get(rootId);
      return id === undefined ? null : (byId.get(id) ?? null);
    },
    seen(m) {
      const id = chainOfMessage(m);
      if (id !== null && !byId.has(id) && !loading.has(id)) read(id);
    },
    put,
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    dispose() {
      off();
      listeners.clear();
    },
  };
}
