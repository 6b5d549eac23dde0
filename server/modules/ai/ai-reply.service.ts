/**
 * AI members answer in chat (issue 20 item 4). The chat's send path tells its listeners of every
 * stored message (chat/message-sent.ts); `onMessageSent` is one (ai-hooks.start.ts subscribes it; not
 * awaited, never failing the send); the work then runs in the conversation's
 * reply queue (ai-reply.queue.ts), one reply at a time, and each reply is one paid run
 * (ai-reply-run.ts).
 *
 * Who answers:
 * - In a group: the AI members the message mentions (`at`, which the send path has already narrowed
 *   to active members of the group), that are enabled, in the order the sender mentioned them, one
 *   after the other, each seeing the replies before its own.
 * - In a private chat: the other party, when it is an AI member, answers every message. The sender
 *   must be allowed to use it (its owner, an administrator, or it is public); otherwise it answers
 *   with `{ error: 'not_available' }` and charges nothing, so a private AI member met in a shared
 *   group does not become everyone's paid assistant. A member who bought it (goods/purchase) asks
 *   their copy there as in their groups: with the listing's run fee, while the purchase is active.
 *
 * Chains (chains/chain.ts, issue 41): a reply in a group may mention other AI members of the group
 * (`@nickName`, stored in its `at`); they answer in turn, paid by the member whose message started
 * the chain (the AI members have no tokens and did not ask). The chain is a row every instance reads:
 * each reply's run names it, each step is counted and told to the conversation (`notice {kind:
 * 'chain'}`), and before each step it must still be running (its asker may have stopped it, on any
 * instance: chains/chain-stop.ts). The group's `aiReplyCap` (default 3, 0..20) caps AI messages in a
 * row: before each reply the messages at the end of the conversation are counted while their sender
 * is an AI member; at the cap, no reply and the chain ends as `capped` (no message: a notice in the
 * chat would itself be one more AI message). 0 means AI members never answer in that group. A loop
 * (AI member X about to answer AI member Y a second time in the chain) ends it as `loop`, naming the
 * two. A mention by an AI reply is also dropped when the mentioned member has spoken since that reply
 * (it has seen it already); a person's message always gets its replies (up to the cap), as they
 * asked and pay for each.
 *
 * Each reply is paid on its own: mentioning two AI members reserves two costs, one at a time, so
 * tokens that cover one answer get the first.
 *
 * Price: each candidate's setup (model, prompt, parameters, price, and a bought copy's run fee) is
 * read as soon as the asking message is stored, before the queue, and the reply uses it however long
 * it waits in the queue; so an owner who raises the price once a member has asked charges the new
 * price for later messages only.
 *
 * A bought AI member's copy in a group (store-fee.ts) answers only while its purchase is active, and
 * only its buyer unless the buyer shares it; otherwise it says why (`{ error: 'purchase_revoked' |
 * 'not_shared', text }`, the text in the asker's language) and charges nothing. That is checked when
 * the reply starts.
 */
import type { Core, AuthUser } from '../../core/api';
import type { StoredMessage } from '../chat/send-store';
import { ids } from '../chat/chat.queries';
import { MAX_AI_REPLY_CAP } from '../../../entities/base/group.entity';
import { mayUseAi } from '../workspace/groups/ai-member.service';
import { answerAsAi, aiErrorMessage, askedReplySetup, type ReplyAsk, type ReplySetup } from './ai-reply-run';
import { copyAsked, refusalOf, refusalText } from './store-fee';
import { aiMembersOf, aiReplyCapOf, aiUserById, conversationTail, type AiUser, type TailMessage } from './ai-reply.queries';
import { CONTEXT_MESSAGES } from './ai-context';
import { enqueueReply } from './ai-reply.queue';
import { CHAIN_STATE, endChain, handOff, loopsBack, openChain, stillRunning, takeStep, type Chain } from './chains/chain';
import { watchStop } from './chains/chain-stop';

export { aiRepliesDone } from './ai-reply.queue';

/** A stored message that may make AI members answer. */
interface Trigger {
  id: number;
  seq: number;
  /** Who wrote it: the asking member, or the AI member whose reply hands over. */
  fromId: number;
  /** The chain it belongs to (chains/chain.ts): made for the member's message, shared by the replies it leads to. */
  chain: Chain;
  conversation: string;
  /** The group, or null for a private chat. */
  groupId: number | null;
  /** Who may answer: the mentioned users (group), or the other party (private), in order. */
  candidates: number[];
  /** The member who pays (the person whose message started the chain). */
  payer: AuthUser;
  /** Written by an AI member (a reply that mentions others). */
  byAi: boolean;
  /** Each candidate's setup as it was when the message was stored (undefined: that read failed). */
  setups: Map<number, Promise<ReplySetup | null | undefined>>;
}

/** Starts reading the candidates' setups now; a failed read is logged and left to answer time. */
function setupsNow(core: Core, candidates: number[], groupId: number | null, asker: AuthUser): Trigger['setups'] {
  const out: Trigger['setups'] = new Map();
  for (const id of candidates) {
    out.set(
      id,
      // In a group, the AI member as its row there has it (the credential it runs with).
      (groupId === null ? aiUserById(core, id) : aiMembersOf(core, groupId, [id]).then(([ai]) => ai ?? null))
        .then((ai) => (ai ? askedReplySetup(core, ai, groupId, asker) : null))
        .catch((err: unknown) => {
          console.error(`[ai] could not read AI member ${id}'s setup: ${(err as Error).message}`);
          return undefined;
        }),
    );
  }
  return out;
}

/**
 * Heard from the chat's send path once a person's message is stored and delivered; `mentionOrder` is
 * the `at` the sender gave (the stored `at` keeps the mentioned members, not their order). Queues
 * the replies and returns at once; never throws.
 */
export function onMessageSent(core: Core, sender: AuthUser, message: StoredMessage, mentionOrder: number[]): void {
  try {
    const { toType, toId } = message;
    let candidates: number[];
    if (toType === 1) {
      const stored = ids(message.at).filter((n) => n > 0);
      candidates = mentionOrder.filter((id) => stored.includes(id));
    } else {
      candidates = toId === sender.id ? [] : [toId];
    }
    if (!candidates.length) return;
    const groupId = toType === 1 ? toId : null;
    const trigger: Trigger = {
      id: message.id,
      seq: message.seq,
      fromId: sender.id,
      chain: { id: 0, rootId: message.id, conversation: message.conversation, groupId, payerId: sender.id, handoffs: new Set(), pending: 0 },
      conversation: message.conversation,
      groupId: toType === 1 ? toId : null,
      candidates,
      payer: sender,
      byAi: false,
      setups: setupsNow(core, candidates, toType === 1 ? toId : null, sender),
    };
    queueTrigger(core, trigger);
  } catch (err) {
    console.error(`[ai] could not queue AI replies to message ${message.id}: ${(err as Error).message}`);
  }
}

/** How many messages at the end of the conversation (newest first) come from AI members. */
export function aiInARow(tail: TailMessage[]): number {
  let n = 0;
  while (n < tail.length && tail[n].fromAi) n++;
  return n;
}

/** Queues `t` behind the conversation's earlier replies, counted in its chain until it has run. */
function queueTrigger(core: Core, t: Trigger): void {
  t.chain.pending++;
  enqueueReply(core, t.conversation, () => answerTrigger(core, t));
}

/** Every candidate of a trigger answers, in order, while its chain runs; the chain is done when nothing of it is left. */
async function answerTrigger(core: Core, t: Trigger): Promise<void> {
  try {
    if (!t.chain.id) t.chain.id = (await openChain(core, t.chain)).id;
    for (const id of t.candidates) {
      if (!(await stillRunning(core, t.chain.id))) break;
      try {
        await answerOne(core, t, id);
      } catch (err) {
        console.error(`[ai] AI member ${id} could not answer message ${t.id}: ${(err as Error).message}`);
      }
    }
  } catch (err) {
    console.error(`[ai] the AI replies to message ${t.id} could not start: ${(err as Error).message}`);
  } finally {
    if (--t.chain.pending === 0 && t.chain.id) await endChain(core, t.chain.id, CHAIN_STATE.done).catch(() => false);
  }
}

/** The AI member `id` answers `t`, when it may, the cap allows and it would not loop. */
async function answerOne(core: Core, t: Trigger, id: number): Promise<void> {
  let ai: AiUser | undefined;
  if (t.groupId !== null) {
    [ai] = await aiMembersOf(core, t.groupId, [id]);
  } else {
    ai = (await aiUserById(core, id)) ?? undefined;
  }
  if (!ai) return;
  const tail = await conversationTail(core, t.conversation, CONTEXT_MESSAGES);
  const ask: ReplyAsk = {
    conversation: t.conversation,
    groupId: t.groupId,
    trigger: { id: t.id, seq: t.seq },
    payerId: t.payer.id,
    ai,
    purchaseId: null,
    chainId: t.chain.id,
    asker: t.payer,
  };
  if (t.groupId !== null) {
    const cap = await aiReplyCapOf(core, t.groupId);
    if (cap === null || aiInARow(tail) >= Math.min(cap, MAX_AI_REPLY_CAP)) {
      await endChain(core, t.chain.id, CHAIN_STATE.capped);
      return;
    }
    if (t.byAi && tail.some((m) => m.seq > t.seq && m.fromId === ai.id)) return;
    if (t.byAi && loopsBack(t.chain, t.fromId, ai.id)) {
      await endChain(core, t.chain.id, CHAIN_STATE.loop, { loopIds: [t.fromId, ai.id] });
      return;
    }
  }
  const copy = await copyAsked(core, ai, t.groupId, t.payer);
  if (t.groupId === null && !copy && !mayUseAi(ai, t.payer)) {
    await aiErrorMessage(core, ask, { error: 'not_available', messageId: t.id });
    return;
  }
  const refusal = copy && refusalOf(copy, t.payer.id);
  if (refusal) {
    await aiErrorMessage(core, ask, { error: refusal, messageId: t.id, text: await refusalText(core, refusal, ai, t.payer.id) });
    return;
  }
  ask.purchaseId = copy?.purchaseId ?? null;
  const then = await t.setups.get(id);
  const setup = then === undefined ? await askedReplySetup(core, ai, t.groupId, t.payer) : then;
  // Watched before the state is read again, so a stop on any instance from here on reaches this answer.
  const watch = watchStop(core, t.chain.id);
  let replied: Awaited<ReturnType<typeof answerAsAi>>;
  try {
    if (!(await takeStep(core, t.chain))) return;
    if (t.byAi) handOff(t.chain, t.fromId, ai.id);
    replied = await answerAsAi(core, { ...ask, stop: watch.signal }, tail, setup);
  } finally {
    watch.release();
  }
  if (!replied || t.groupId === null || !replied.at.length) return;
  queueTrigger(core, {
    id: replied.message.id,
    seq: replied.message.seq,
    fromId: ai.id,
    chain: t.chain,
    conversation: t.conversation,
    groupId: t.groupId,
    candidates: replied.at,
    payer: t.payer,
    byAi: true,
    setups: setupsNow(core, replied.at, t.groupId, t.payer),
  });
}
