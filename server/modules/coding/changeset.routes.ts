/**
 * The code helper's change sets (changeset.service.ts), for administrators (permission keys
 * base:coding:*), all refused 403 when CODING_ENABLED is off. Each answers a change set:
 * `{ id, entityKey, kind, state, before, after, diff, sql, rollbackSql, routes, menus, perms,
 * warnings, keptAside, createdBy, appliedBy, createTime, appliedTime, rolledBackTime }`.
 * - `POST preview` `{ module, name, fields?, description?, newModule? }` -> a draft.
 * - `POST apply` `{ id }`, `POST rollback` `{ id }`, `POST discard` `{ id }`, `POST purge` `{ id }`.
 * - `POST changeSets` `{ entityKey?, page?, size? }` -> `{ list, pagination }`, newest first.
 */
import { l, call, defineRoutes, BOOL, INT, STR, listOf, nullable, obj, pageOf } from '../../core/api';
import type { Core, JsonSchema } from '../../core/api';
import { CHANGE_SETS_INPUT, CHANGE_SET_ID, PREVIEW_INPUT } from './changeset-input';
import { applyChangeSet, discardChangeSet, listChangeSets, previewChange, purgeChangeSet, rollbackChangeSet } from './changeset.service';
import { refineCoding, type CodingInput } from './coding-input';

const ADDED_REMOVED = obj({ added: listOf(STR), removed: listOf(STR) });
const STATE: JsonSchema = { enum: ['draft', 'applied', 'rolledBack', 'discarded'] };
const CHANGE_SET = obj({
  id: INT,
  entityKey: STR,
  kind: { enum: ['create', 'change'] },
  state: STATE,
  before: nullable(STR),
  after: STR,
  diff: STR,
  sql: listOf(STR),
  rollbackSql: listOf(STR),
  routes: ADDED_REMOVED,
  menus: ADDED_REMOVED,
  perms: ADDED_REMOVED,
  warnings: listOf(obj({ field: STR, kind: { enum: ['drop', 'shorten', 'rename', 'dict', 'type'] }, message: STR })),
  keptAside: listOf(obj({ what: { enum: ['column', 'table'] }, name: STR, table: STR, purged: BOOL })),
  createdBy: INT,
  appliedBy: nullable(INT),
  createTime: STR,
  appliedTime: nullable(STR),
  rolledBackTime: nullable(STR),
});

const OFF = l(' Refused (403) when CODING_ENABLED is off.', 'CODING_ENABLED 关闭时拒绝（403）。', 'CODING_ENABLED 關閉時拒絕（403）。');
const says = (en: string, cn: string, tw: string) => l(en + OFF.en, cn + OFF['zh-cn'], tw + OFF['zh-tw']);

export default defineRoutes((core: Core) => [
  call(core, 'base', 'coding', 'preview', {
    method: 'POST',
    summary: l('Preview a change set of an entity', '预览实体的变更集', '預覽實體的變更集'),
    description: says(
      'The whole field list wanted (or a description for the model to draft it) becomes a draft change set: the diff of the declaration, the SQL it runs here, the routes, menus and keys it adds or removes, and warnings. Entities of the product itself are refused.',
      '将期望的完整字段列表（或由模型据描述起草）生成变更集草稿：声明的差异、将在此数据库执行的 SQL、增删的路由、菜单和权限键以及警告。产品自带的实体会被拒绝。',
      '將期望的完整欄位清單（或由模型依描述起草）產生變更集草稿：宣告的差異、將在此資料庫執行的 SQL、增刪的路由、選單和權限鍵以及警告。產品自帶的實體會被拒絕。',
    ),
    input: PREVIEW_INPUT,
    refine: (input, req) => refineCoding(input as unknown as CodingInput, req.body),
    // Stores the draft (and may ask the model), though nothing of the entity changes yet.
    effect: 'write',
    answer: CHANGE_SET,
    handler: (req, input) => previewChange(core, input, req.user!, req.lang),
  }),
  call(core, 'base', 'coding', 'apply', {
    method: 'POST',
    summary: l('Apply a change set', '应用变更集', '套用變更集'),
    description: says(
      'Runs the draft on every instance. Refused (409) when the entity changed since the preview or the set is not a draft.',
      '在所有实例上执行草稿。若预览后实体已变更或变更集不是草稿则拒绝（409）。',
      '在所有執行個體上執行草稿。若預覽後實體已變更或變更集不是草稿則拒絕（409）。',
    ),
    input: CHANGE_SET_ID,
    effect: 'write',
    answer: CHANGE_SET,
    handler: (req, { id }) => applyChangeSet(core, id, req.user!.id, req.lang),
  }),
  call(core, 'base', 'coding', 'rollback', {
    method: 'POST',
    summary: l('Roll back the last change set of an entity', '回滚实体最后一次变更集', '復原實體最後一次變更集'),
    description: says(
      'Only the last applied set of its entity (else 409). What it removed comes back; what it added is kept aside until purged.',
      '仅限实体最后一次应用的变更集（否则 409）。被移除的内容恢复；新增的内容保留在旁，直到清除。',
      '僅限實體最後一次套用的變更集（否則 409）。被移除的內容恢復；新增的內容保留在旁，直到清除。',
    ),
    input: CHANGE_SET_ID,
    effect: 'write',
    answer: CHANGE_SET,
    handler: (req, { id }) => rollbackChangeSet(core, id, req.lang),
  }),
  call(core, 'base', 'coding', 'discard', {
    method: 'POST',
    summary: l('Discard a draft change set', '放弃变更集草稿', '捨棄變更集草稿'),
    description: says('Drafts only (else 409).', '仅限草稿（否则 409）。', '僅限草稿（否則 409）。'),
    input: CHANGE_SET_ID,
    effect: 'write',
    answer: CHANGE_SET,
    handler: (req, { id }) => discardChangeSet(core, id, req.lang),
  }),
  call(core, 'base', 'coding', 'purge', {
    method: 'POST',
    summary: l('Purge what a change set keeps aside', '清除变更集保留的数据', '清除變更集保留的資料'),
    description: says(
      'Drops the columns and tables the set keeps aside; they cannot come back after this.',
      '删除变更集保留的列和表，之后无法恢复。',
      '刪除變更集保留的欄和表，之後無法復原。',
    ),
    input: CHANGE_SET_ID,
    effect: 'write',
    answer: CHANGE_SET,
    handler: (req, { id }) => purgeChangeSet(core, id, req.lang),
  }),
  call(core, 'base', 'coding', 'changeSets', {
    method: 'POST',
    summary: l('Change sets, newest first', '变更集（最新在前）', '變更集（最新在前）'),
    description: says('Of one entity with entityKey.', '传 entityKey 可只看一个实体。', '傳 entityKey 可只看一個實體。'),
    input: CHANGE_SETS_INPUT,
    effect: 'read',
    answer: pageOf(CHANGE_SET),
    handler: (req, input) => listChangeSets(core, input, req.lang),
  }),
]);
