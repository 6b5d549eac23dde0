/**
 * AI members are users (issue 15): a sys/user row with userType 1, owned by its creator (ownerId),
 * its `config` holding { appId?, model?, prompt?, params?, cost?, description?, tools? }. `type` 1 lists it
 * in the public catalogue (allMemberList), 0 keeps it private to its owner. Mentions (`at`) and
 * private chats (`toId`) name it by its user id like any person.
 *
 * An AI user has no password, no e-mail, no provider id and no role: no sign-in path finds a
 * credential for it (password sign-in compares against a dummy hash and fails), and a token could
 * reach nothing. Its username is `ai_` + 16 random hex characters.
 */
import { randomBytes } from 'node:crypto';
import {
  and,
  entity,
  eq,
  fail,
  bool,
  id,
  int,
  json,
  nullableText,
  num,
  object,
  orNull,
  text,
  paramErrors,
  priceError,
  raw,
  readAiLimits,
  type AiLimits,
  type InvalidField,
} from '../../../core/api';
import type { Core, AuthUser, EntityRow, Row } from '../../../core/api';
import { AUTH_TYPE } from '../../../../entities/base/groupMember.entity';
import { PURCHASE_STATUS } from '../../../../entities/goods/purchase.entity';
import { asSystem, defined, entities, type Member } from './membership.service';
import { GROUP } from './group.messages';

export const USER_TYPE = { person: 0, ai: 1 } as const;

type User = EntityRow<'base/sys/user'>;

/** What the public catalogue reads of an AI user. */
export type CatalogueAi = Pick<User, 'id' | 'nickName' | 'headImg' | 'avatar' | 'ownerId' | 'config' | 'createTime'>;

/** Fields of an AI member's config, and which of them the public catalogue shows. */
const PUBLIC_CONFIG = ['appId', 'model', 'description'];
const MAX_CONFIG_JSON = 64_000;

export interface AiInput {
  nickName?: string;
  headImg?: string | null;
  config?: Row | null;
  public?: boolean;
}

export function isAi(u: Pick<User, 'userType'> | null | undefined): boolean {
  return !!u && u.userType === USER_TYPE.ai;
}

/** Whether `caller` may put this AI member in a group: they own it, or it is public (a purchase: {@link assertMayUseAi}). */
export function mayUseAi(u: Pick<User, 'ownerId' | 'type'>, caller: AuthUser): boolean {
  return caller.isAdmin || u.ownerId === caller.id || u.type === 1;
}

/** The administrator's bounds on an AI member's price and parameters (aiMaxRunPrice, aiMaxTokens). */
export function aiLimitsOf(core: Core): Promise<AiLimits> {
  return readAiLimits(core.db, core.model.system('params').table);
}

/**
 * An AI member's config as the calls take it: its known keys, typed (null clears a text); `model` a
 * registry model's id text (base/app/models lists them) or any model id. Its price
 * and parameters are bounded by the administrator's params, which `configLimitErrors` checks.
 */
export const AI_CONFIG = object({
  appId: id().optional(),
  model: nullableText({ max: 100 }),
  prompt: nullableText({ max: 20_000 }),
  cost: num({ min: 0 }).optional(),
  /** 1: a reply costs what the model used at its registry prices (server/modules/ai/metering.ts); 0 or absent: `cost`. */
  pricing: int({ min: 0, max: 1 }).optional(),
  description: nullableText({ max: 500 }),
  params: orNull(json()),
  /** The tools it may call as the member who asks: tool names or prefixes ending in `*` (ai/tool/catalogue; checked by ai-member-tools.ts). */
  tools: orNull(raw({ type: 'array', items: { type: 'string', maxLength: 65 }, maxItems: 200 })),
});

/** A new AI member, as groupMember/add takes it in `ai`. */
export const AI_INPUT = object({ nickName: text({ max: 50 }), headImg: nullableText(), config: orNull(AI_CONFIG), public: bool().optional() });

/**
 * The errors of a config (read by {@link AI_CONFIG}, named `at`) against the administrator's bounds:
 * its price (`cost` at most maxRunPrice), its model parameters, and its size.
 */
export function configLimitErrors(config: Row | null | undefined, limits: AiLimits, at: string): InvalidField[] {
  if (!config) return [];
  const errors: InvalidField[] = [];
  const tooDear = typeof config.cost === 'number' ? priceError(config.cost, limits, `${at}.cost`) : null;
  if (tooDear) errors.push(tooDear);
  errors.push(...paramErrors(config.params, limits, `${at}.params`));
  if (JSON.stringify(config).length > MAX_CONFIG_JSON) errors.push({ field: at, rule: 'max_length', params: { limit: MAX_CONFIG_JSON } });
  return errors;
}

/** Creates the AI user owned by `ownerId` inside the transaction under way; returns its user id. */
export async function createAiUser(core: Core, ownerId: number, a: AiInput): Promise<number> {
  const username = `ai_${randomBytes(8).toString('hex')}`;
  return asSystem(core, (s) =>
    s.addOne(
      entities(core).users,
      defined({
        username,
        nickName: a.nickName,
        headImg: a.headImg ?? undefined,
        config: a.config ?? undefined,
        userType: USER_TYPE.ai,
        ownerId,
        type: a.public ? 1 : 0,
        status: 1,
      }),
    ),
  );
}

/** Changes of an AI user that its owner may make (updateMemberInfo). */
export async function updateAiUser(core: Core, aiUserId: number, changes: AiInput): Promise<void> {
  const row = defined({
    nickName: changes.nickName,
    headImg: changes.headImg,
    config: changes.config,
    type: changes.public === undefined ? undefined : changes.public ? 1 : 0,
  });
  if (!Object.keys(row).length) return;
  await asSystem(core, (s) => s.update(entities(core).users, { id: aiUserId, ...row }));
}

/**
 * What the public catalogue shows of an AI member: never its prompt, parameters or own config;
 * its price of a reply (ai-price.ts, null when it cannot answer) so a member knows it before asking.
 */
export function publicAi(row: CatalogueAi, price: number | null): Row {
  const config = configObject(row.config);
  return {
    id: row.id,
    nickName: row.nickName ?? null,
    headImg: row.headImg ?? null,
    avatar: row.avatar ?? null,
    ownerId: row.ownerId ?? null,
    ...Object.fromEntries(PUBLIC_CONFIG.map((k) => [k, config[k] ?? null])),
    price,
    createTime: row.createTime ?? null,
  };
}

/** An AI user's config as an object ({} when absent or not one). */
export function configObject(v: unknown): Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Row) : {};
}

/** The id of `userId`'s active purchase (goods/purchase) of AI member `aiId`, or null. */
export async function boughtAi(core: Core, aiId: number, userId: number): Promise<number | null> {
  const [p] = await asSystem(core, (s) =>
    s.find(entity(core.model, 'goods/purchase'), and(eq('aiUserId', aiId), eq('userId', userId), eq('status', PURCHASE_STATUS.active)), { fields: ['id'] }),
  );
  return p?.id ?? null;
}

/** What a row of a bought AI member holds: its purchase, and the platform's key (never the seller's credential). */
export function boughtCopy(purchaseId: number | null): Partial<Pick<Member, 'isPurchased' | 'purchaseId' | 'authId' | 'authType'>> {
  return purchaseId === null ? {} : { isPurchased: 1, purchaseId, authId: null, authType: AUTH_TYPE.platform };
}

/**
 * The AI user of `u` may be put in a group by `caller` (they own it, it is public, or they hold an
 * active purchase of it), or 403. Answers the purchase when only a purchase lets them: the row they
 * add is then a bought copy ({@link boughtCopy}), which a refund takes back.
 */
export async function assertMayUseAi(core: Core, u: Pick<User, 'id' | 'ownerId' | 'type'>, caller: AuthUser): Promise<number | null> {
  if (mayUseAi(u, caller)) return null;
  const purchaseId = await boughtAi(core, u.id, caller.id);
  if (purchaseId === null) throw fail.forbidden(GROUP.group_ai_not_yours);
  return purchaseId;
}
