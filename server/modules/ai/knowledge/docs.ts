/**
 * The documents of a group's knowledge (ai/knowledgeDoc) and their lifetime: added when a file
 * message is stored in a group chat and by the owner or a deputy from their files, removed by them
 * (or with the last file message that brought a document, when no one added it), each removal
 * taking the document's chunks and their search terms with it. Indexing is indexer.ts's.
 *
 * Decisions:
 * - One document per group and file (a unique key): the same file sent twice is one document, kept
 *   by both messages (`messageIds`); a recall takes its message away, and the document goes with the
 *   last one unless an owner or deputy added it (`addedBy`), which keeps it until removed.
 * - `add` takes a file the caller may open (files/file-access.ts) whose members may open it too: a
 *   file shared with this group, a public file, or the caller's own private file shared with no one,
 *   which the add shares with this group (scope `group`, the group's id), as sending it in the chat
 *   would. A file shared with another group or a user is refused: sharing it here would take it from
 *   them.
 * - A removal deletes the document's row first, then its chunks and their terms: an indexing under
 *   way notices the row is gone at its next page and removes what it wrote meanwhile.
 */
import { SYSTEM, and, entity, eq, fail, fieldRule, isIn, type AuthUser, type Core, type EntityRow } from '../../../core/api';
import { contentTypeOf } from '../../../adapters/storage.adapter';
import type { StoredMessage } from '../../chat/send-store';
import { MESSAGE_TYPE } from '../../chat/conversation';
import { mayFetchFile } from '../../files/file-access';
import { removeFromIndex } from '../../chat/search/search-index';
import { KNOWLEDGE, KNOWLEDGE_FIELDS } from './knowledge.messages';
import { chunkIdsOfDoc } from './knowledge.queries';

export type KnowledgeDoc = EntityRow<'ai/knowledgeDoc'>;
export type KnowledgeState = KnowledgeDoc['state'] | 'removed';

/** The search index's source of knowledge chunks; their scope is the group's conversation key. */
export const KNOWLEDGE_SOURCE = 'kchunk';
export const knowledgeScope = (groupId: number) => `g:${groupId}`;

export const docsOf = (core: Core) => entity(core.model, 'ai/knowledgeDoc');
export const chunksOf = (core: Core) => entity(core.model, 'ai/knowledgeChunk');

/** The notice a group's members get when a document changes: `{ kind: 'knowledge', data }`. */
export interface KnowledgeNotice {
  groupId: number;
  docId: number;
  state: KnowledgeState;
  progress: number;
}

export function noticeDoc(core: Core, data: KnowledgeNotice): void {
  core.realtime.toGroup(data.groupId, { kind: 'knowledge', data });
}

/** Hands a document to the indexing (set by indexer.ts at start, so this file need not import it). */
let wake: (core: Core) => void = () => undefined;
export function onDocQueued(fn: (core: Core) => void): void {
  wake = fn;
}

interface NewDoc {
  groupId: number;
  fileId: number;
  name: string;
  mime: string;
  messageId?: number;
  addedBy?: number;
}

/** Adds the document (or finds the one of this group and file) and records who keeps it; answers its row. */
async function keepDoc(core: Core, d: NewDoc): Promise<{ doc: KnowledgeDoc; created: boolean }> {
  const docs = docsOf(core);
  const out = await core.ops.transaction(SYSTEM, async (t) => {
    const { id, created } = await t.addIfAbsent(
      docs,
      { groupId: d.groupId, fileId: d.fileId, name: d.name.slice(0, 255), mime: d.mime.slice(0, 100), state: 'queued', progress: 0, messageIds: [] },
      ['groupId', 'fileId'],
    );
    const [doc] = await t.lock(docs, id);
    if (!doc) throw fail.notFound(KNOWLEDGE.knowledge_doc_not_found);
    const ids = Array.isArray(doc.messageIds) ? doc.messageIds.map(Number) : [];
    const changes: Partial<KnowledgeDoc> = {};
    if (d.messageId && !ids.includes(d.messageId)) changes.messageIds = [...ids, d.messageId].slice(-200);
    if (d.addedBy && !doc.addedBy) changes.addedBy = d.addedBy;
    if (Object.keys(changes).length) await t.updateWhere(docs, id, changes, { expect: 1 });
    return { doc: { ...doc, ...changes } as KnowledgeDoc, created };
  });
  if (out.created) {
    noticeDoc(core, { groupId: d.groupId, docId: out.doc.id, state: 'queued', progress: 0 });
    wake(core);
  }
  return out;
}

/** Listener of every stored message: a file message (type 2) in a group chat adds its file to the group's knowledge. */
export function onFileMessage(core: Core, message: StoredMessage): void {
  const group = /^g:(\d+)$/.exec(message.conversation ?? '');
  if (message.type !== MESSAGE_TYPE.file || !group) return;
  const c = message.content as { fileId?: unknown; name?: unknown; mime?: unknown } | null;
  if (!c || typeof c.fileId !== 'number') return;
  keepDoc(core, {
    groupId: Number(group[1]),
    fileId: c.fileId,
    name: typeof c.name === 'string' ? c.name : 'file',
    mime: typeof c.mime === 'string' ? c.mime : '',
    messageId: message.id,
  }).catch((err: Error) => console.error(`[knowledge] file message ${message.id} was not added to its group's knowledge: ${err.message}`));
}

/** The group's documents that a recalled message brought, without it; those no one else keeps are removed. */
export async function forgetMessage(core: Core, groupId: number, messageId: number): Promise<number[]> {
  const docs = docsOf(core);
  const gone: number[] = [];
  const held = await core.ops.reads(SYSTEM).find(docs, eq('groupId', groupId), { fields: ['id', 'messageIds'] });
  for (const h of held.filter((d) => Array.isArray(d.messageIds) && d.messageIds.map(Number).includes(messageId))) {
    const drop = await core.ops.transaction(SYSTEM, async (t) => {
      const [doc] = await t.lock(docs, h.id);
      if (!doc) return false;
      const rest = (doc.messageIds ?? []).map(Number).filter((id) => id !== messageId);
      if (!rest.length && !doc.addedBy) return true;
      await t.updateWhere(docs, doc.id, { messageIds: rest }, { expect: 1 });
      return false;
    });
    if (drop && (await removeDoc(core, h.id))) gone.push(h.id);
  }
  return gone;
}

/** Removes the doc's chunks and their search terms. */
export async function purgeChunks(core: Core, docId: number): Promise<void> {
  const chunks = chunksOf(core);
  for (;;) {
    const ids = await chunkIdsOfDoc(core, docId, 500);
    if (!ids.length) return;
    await core.ops.transaction(SYSTEM, async (t) => {
      await removeFromIndex(core, KNOWLEDGE_SOURCE, ids);
      await t.purge(chunks, isIn('id', ids));
    });
  }
}

/** Removes a document, its chunks and their terms; answers whether there was one. Members get a notice `removed`. */
export async function removeDoc(core: Core, docId: number): Promise<boolean> {
  const docs = docsOf(core);
  const doc = await core.ops.transaction(SYSTEM, async (t) => {
    const [row] = await t.lock(docs, docId);
    if (row) await t.purge(docs, eq('id', docId));
    return row ?? null;
  });
  await purgeChunks(core, docId);
  if (doc) noticeDoc(core, { groupId: doc.groupId, docId, state: 'removed', progress: 0 });
  return !!doc;
}

const refuseFile = (key: `field_${string}`) => fail.invalid([{ field: 'fileId', rule: fieldRule(key), params: {} }]);

/**
 * `ai/knowledge/add`: adds a file to the group's knowledge for its owner or a deputy (checked by the
 * caller), under the rules of the file's comment; answers the document.
 */
export async function addByMember(core: Core, user: AuthUser, groupId: number, fileId: number): Promise<KnowledgeDoc> {
  const files = entity(core.model, 'space/info');
  const [row] = await core.ops.reads(SYSTEM).find(files, eq('id', fileId), { fields: ['id', 'userId', 'isPrivate', 'scope', 'scopeId', 'name', 'key'] });
  if (!row) throw refuseFile(KNOWLEDGE_FIELDS.field_knowledge_file_missing);
  const grant = {
    id: row.id,
    userId: row.userId ?? null,
    scope: row.scope ?? null,
    scopeId: row.scopeId === null || row.scopeId === undefined ? null : Number(row.scopeId),
  };
  if (!(await mayFetchFile(core, user, grant))) throw refuseFile(KNOWLEDGE_FIELDS.field_knowledge_file_refused);
  const shared = grant.scope === 'group' && grant.scopeId === groupId;
  const own = row.userId === user.id && !!row.isPrivate && !grant.scope;
  if (!shared && row.isPrivate && !own) throw refuseFile(KNOWLEDGE_FIELDS.field_knowledge_file_scope);
  if (own) {
    await core.ops.transaction(SYSTEM, (t) =>
      t.updateWhere(files, and(eq('id', row.id), eq('userId', user.id)), { scope: 'group', scopeId: groupId }, { expect: 1, trusted: true }),
    );
  }
  const name = String(row.name ?? 'file');
  const { doc } = await keepDoc(core, { groupId, fileId, name, mime: contentTypeOf(String(row.key ?? name)), addedBy: user.id });
  return doc;
}
