/**
 * One AI reply at a time per conversation, per process: the work for a conversation waits in its
 * queue and runs in the order it came, so AI members answer one after the other and each sees the
 * replies before its own. Other conversations run alongside.
 *
 * Work starts on a later turn of the event loop than the one that queued it, so the send that
 * queued it has answered its sender (HTTP answer, socket ack) before any AI work begins. A failed
 * piece of work is logged and the queue goes on. Nothing here is shared between instances: replies
 * asked on two instances for one conversation may run at once (each is paid and capped alike), and
 * a reply a crashed process left running is ended by its run's deadline (ai.runWatchdog).
 */
import type { Core } from '../../core/api';

export type Work = () => Promise<void>;

interface Queues {
  byConversation: Map<string, Work[]>;
  /** The drains under way, for `aiRepliesDone`. */
  running: Set<Promise<void>>;
}

const perCore = new WeakMap<Core, Queues>();

function queuesOf(core: Core): Queues {
  let q = perCore.get(core);
  if (!q) perCore.set(core, (q = { byConversation: new Map(), running: new Set() }));
  return q;
}

async function drain(queue: Work[], key: string, q: Queues): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  for (let work = queue.shift(); work; work = queue.shift()) {
    try {
      await work();
    } catch (err) {
      console.error(`[ai] a reply in ${key} failed: ${(err as Error).message}`);
    }
  }
  q.byConversation.delete(key);
}

/** Queues `work` behind the conversation's earlier work. */
export function enqueueReply(core: Core, conversation: string, work: Work): void {
  const q = queuesOf(core);
  const waiting = q.byConversation.get(conversation);
  if (waiting) {
    waiting.push(work);
    return;
  }
  const queue = [work];
  q.byConversation.set(conversation, queue);
  const running = drain(queue, conversation, q);
  q.running.add(running);
  void running.finally(() => q.running.delete(running));
}

/** Resolves once no AI reply work is queued or running in this process (tests, a stopping server). */
export async function aiRepliesDone(core: Core): Promise<void> {
  const q = perCore.get(core);
  while (q && q.running.size) await Promise.allSettled([...q.running]);
}
