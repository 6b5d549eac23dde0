/**
 * How an AI member's reply ends other than with its streamed answer (ai-reply-run.ts): a message
 * from the AI member that no answer of a run is (an error, the note that it answered privately), and
 * an answer its asker stopped, settled on the usage counted so far.
 */
import { SYSTEM, eq, t as text } from '../../core/api';
import type { Core, Row } from '../../core/api';
import type { LlmMessage } from '../../adapters/llm.adapter';
import { targetOf } from '../chat/conversation';
import { store } from '../chat/send-store';
import { AI } from './ai.messages';
import { estimateTokens } from './ai-context';
import { failRun, RUN_KIND, settle } from './charge';
import { memberActor, RUN_MESSAGE_TYPE } from './run-messages';
import { languageOf } from '../system/member-language';
import type { Replied, ReplyAsk, ReplySetup } from './ai-reply-run';

/**
 * Stores and delivers a message from the AI member in the asked conversation that no answer of a
 * run is (an error, a note), with its chain; `runId` names the run it ends, if any. Logged, never
 * thrown: the AI member may have left the group meanwhile.
 */
export async function postAsAi(core: Core, ask: ReplyAsk, type: number, content: Row, runId: number | null = null): Promise<void> {
  const target = targetOf(ask.conversation, ask.ai.id);
  if (!target) return;
  try {
    await store(core, {
      sender: memberActor(ask.ai.id),
      input: {
        ...target,
        type,
        content,
        at: [],
        clientId: null,
        replyTo: null,
        extra: { ...(runId ? { relateId: runId } : {}), ...(ask.chainId ? { extraInfo: { chain: ask.chainId } } : {}) },
      },
      mentioned: [],
      audience: null,
      groupId: ask.groupId,
      conversation: ask.conversation,
      opts: { rateLimit: false },
    });
  } catch (err) {
    console.error(`[ai] AI member ${ask.ai.id} could not post in ${ask.conversation}: ${(err as Error).message}`);
  }
}

/**
 * Stores and delivers a message of type 22 from the AI member that no run stands behind (too few
 * tokens, misconfigured, a bought copy that may not answer).
 */
export function aiErrorMessage(core: Core, ask: ReplyAsk, content: Row): Promise<void> {
  return postAsAi(core, ask, RUN_MESSAGE_TYPE.error, content);
}

/**
 * An answer its asker stopped after text had come: stored as far as it went (`{ text, stopped: true }`)
 * and settled on the usage counted here, since a provider reports usage only at the end: the prompt
 * and the text received, four characters a token (flagged as estimated). Priced by use, that is what
 * it costs; a fixed price is the price of an answer that began.
 */
export async function settleStopped(
  core: Core,
  ask: ReplyAsk,
  runId: number,
  setup: ReplySetup,
  messages: LlmMessage[],
  said: string,
): Promise<Replied | null> {
  const usage = { promptTokens: messages.reduce((n, m) => n + estimateTokens(m.content), 0), completionTokens: estimateTokens(said), cachedTokens: 0 };
  const known = {
    id: runId,
    userId: ask.payerId,
    appId: setup.appId,
    aiUserId: ask.ai.id,
    kind: RUN_KIND.aiReply,
    conversation: ask.conversation,
    chainId: ask.chainId ?? null,
  };
  try {
    await settle(
      core,
      runId,
      { usage, usageEstimated: true, model: setup.chosen.model || setup.model, content: { text: said, stopped: true }, stopped: true },
      known,
    );
  } catch (err) {
    await failRun(core, runId, { code: 'undelivered', detail: (err as Error).message });
  }
  // A stopped answer hands over to nobody.
  return null;
}

/**
 * In the group, a line from the AI member saying it answered the asker privately (in their
 * language). It names the run, so the group's readers, who saw the answer start, see it end here.
 */
export async function toldPrivately(core: Core, ask: ReplyAsk, runId: number): Promise<void> {
  const lang = await languageOf(core, ask.payerId);
  const said = text(lang, AI.ai_answered_privately, { name: await askerName(core, ask.payerId) });
  await postAsAi(core, ask, RUN_MESSAGE_TYPE.answer, { text: said, privately: ask.payerId }, runId);
}

/** A member's nickName, else username, as the chat names them. */
async function askerName(core: Core, userId: number): Promise<string> {
  const [u] = await core.ops.reads(SYSTEM).find(core.model.system('users'), eq('id', userId), { fields: ['nickName', 'username'] });
  return String(u?.nickName || u?.username || `#${userId}`);
}
