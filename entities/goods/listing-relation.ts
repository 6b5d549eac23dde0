/**
 * What a listing sells is the seller's own (issue 37): an AI member they own, a live group they own
 * (a team too), or their own private files. Checked when a member adds or changes a listing
 * (goods/info's beforeChange hook, so the generic add/update and goods/info/updateGoods alike); an
 * administrator's console write is not limited. relateType null or 0 sells nothing to deliver and
 * keeps attachments free-form.
 */
import { and, eq, fieldRule, isIn, registerMessages } from '../../server/core/api';
import type { HookTransaction, InvalidField, Row } from '../../server/core/api';
import { SELLS } from './purchase.entity';

/** The most files one listing of prompts and documents may sell. */
export const MAX_SOLD_FILES = 20;

/** The fields that say what a listing sells. */
export const RELATION_FIELDS = ['relateType', 'workflowId', 'groupId', 'attachments'] as const;

const MESSAGES = registerMessages({
  en: {
    field_listing_ai_not_yours: 'is not an AI member of yours',
    field_listing_group_not_yours: 'is not a group you own',
    field_listing_files_not_yours: `must list 1 to ${MAX_SOLD_FILES} of your own private files`,
  },
  'zh-cn': {
    field_listing_ai_not_yours: '不是您的 AI 成员',
    field_listing_group_not_yours: '不是您拥有的群组',
    field_listing_files_not_yours: `须列出 1 到 ${MAX_SOLD_FILES} 个您自己的私有文件`,
  },
  'zh-tw': {
    field_listing_ai_not_yours: '不是您的 AI 成員',
    field_listing_group_not_yours: '不是您擁有的群組',
    field_listing_files_not_yours: `須列出 1 到 ${MAX_SOLD_FILES} 個您自己的私有檔案`,
  },
});

const positiveId = (v: unknown): number | null => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null);

/** The file ids of a kind-3 listing's attachments, or null when they are not 1..20 positive ids. */
export function soldFileIds(attachments: unknown): number[] | null {
  if (!Array.isArray(attachments) || attachments.length < 1 || attachments.length > MAX_SOLD_FILES) return null;
  const ids = attachments.map(positiveId);
  return ids.every((id) => id !== null) ? [...new Set(ids as number[])] : null;
}

/** Whether `aiId` is an AI member (userType 1) owned by `sellerId`. */
async function ownsAi(t: HookTransaction, sellerId: number, aiId: number | null): Promise<boolean> {
  if (aiId === null) return false;
  const [u] = await t.system.find('base/sys/user', eq('id', aiId), { fields: ['userType', 'ownerId'] });
  return !!u && u.userType === 1 && u.ownerId === sellerId;
}

/** Whether `groupId` is a live group (or team) whose owner row is `sellerId`'s. */
async function ownsGroup(t: HookTransaction, sellerId: number, groupId: number | null): Promise<boolean> {
  if (groupId === null) return false;
  if ((await t.system.count('base/group', eq('id', groupId))) === 0) return false;
  return (await t.system.count('base/groupMember', and(eq('groupId', groupId), eq('userId', sellerId), eq('isOwner', 1)))) > 0;
}

/** Whether `attachments` lists 1..20 private space/info files uploaded by `sellerId`. */
async function ownsFiles(t: HookTransaction, sellerId: number, attachments: unknown): Promise<boolean> {
  const ids = soldFileIds(attachments);
  if (!ids) return false;
  const files = await t.system.find('space/info', isIn('id', ids), { fields: ['userId', 'isPrivate'] });
  return files.length === ids.length && files.every((f) => f.userId === sellerId && f.isPrivate);
}

/** What is wrong with what listing `row` (its stored fields with the change applied) sells for `sellerId`. */
export async function relationProblems(t: HookTransaction, sellerId: number, row: Row): Promise<InvalidField[]> {
  const kind = Number(row.relateType ?? 0);
  const bad = (field: string, key: `field_${string}`): InvalidField[] => [{ field, rule: fieldRule(key), params: {} }];
  if (kind === SELLS.ai && !(await ownsAi(t, sellerId, positiveId(row.workflowId)))) return bad('workflowId', MESSAGES.field_listing_ai_not_yours);
  if (kind === SELLS.group && !(await ownsGroup(t, sellerId, positiveId(row.groupId)))) return bad('groupId', MESSAGES.field_listing_group_not_yours);
  if (kind === SELLS.files && !(await ownsFiles(t, sellerId, row.attachments))) return bad('attachments', MESSAGES.field_listing_files_not_yours);
  return [];
}
