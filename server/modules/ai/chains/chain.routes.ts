/**
 * The calls of reply chains (chain.ts), for members:
 * - `ai/chain/thread?id=`: a chain as its conversation's readers see it: who answered in which order,
 *   how each step ended, how the chain ended (a loop names its two AI members). Its costs (each
 *   step's charge, the total) only to the member who asked and pays, and to administrators; each
 *   step's receipt is `base/run/receipt?id=` of its run. Anyone who cannot read the conversation
 *   gets 404, as for a chain that does not exist.
 * - `ai/chain/stop {id}`: the member who asked (or an administrator) stops it: no further step, and
 *   the answer streaming now ends, charged for what the model used (chain-stop.ts). Stopping a chain
 *   that has ended changes nothing and answers it as it is.
 */
import { SYSTEM, and, entity, eq, isIn, fail, l, call, defineRoutes, id, INT, NUM, STR, BOOL, listOf, nullable, obj } from '../../../core/api';
import type { AuthUser, Core } from '../../../core/api';
import { readableOrNull } from '../../chat/chat-access';
import { targetOf } from '../../chat/conversation';
import { fromUnits, toUnits } from '../../commerce/pay/money';
import { TOKEN_KIND } from '../../commerce/ledger/ledger.service';
import { RUN_STATUS } from '../charge';
import { CHAIN_STATE, chainById, endChain, type ChainRow } from './chain';
import { tellStopped } from './chain-stop';
import { CHAIN } from './chain.messages';

const STEP = obj({
  runId: INT,
  aiUserId: nullable(INT),
  aiName: nullable(STR),
  status: INT,
  stopped: BOOL,
  answerId: nullable(INT),
  startTime: nullable(STR),
  charged: nullable(NUM),
});

export const THREAD = obj({
  id: INT,
  rootId: INT,
  conversation: STR,
  state: INT,
  steps: INT,
  payerId: INT,
  loopIds: nullable(listOf(INT)),
  stoppedBy: nullable(INT),
  endTime: nullable(STR),
  mine: BOOL,
  runs: listOf(STEP),
  total: nullable(NUM),
});

const GIVEN_BACK: number[] = [TOKEN_KIND.runRefund, TOKEN_KIND.runUnused];

/** The chain when `user` may read its conversation, else 404 (whether it exists is not said). */
async function readable(core: Core, user: AuthUser, chainId: number): Promise<ChainRow> {
  const chain = await chainById(core, chainId);
  const target = chain && targetOf(chain.conversation, user.id);
  // A private chat is readable by its two users only: the key seen from the caller must be the chain's.
  const key = target ? await readableOrNull(core, user, target) : null;
  if (!chain || key !== chain.conversation) throw fail.notFound(CHAIN.ai_chain_not_found);
  return chain;
}

async function thread(core: Core, user: AuthUser, chain: ChainRow) {
  const reads = core.ops.reads(SYSTEM);
  const runs = await reads.find(entity(core.model, 'base/run'), eq('chainId', chain.id), {
    fields: ['id', 'aiUserId', 'status', 'stopped', 'answerId', 'startTime', 'cost'],
  });
  runs.sort((a, b) => a.id - b.id);
  const aiIds = [...new Set(runs.map((r) => r.aiUserId).filter((n): n is number => !!n))];
  const names = aiIds.length ? await reads.find(core.model.system('users'), isIn('id', aiIds), { fields: ['id', 'nickName', 'username'] }) : [];
  const nameOf = new Map(names.map((u) => [Number(u.id), String(u.nickName || u.username || '') || null]));
  const mine = user.isAdmin || user.id === chain.payerId;
  let charges = new Map<number, number>();
  if (mine && runs.length) {
    const entries = await reads.find(
      entity(core.model, 'base/tokenLog'),
      and(
        eq('relateType', 'run'),
        isIn(
          'relateId',
          runs.map((r) => r.id),
        ),
        eq('userId', chain.payerId),
      ),
      {
        fields: ['relateId', 'type', 'tokens'],
      },
    );
    charges = new Map(
      runs.map((r) => {
        const back = entries.filter((e) => Number(e.relateId) === r.id && GIVEN_BACK.includes(Number(e.type))).reduce((n, e) => n + toUnits(e.tokens), 0);
        return [r.id, r.status === RUN_STATUS.running ? 0 : toUnits(r.cost) - back];
      }),
    );
  }
  const steps = runs.map((r) => ({
    runId: r.id,
    aiUserId: r.aiUserId ?? null,
    aiName: (r.aiUserId && nameOf.get(r.aiUserId)) || null,
    status: Number(r.status),
    stopped: Number(r.stopped ?? 0) === 1,
    answerId: r.answerId ?? null,
    startTime: r.startTime ?? null,
    charged: mine ? fromUnits(charges.get(r.id) ?? 0) : null,
  }));
  return {
    id: chain.id,
    rootId: chain.rootId,
    conversation: chain.conversation,
    state: Number(chain.state),
    steps: Number(chain.steps),
    payerId: chain.payerId,
    loopIds: Array.isArray(chain.loopIds) ? (chain.loopIds as number[]) : null,
    stoppedBy: chain.stoppedBy ?? null,
    endTime: chain.endTime ?? null,
    mine,
    runs: steps,
    total: mine ? fromUnits([...charges.values()].reduce((a, b) => a + b, 0)) : null,
  };
}

export default defineRoutes((core: Core) => [
  call(core, 'ai', 'chain', 'thread', {
    method: 'GET',
    member: true,
    summary: l(
      'A chain of AI replies: its steps and, for the asker, their costs',
      'AI 回复链：各步骤及（提问者可见的）费用',
      'AI 回覆鏈：各步驟及（提問者可見的）費用',
    ),
    description: l(
      "The AI members that answered one member's message and those their replies handed over to, in order, how each step and the chain ended (a loop names its two AI members). Each step's charge and the total only to the member who asked (each step's receipt: base/run/receipt) and to administrators. 404 for anyone who cannot read the conversation.",
      '回答某条会员消息的 AI 成员及其回复转交的 AI 成员（按顺序），每一步及整条链如何结束（循环会指明两个 AI 成员）。每一步的费用与合计只对提问的会员（每步收据：base/run/receipt）和管理员可见。不能阅读该会话者得到 404。',
      '回答某則會員訊息的 AI 成員及其回覆轉交的 AI 成員（依序），每一步及整條鏈如何結束（循環會指明兩個 AI 成員）。每一步的費用與合計只對提問的會員（每步收據：base/run/receipt）和管理員可見。不能閱讀該對話者得到 404。',
    ),
    input: { id: id() },
    effect: 'read',
    answer: THREAD,
    handler: async (req, input) => thread(core, req.user!, await readable(core, req.user!, input.id)),
  }),
  call(core, 'ai', 'chain', 'stop', {
    method: 'POST',
    member: true,
    summary: l('Stop a chain of AI replies you started', '停止你发起的 AI 回复链', '停止你發起的 AI 回覆鏈'),
    description: l(
      'No further AI member answers in it, and the answer streaming now ends at once, on whichever server it runs, charged for what the model used until then. Only the member who asked (or an administrator); a chain that has ended is answered as it is.',
      '链中不再有 AI 成员回答，正在输出的回答立即结束（无论在哪台服务器上），按模型到此为止的用量计费。仅限提问的会员（或管理员）；已结束的链原样返回。',
      '鏈中不再有 AI 成員回答，正在輸出的回答立即結束（無論在哪台伺服器上），按模型到此為止的用量計費。僅限提問的會員（或管理員）；已結束的鏈原樣返回。',
    ),
    input: { id: id() },
    effect: 'write',
    answer: THREAD,
    handler: async (req, input) => {
      const user = req.user!;
      const chain = await readable(core, user, input.id);
      if (chain.payerId !== user.id && !user.isAdmin) throw fail.forbidden(CHAIN.ai_chain_not_yours);
      if (chain.state === CHAIN_STATE.running && (await endChain(core, chain.id, CHAIN_STATE.stopped, { stoppedBy: user.id }))) tellStopped(core, chain.id);
      return thread(core, user, (await chainById(core, chain.id)) ?? chain);
    },
  }),
]);
