/**
 * The messages of a run in its conversation, stored and delivered by the chat module's one send
 * path (send-store.ts): numbered in the conversation, then `notice { kind: 'message' }` to its
 * audience. A run writes three kinds, by `type` (the chat leaves 0-99 to clients except 9):
 * 20 the request (the member's input), 21 the answer, 22 the error of a failed run. Each carries
 * the app in `appId`; answers and errors name the run in `relateId`.
 *
 * Decision: the answer and the error are stored with the member who ran the app as their sender
 * (`fromId`), marked by their type and appId. The conversation is the member's (a group they are in,
 * a private chat they opened, or their own runs conversation), so that sender is the one whom every
 * reader of the conversation may see, and the private chat's delivery (to `fromId` and `toId`)
 * reaches both sides. An AI member's reply in chat (kind 1) has the AI member as its sender instead
 * (`runSender`), and its answer may carry the AI members it mentions (`at`), so they answer in turn.
 */
import type { Core, OpTransaction, AuthUser, EntityRow, Notice } from '../../core/api';
import { targetOf, type Target } from '../chat/conversation';
import { store, type SendResult, type Written } from '../chat/send-store';

export const RUN_MESSAGE_TYPE = { request: 20, answer: 21, error: 22 } as const;

/** What a run's messages need of it: fields set when it starts, which never change. */
export type RunPlace = Pick<EntityRow<'base/run'>, 'id' | 'userId' | 'appId' | 'aiUserId' | 'kind' | 'conversation'> & {
  /** An AI reply's chain (base/run.chainId): its messages say it in `extraInfo.chain`, so a client shows them as one thread. */
  chainId?: number | null;
};

/**
 * The member as the sender of messages written on their behalf after the request (answers, errors):
 * no roles, so the message's access rules are checked as for them (a member who left the group
 * can no longer have an answer stored there).
 */
export function memberActor(userId: number): AuthUser {
  return { id: userId, username: '', roleIds: [], departmentId: null, isAdmin: false, scope: null };
}

/** Who writes a run's answer and error: the AI member of a reply in chat (kind 1), else the member who ran the app. */
export function runSender(run: Pick<RunPlace, 'kind' | 'aiUserId' | 'userId'>): number {
  return run.kind === 1 && run.aiUserId ? run.aiUserId : (run.userId ?? 0);
}

/** The conversation of a run as a target, seen from `viewer` (default: its member). */
export function runTarget(run: Pick<RunPlace, 'userId' | 'conversation'>, viewer = run.userId ?? 0): Target {
  return targetOf(run.conversation ?? '', viewer) ?? { toType: 0, toId: viewer };
}

/** Sends `notice` to whoever reads the run's conversation: the group's room, or both users of a private chat. */
export function toAudience(core: Core, run: Pick<RunPlace, 'userId' | 'conversation'>, notice: Notice): void {
  const target = runTarget(run);
  if (target.toType === 1) core.realtime.toGroup(target.toId, notice);
  else core.realtime.toUsers([run.userId ?? 0, target.toId], notice);
}

/**
 * Stores and delivers one message of `run` (answer or error) in its conversation, with `within`'s
 * writes in the same transaction, from `runSender(run)`; `at` (an AI reply's mentions) is stored as
 * given, with no mention notifications (it names AI members only). Call outside any transaction.
 */
export function storeRunMessage(
  core: Core,
  run: RunPlace,
  type: number,
  content: unknown,
  within?: (t: OpTransaction, message: Written) => Promise<void>,
  at: number[] = [],
): Promise<SendResult> {
  const from = runSender(run);
  const sender = memberActor(from);
  const target = runTarget(run, from);
  return store(core, {
    sender,
    input: {
      ...target,
      type,
      content,
      at,
      clientId: null,
      replyTo: null,
      extra: { appId: run.appId ?? null, relateId: run.id, ...(run.chainId ? { extraInfo: { chain: run.chainId } } : {}) },
    },
    mentioned: at,
    audience: null,
    groupId: target.toType === 1 ? target.toId : null,
    conversation: run.conversation ?? '',
    opts: { rateLimit: false, within },
  });
}
