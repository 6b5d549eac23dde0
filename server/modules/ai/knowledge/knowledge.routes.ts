/**
 * The group's knowledge calls (issue 41):
 * - `ai/knowledge/list { groupId }` (members of the group): its documents, newest first, with their
 *   indexing state and progress, and whether the caller may manage them (owner or deputy).
 * - `ai/knowledge/add { groupId, fileId }` (the owner or a deputy): adds a file to the group's
 *   knowledge (docs.ts addByMember: which files, and the sharing it does); the document is indexed
 *   in the background (indexer.ts) and its progress reaches the members as `notice { kind: 'knowledge' }`.
 * - `ai/knowledge/remove { groupId, docId }` (the owner or a deputy): the document, its chunks and
 *   their search terms go; it is never cited again.
 * Files sent in the group's chat are added without a call (knowledge.start.ts).
 */
import { BOOL, INT, SYSTEM, STR, and, call, defineRoutes, eq, fail, id, l, listOf, nullable, obj, type AuthUser, type Core } from '../../../core/api';
import { memberOfGroup } from '../../workspace/groups/group.access';
import { liveGroup } from '../../workspace/groups/group.queries';
import { lockGroup, requireRole, roleOf } from '../../workspace/groups/membership.service';
import { GROUP } from '../../workspace/groups/group.messages';
import { addByMember, docsOf, removeDoc, type KnowledgeDoc } from './docs';
import { KNOWLEDGE } from './knowledge.messages';

const DOC = obj({
  id: INT,
  groupId: INT,
  fileId: INT,
  name: STR,
  mime: STR,
  state: { enum: ['queued', 'indexing', 'ready', 'failed', 'unsupported'] },
  progress: INT,
  chunkCount: INT,
  error: nullable(STR),
  createTime: STR,
});

const shown = (d: KnowledgeDoc) => ({
  id: d.id,
  groupId: d.groupId,
  fileId: d.fileId,
  name: d.name,
  mime: d.mime,
  state: d.state,
  progress: d.progress,
  chunkCount: d.chunkCount,
  error: d.error ?? null,
  createTime: d.createTime,
});

/** Refuses (403) unless the caller is the group's owner or a deputy (an administrator passes). */
async function requireManager(core: Core, caller: AuthUser, groupId: number): Promise<void> {
  await core.ops.transaction(caller, async () => requireRole(core, await lockGroup(core, groupId), caller, ['owner', 'deputy']));
}

export default defineRoutes((core) => [
  call(core, 'ai', 'knowledge', 'list', {
    method: 'POST',
    member: true,
    summary: l("A group's knowledge documents", '群组的知识文档', '群組的知識文件'),
    description: l(
      'The files of the group its AI members answer from, with their indexing state (queued, indexing, ready, failed, unsupported) and progress; canManage: the caller may add and remove them (owner or deputy).',
      '群组 AI 成员据以回答的文件，含索引状态（queued、indexing、ready、failed、unsupported）与进度；canManage：调用者可添加和移除（群主或副群主）。',
      '群組 AI 成員據以回答的檔案，含索引狀態（queued、indexing、ready、failed、unsupported）與進度；canManage：呼叫者可新增和移除（群主或副群主）。',
    ),
    input: { groupId: id() },
    access: memberOfGroup,
    effect: 'read',
    answer: obj({ canManage: BOOL, list: listOf(DOC) }),
    async handler(req, { groupId }) {
      const caller = req.user!;
      const g = await liveGroup(core, groupId);
      if (!g) throw fail.notFound(GROUP.group_not_found);
      const reads = core.ops.reads(SYSTEM);
      const [row] = await reads.find('base/groupMember', and(eq('groupId', groupId), eq('userId', caller.id)), { fields: ['id', 'isOwner', 'userId'] });
      const role = roleOf(g, row);
      const docs = await reads.find(docsOf(core), eq('groupId', groupId));
      return { canManage: caller.isAdmin || role === 'owner' || role === 'deputy', list: docs.sort((a, b) => b.id - a.id).map(shown) };
    },
  }),
  call(core, 'ai', 'knowledge', 'add', {
    method: 'POST',
    member: true,
    summary: l("Add a file to a group's knowledge (owner or deputy)", '将文件加入群组知识库（群主或副群主）', '將檔案加入群組知識庫（群主或副群主）'),
    description: l(
      "A file the caller may open: one shared with the group, a public one, or the caller's own private file shared with no one (it is then shared with the group). Text, Markdown, PDF and Word files are indexed in the background.",
      '调用者可打开的文件：共享给该群组的文件、公开文件，或调用者自己未共享的私有文件（随即共享给该群组）。文本、Markdown、PDF 和 Word 文件在后台建立索引。',
      '呼叫者可開啟的檔案：共享給該群組的檔案、公開檔案，或呼叫者自己未共享的私有檔案（隨即共享給該群組）。文字、Markdown、PDF 和 Word 檔案在背景建立索引。',
    ),
    input: { groupId: id(), fileId: id() },
    access: memberOfGroup,
    effect: 'write',
    answer: DOC,
    async handler(req, { groupId, fileId }) {
      const caller = req.user!;
      await requireManager(core, caller, groupId);
      return shown(await addByMember(core, caller, groupId, fileId));
    },
  }),
  call(core, 'ai', 'knowledge', 'remove', {
    method: 'POST',
    member: true,
    summary: l("Remove a document from a group's knowledge (owner or deputy)", '从群组知识库移除文档（群主或副群主）', '從群組知識庫移除文件（群主或副群主）'),
    input: { groupId: id(), docId: id() },
    access: memberOfGroup,
    effect: 'write',
    answer: obj({ removed: BOOL }),
    async handler(req, { groupId, docId }) {
      const caller = req.user!;
      await requireManager(core, caller, groupId);
      const [doc] = await core.ops.reads(SYSTEM).find(docsOf(core), and(eq('id', docId), eq('groupId', groupId)), { fields: ['id'] });
      if (!doc) throw fail.notFound(KNOWLEDGE.knowledge_doc_not_found);
      return { removed: await removeDoc(core, docId) };
    },
  }),
]);
