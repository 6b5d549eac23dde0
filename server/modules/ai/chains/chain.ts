/**
 * A chain of AI replies (issue 41): one member's message, the AI members it mentions answering it,
 * and those their replies mention answering in turn, all paid by that member. The chain is a row
 * (ai/chain) so that every instance and every reader sees how it stands, and each reply's run names
 * it (base/run.chainId), so its steps, their receipts and its total are the runs that name it.
 *
 * The rules (ai-reply.service.ts applies them before each step):
 * - The group's `aiReplyCap` of AI messages in a row stays the one cap: reaching it ends the chain
 *   as `capped`.
 * - A loop is two AI members answering each other again: X is about to answer Y although X has
 *   already answered Y in this chain (`loopsBack`). One round trip (A asks B, B answers and asks A
 *   back, A answers) is a conversation; the second is a loop, and the chain ends as `loop` with the
 *   two named, before that step is paid.
 * - The member who started it (or an administrator) stops it (chain-stop.ts): no further step
 *   starts, and the answer streaming then ends, charged for what the model used.
 * - It is `done` when nobody is left to answer.
 *
 * Each change of state goes to the conversation's readers as `notice { kind: 'chain', data }`
 * (`chainNotice`: no costs; those are the payer's, through ai/chain/thread).
 */
import { SYSTEM, and, entity, eq } from '../../../core/api';
import type { Core, EntityRow } from '../../../core/api';
import { CHAIN_STATE } from '../../../../entities/ai/chain.entity';
import { toAudience } from '../run-messages';

export { CHAIN_STATE };

export type ChainRow = EntityRow<'ai/chain'>;
export type ChainState = (typeof CHAIN_STATE)[keyof typeof CHAIN_STATE];

/** A chain as the process answering it holds it while it runs. */
export interface Chain {
  id: number;
  rootId: number;
  conversation: string;
  groupId: number | null;
  payerId: number;
  /** The hand-offs made: `${from}>${to}` for AI member `to` answering AI member `from` (handOff). */
  handoffs: Set<string>;
  /** Triggers queued or running in this chain; at 0 it is done. */
  pending: number;
}

const chains = (core: Core) => entity(core.model, 'ai/chain');

/** The notice of a chain's state to its conversation's readers. */
export function chainNotice(row: Pick<ChainRow, 'id' | 'rootId' | 'conversation' | 'state' | 'steps' | 'loopIds' | 'payerId'>) {
  return {
    kind: 'chain' as const,
    data: {
      id: row.id,
      rootId: row.rootId,
      conversation: row.conversation,
      state: row.state,
      steps: row.steps,
      payerId: row.payerId,
      loopIds: Array.isArray(row.loopIds) ? row.loopIds : null,
    },
  };
}

function tell(core: Core, row: ChainRow): void {
  toAudience(core, { userId: row.payerId, conversation: row.conversation }, chainNotice(row));
}

async function rowOf(core: Core, id: number): Promise<ChainRow | null> {
  const [row] = await core.ops.reads(SYSTEM).find(chains(core), eq('id', id));
  return row ?? null;
}

/** The chain started by message `rootId`, made when its first reply is asked for (once: the root is unique). */
export async function openChain(core: Core, c: { rootId: number; conversation: string; groupId: number | null; payerId: number }): Promise<Chain> {
  const { id } = await core.ops.transaction(SYSTEM, (t) =>
    t.addIfAbsent(
      chains(core),
      { rootId: c.rootId, conversation: c.conversation, groupId: c.groupId, payerId: c.payerId, state: CHAIN_STATE.running, steps: 0 },
      ['rootId'],
      {
        trusted: true,
      },
    ),
  );
  return { id, rootId: c.rootId, conversation: c.conversation, groupId: c.groupId, payerId: c.payerId, handoffs: new Set(), pending: 0 };
}

/** Whether the chain may take another step (it was not stopped or ended meanwhile, on any instance). */
export async function stillRunning(core: Core, chainId: number): Promise<boolean> {
  const row = await rowOf(core, chainId);
  return row?.state === CHAIN_STATE.running;
}

/**
 * One more step, taken only while the chain runs (stopped or ended meanwhile on any instance, it is
 * not): the row locked, its state read and its step counted in one transaction, then told. Answers
 * whether the step was taken.
 */
export async function takeStep(core: Core, chain: Chain): Promise<boolean> {
  const row = await core.ops.transaction(SYSTEM, async (t) => {
    const [locked] = await t.lock(chains(core), chain.id);
    if (!locked || locked.state !== CHAIN_STATE.running) return null;
    const steps = Number(locked.steps) + 1;
    await t.updateWhere(chains(core), chain.id, { steps });
    return { ...locked, steps };
  });
  if (row) tell(core, row);
  return row !== null;
}

/**
 * Ends a running chain as `state` (conditional: a chain already ended stays as it is); answers
 * whether this call ended it. Told to the conversation when it did.
 */
export async function endChain(
  core: Core,
  chainId: number,
  state: Exclude<ChainState, 0>,
  extra: { loopIds?: number[]; stoppedBy?: number } = {},
): Promise<boolean> {
  const changed = await core.ops.transaction(SYSTEM, (t) =>
    t.updateWhere(chains(core), and(eq('id', chainId), eq('state', CHAIN_STATE.running)), {
      state,
      endTime: new Date().toISOString(),
      ...(extra.loopIds ? { loopIds: extra.loopIds } : {}),
      ...(extra.stoppedBy ? { stoppedBy: extra.stoppedBy } : {}),
    }),
  );
  if (changed) {
    const row = await rowOf(core, chainId);
    if (row) tell(core, row);
  }
  return changed > 0;
}

const handOffKey = (from: number, to: number) => `${from}>${to}`;

/** Whether AI member `to` answering AI member `from` repeats a hand-off this chain has already made. */
export function loopsBack(chain: Pick<Chain, 'handoffs'>, from: number, to: number): boolean {
  return chain.handoffs.has(handOffKey(from, to));
}

/** AI member `to` answers AI member `from` in this chain. */
export function handOff(chain: Pick<Chain, 'handoffs'>, from: number, to: number): void {
  chain.handoffs.add(handOffKey(from, to));
}

/** Reads the chain, as the system. */
export function chainById(core: Core, id: number): Promise<ChainRow | null> {
  return rowOf(core, id);
}
