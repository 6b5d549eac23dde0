/**
 * Indexes a group's knowledge documents in the background, never in the request that added them:
 * each document's file is read (extract.ts), cut into chunks (chunking.ts) part by part (a PDF page
 * at a time), each chunk stored (ai/knowledgeChunk) with its words in the search index (source
 * `kchunk`, scope `g:{groupId}`) and, when the registry has an embeddings model, its vector; the
 * document's progress is written and told to the group's members (`notice { kind: 'knowledge' }`)
 * after every part.
 *
 * Decisions:
 * - One indexing per document, whatever the instances: a run starts by claiming the document with
 *   a conditional update (from `queued`, or from `indexing` whose hold `leaseUntil` has passed: the
 *   instance that held it stopped), which sets a new `claim`; every part is written in a transaction
 *   that locks the document and goes on only while the claim is still its own, and renews the hold.
 *   A run that finds the document removed or taken removes nothing of the other's and stops; a
 *   removal deletes what was written (docs.ts).
 * - Resumable: a document left `indexing` by a stopped process is taken up again once its hold has
 *   passed (at the next start, or the next time any document is queued on any instance), from the
 *   start: the chunks it had are removed first.
 * - Limits (KNOWLEDGE_LIMITS): files above maxFileBytes fail as `too_large`; a document gives at
 *   most maxChunks chunks (the rest is not indexed: `too_many_chunks`, still `ready`). A file no
 *   reader takes is `unsupported`; one with no text (a scanned PDF) fails as `empty`, one that
 *   cannot be read as `unreadable`, a file row gone as `missing`.
 * - A failed embeddings request leaves that document's chunks without vectors (found by their
 *   words alone) and is logged; the indexing goes on.
 */
import { randomBytes } from 'node:crypto';
import { SYSTEM, and, eq, lt, or, type Core } from '../../../core/api';
import { localStorageFor, storageFor } from '../../files/storage.service';
import { indexTexts } from '../../chat/search/search-index';
import { chunkBlocks } from './chunking';
import { chunksOf, docsOf, KNOWLEDGE_SOURCE, knowledgeScope, noticeDoc, onDocQueued, purgeChunks, type KnowledgeDoc } from './docs';
import { embedderFor, type Embedder } from './embedder';
import { kindOf, openText, type OpenedText } from './extract';
import { waitingDocIds } from './knowledge.queries';
import { vectorText } from './vectors';

export const KNOWLEDGE_LIMITS = {
  /** The largest file indexed, in bytes. */
  maxFileBytes: 20 * 1024 * 1024,
  /** The most chunks one document gives. */
  maxChunks: 2000,
  /** How long a claim holds without a part written, in seconds. */
  leaseSeconds: 120,
  /** Texts per embeddings request. */
  embedBatch: 32,
} as const;

/** A datetime as stored (UTC text), `ms` from now. */
const storedIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 23).replace('T', ' ');

class Lost extends Error {}

/**
 * Claims document `docId` for an indexing run; answers the claim, or null when it is not free
 * (indexed, failed, or held by a run whose hold has not passed). Exactly one of concurrent callers wins.
 */
export async function claimDoc(core: Core, docId: number): Promise<string | null> {
  const claim = randomBytes(12).toString('hex');
  const free = or(eq('state', 'queued'), and(eq('state', 'indexing'), lt('leaseUntil', storedIn(0))));
  const n = await core.ops.transaction(SYSTEM, (t) =>
    t.updateWhere(docsOf(core), and(eq('id', docId), free), {
      state: 'indexing',
      progress: 0,
      chunkCount: 0,
      error: null,
      claim,
      leaseUntil: new Date(Date.now() + KNOWLEDGE_LIMITS.leaseSeconds * 1000).toISOString(),
    }),
  );
  return n === 1 ? claim : null;
}

/** The documents waiting for a run: queued, or left indexing past their hold; oldest first. */
async function waiting(core: Core, limit: number): Promise<number[]> {
  return waitingDocIds(core, storedIn(0), limit);
}

/** The file's bytes, at most `max` (null when the file is larger or gone). */
async function fileBytes(core: Core, key: string, max: number): Promise<Buffer | 'too_large' | null> {
  const local = localStorageFor(core);
  const store = (await local.head(key)) ? local : storageFor(core);
  const file = await store.get(key);
  if (!file) return null;
  if (file.size > max) {
    file.stream.destroy();
    return 'too_large';
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const piece of file.stream) {
    size += (piece as Buffer).length;
    if (size > max) {
      file.stream.destroy();
      return 'too_large';
    }
    parts.push(piece as Buffer);
  }
  return Buffer.concat(parts);
}

/** Writes the run's change of the document, if the claim is still its own (else throws Lost). */
async function writeIfHeld(core: Core, docId: number, claim: string, changes: Partial<KnowledgeDoc>, within?: () => Promise<void>): Promise<void> {
  await core.ops.transaction(SYSTEM, async (t) => {
    const [doc] = await t.lock(docsOf(core), docId);
    if (!doc || doc.claim !== claim || doc.state !== 'indexing') throw new Lost();
    await within?.();
    await t.updateWhere(docsOf(core), docId, changes, { expect: 1 });
  });
}

/** Vectors of `texts` by batches, or null when the embeddings request fails (logged). */
async function vectorsOf(embedder: Embedder | null, texts: string[], docId: number): Promise<number[][] | null> {
  if (!embedder || !texts.length) return null;
  try {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += KNOWLEDGE_LIMITS.embedBatch) out.push(...(await embedder.embed(texts.slice(i, i + KNOWLEDGE_LIMITS.embedBatch))));
    return out;
  } catch (err) {
    console.error(`[knowledge] document ${docId}: embeddings failed, its chunks are found by their words only: ${(err as Error).message}`);
    return null;
  }
}

interface Ending {
  state: 'ready' | 'failed' | 'unsupported';
  error?: string | null;
}

/** Reads, chunks and stores one claimed document; answers how it ended. */
async function run(core: Core, doc: KnowledgeDoc, claim: string): Promise<Ending & { chunks: number }> {
  await purgeChunks(core, doc.id);
  const kind = kindOf(doc.name, doc.mime);
  if (!kind) return { state: 'unsupported', chunks: 0 };
  const [file] = await core.ops.reads(SYSTEM).find('space/info', eq('id', doc.fileId), { fields: ['id', 'key', 'size'] });
  if (!file?.key) return { state: 'failed', error: 'missing', chunks: 0 };
  if (Number(file.size ?? 0) > KNOWLEDGE_LIMITS.maxFileBytes) return { state: 'failed', error: 'too_large', chunks: 0 };
  const bytes = await fileBytes(core, file.key, KNOWLEDGE_LIMITS.maxFileBytes);
  if (bytes === null) return { state: 'failed', error: 'missing', chunks: 0 };
  if (bytes === 'too_large') return { state: 'failed', error: 'too_large', chunks: 0 };
  let opened: OpenedText;
  try {
    opened = await openText(kind, bytes);
  } catch {
    return { state: 'failed', error: 'unreadable', chunks: 0 };
  }
  const embedder = await embedderFor(core).catch(() => null);
  const chunks = chunksOf(core);
  const scope = knowledgeScope(doc.groupId);
  let count = 0;
  let truncated = false;
  let progress = 0;
  try {
    for (let n = 1; n <= opened.parts && !truncated; n++) {
      let pieces = chunkBlocks(await opened.part(n));
      if (count + pieces.length > KNOWLEDGE_LIMITS.maxChunks) {
        pieces = pieces.slice(0, KNOWLEDGE_LIMITS.maxChunks - count);
        truncated = true;
      }
      const vectors = await vectorsOf(
        embedder,
        pieces.map((p) => p.text),
        doc.id,
      );
      const next = Math.min(99, Math.floor((n / opened.parts) * 100));
      const first = count;
      count += pieces.length;
      await writeIfHeld(
        core,
        doc.id,
        claim,
        { progress: next, chunkCount: count, leaseUntil: new Date(Date.now() + KNOWLEDGE_LIMITS.leaseSeconds * 1000).toISOString() },
        async () => {
          const indexed = [];
          for (const [i, p] of pieces.entries()) {
            const v = vectors?.[i];
            const id = await core.ops.transaction(SYSTEM, (t) =>
              t.addOne(chunks, {
                docId: doc.id,
                groupId: doc.groupId,
                seq: first + i,
                place: p.place.slice(0, 120),
                text: p.text,
                ...(v && embedder ? { vector: vectorText(v), vectorModel: embedder.model.slice(0, 191) } : {}),
              }),
            );
            indexed.push({ source: KNOWLEDGE_SOURCE, sourceId: id, scope, text: p.text, fresh: true });
          }
          await indexTexts(core, indexed);
        },
      );
      if (next !== progress) noticeDoc(core, { groupId: doc.groupId, docId: doc.id, state: 'indexing', progress: next });
      progress = next;
    }
  } finally {
    await opened.close().catch(() => undefined);
  }
  if (!count) return { state: 'failed', error: 'empty', chunks: 0 };
  return { state: 'ready', error: truncated ? 'too_many_chunks' : null, chunks: count };
}

/**
 * Claims and indexes document `docId`; answers false when another run holds it (or it needs none).
 * Never throws for the document's own faults: they end it as failed.
 */
export async function indexDoc(core: Core, docId: number): Promise<boolean> {
  const claim = await claimDoc(core, docId);
  if (!claim) return false;
  const [doc] = await core.ops.reads(SYSTEM).find(docsOf(core), eq('id', docId));
  if (!doc) return true;
  let end: Ending & { chunks: number };
  try {
    end = await run(core, doc, claim);
  } catch (err) {
    if (err instanceof Lost) return true;
    console.error(`[knowledge] document ${docId} could not be indexed: ${(err as Error).message}`);
    end = { state: 'failed', error: 'unreadable', chunks: 0 };
  }
  try {
    if (end.state !== 'ready') await purgeChunks(core, docId);
    await writeIfHeld(core, docId, claim, { state: end.state, error: end.error ?? null, progress: 100, chunkCount: end.chunks, leaseUntil: null, claim: null });
    noticeDoc(core, { groupId: doc.groupId, docId, state: end.state, progress: 100 });
  } catch (err) {
    if (!(err instanceof Lost)) throw err;
  }
  return true;
}

interface Worker {
  running: Promise<void> | null;
  again: boolean;
}

const workers = new WeakMap<Core, Worker>();

/** Indexes every waiting document, one at a time per process; a wake while it runs makes it look again at the end. */
export function wakeIndexer(core: Core): void {
  let w = workers.get(core);
  if (!w) workers.set(core, (w = { running: null, again: false }));
  if (w.running) {
    w.again = true;
    return;
  }
  const worker = w;
  worker.running = (async () => {
    do {
      worker.again = false;
      for (let ids = await waiting(core, 20); ids.length; ids = await waiting(core, 20)) {
        let any = false;
        for (const id of ids) any = (await indexDoc(core, id)) || any;
        // What is left is held by other instances: they index it.
        if (!any) break;
      }
    } while (worker.again);
  })()
    .catch((err: Error) => console.error(`[knowledge] indexing stopped (the next document queued or the next start goes on): ${err.message}`))
    .finally(() => (worker.running = null));
}

/** Resolves once this process's indexing has nothing left to do (tests, a stopping server). */
export async function knowledgeIdle(core: Core): Promise<void> {
  for (let w = workers.get(core); w?.running; w = workers.get(core)) await w.running;
}
