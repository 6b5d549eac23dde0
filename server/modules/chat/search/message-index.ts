/**
 * Keeps the chat's messages in the search index (search-index.ts, source `message`, scope the
 * conversation key): a stored message is indexed, an edited one indexed again, a recalled one
 * removed; and on start the messages stored before (an install from before search, or ones a
 * failed write missed) are indexed in the background.
 *
 * Decisions:
 * - Nothing here slows a send: a listener only queues the message (the latest state it was given)
 *   and returns; the queue is written FLUSH_MS later, in one transaction for all that came
 *   meanwhile (MAX_BATCH at most), so a busy chat costs a few writes a second, not one a message;
 *   a message is found a fraction of a second after it is sent. A new message's terms are only
 *   added (nothing to replace). A failed write is logged; the next start's backfill indexes its
 *   messages.
 * - One writer per process and core (`serial`): the backfill's windows run between the queue's
 *   writes, never beside them. A window reads its messages when its turn comes, so an edit
 *   committed before that read is read, and one committed after is queued behind the window.
 * - The backfill covers ids up to the newest at its start (later ones come through the listeners),
 *   window by window (WINDOW ids), skipping messages the index holds already, and keeps the last
 *   id it covered as the index's mark: the next start begins there. Several instances may backfill
 *   at once: they write the same terms, and the (source, sourceId, term) key keeps one of each.
 */
import type { Core } from '../../../core/api';
import type { MessageChanged } from '../message-sent';
import type { StoredMessage } from '../send-store';
import { indexMark, indexTexts, setIndexMark, type IndexedText } from './search-index';
import { messageText } from './message-text';
import { newestMessageId, unindexedMessages } from './message-index.queries';

export const MESSAGE_SOURCE = 'message';
/** How long stored messages wait to be indexed together: a busy chat's sends share one write. */
const FLUSH_MS = 200;
/** Most messages one transaction indexes. */
const MAX_BATCH = 200;
/** Ids one backfill read looks at. */
const WINDOW = 1000;

interface Indexer {
  /** Messages waiting to be written, by id: the latest state given wins. */
  pending: Map<number, IndexedText>;
  /** The planned or running write of the queue, settled when the queue is empty. */
  flushing: Promise<void> | null;
  /** The end of the writer's chain: each piece of work starts after the one before. */
  tail: Promise<void>;
}

const perCore = new WeakMap<Core, Indexer>();

function indexerOf(core: Core): Indexer {
  let x = perCore.get(core);
  if (!x) perCore.set(core, (x = { pending: new Map(), flushing: null, tail: Promise.resolve() }));
  return x;
}

/** Runs `work` after the work queued before it on this core's writer. */
function serial<T>(core: Core, work: () => Promise<T>): Promise<T> {
  const x = indexerOf(core);
  const run = x.tail.then(work);
  x.tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

const entryOf = (m: Pick<StoredMessage, 'id' | 'conversation' | 'type' | 'content' | 'recallTime'>, fresh = false): IndexedText => ({
  source: MESSAGE_SOURCE,
  sourceId: m.id,
  scope: m.conversation,
  text: messageText(m),
  fresh,
});

/** Writes a batch; a batch of new messages that fails (one was indexed already: the backfill met it) is written again as replacements. */
async function write(core: Core, batch: IndexedText[]): Promise<void> {
  try {
    await indexTexts(core, batch);
  } catch (err) {
    if (!batch.some((item) => item.fresh)) throw err;
    await indexTexts(
      core,
      batch.map((item) => ({ ...item, fresh: false })),
    );
  }
}

async function flush(core: Core, x: Indexer): Promise<void> {
  while (x.pending.size) {
    const batch = [...x.pending.values()].slice(0, MAX_BATCH);
    for (const item of batch) x.pending.delete(item.sourceId);
    try {
      await write(core, batch);
    } catch (err) {
      console.error(`[search] ${batch.length} message(s) could not be indexed (the next start indexes them): ${(err as Error).message}`);
    }
  }
}

/** Plans a write of the queue FLUSH_MS from now, unless one is planned or under way. */
function schedule(core: Core, x: Indexer): void {
  if (x.flushing) return;
  x.flushing = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      void serial(core, () => flush(core, x)).finally(() => {
        x.flushing = null;
        resolve();
        // Queued after the write's last look at the queue: written by the next one.
        if (x.pending.size) schedule(core, x);
      });
    }, FLUSH_MS);
    timer.unref?.();
  });
}

/** Queues a message's latest state for the index (its text, or its removal when it has none); `fresh`: just stored. */
function queue(core: Core, m: StoredMessage, fresh: boolean): void {
  const x = indexerOf(core);
  const before = x.pending.get(m.id);
  x.pending.set(m.id, entryOf(m, fresh && (before ? !!before.fresh : true)));
  schedule(core, x);
}

/** Listener of every stored message (message-sent.ts whenMessageStored). */
export function onMessageStored(core: Core, message: StoredMessage): void {
  try {
    queue(core, message, true);
  } catch (err) {
    console.error(`[search] message ${message.id} was not queued for the index: ${(err as Error).message}`);
  }
}

/** Listener of message changes: an edit indexes the new text, a recall removes the message. */
export function onMessageChanged(core: Core, changed: MessageChanged): void {
  if (changed.kind !== 'edit' && changed.kind !== 'recall') return;
  try {
    queue(core, changed.message, false);
  } catch (err) {
    console.error(`[search] message ${changed.message.id} was not queued for the index: ${(err as Error).message}`);
  }
}

/**
 * Indexes the messages up to the newest at the call that the index does not hold yet, from the
 * mark of the last run on, a window at a time; answers how many it indexed. Throws on a failed
 * read or write (the start logs it; the next start goes on from the mark).
 */
export async function backfillMessages(core: Core): Promise<number> {
  const upTo = await newestMessageId(core);
  let from = await indexMark(core, MESSAGE_SOURCE);
  let indexed = 0;
  while (from < upTo) {
    const to = Math.min(upTo, from + WINDOW);
    const start = from;
    indexed += await serial(core, async () => {
      const found = await unindexedMessages(core, start, to);
      for (let i = 0; i < found.length; i += MAX_BATCH)
        await indexTexts(
          core,
          found.slice(i, i + MAX_BATCH).map((m) => entryOf(m)),
        );
      return found.length;
    });
    await setIndexMark(core, MESSAGE_SOURCE, to);
    from = to;
  }
  return indexed;
}

/** Resolves once nothing is queued or being written for this core's index (tests, a stopping server). */
export async function messageIndexIdle(core: Core): Promise<void> {
  const x = perCore.get(core);
  while (x?.flushing) await x.flushing;
  await x?.tail;
}
