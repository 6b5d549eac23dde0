/**
 * What an AI member's answer did with its tools (issue 41): the calls it made, folded
 * (ToolCallBlock), and the writes it proposed, each a card its asker confirms or cancels
 * (ToolProposal). The answer carries them (`content.tools`, `content.proposals`); a proposal's state
 * as it changes comes with `notice { kind: 'toolCall' }` (a confirm on another device, by another
 * server), and the asker's own pending proposals are read again once when shown (`ai/toolCall/info`),
 * so a page opened after a confirm shows it done.
 */
import { useEffect, useState } from 'react';
import { data } from '../../app/data';
import { useNotice } from '../realtime';
import ToolCallBlock from './ToolCallBlock';
import ToolProposal from './ToolProposal';
import { proposalState, type ProposalState, type ProposalView, type ToolCallView } from './tool-calls';

interface Carried {
  tools?: unknown;
  proposals?: unknown;
}

const listOf = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** Whether a message's content holds tool calls or proposals (the answer of an AI member that used tools). */
export function hasTools(content: unknown): boolean {
  if (!content || typeof content !== 'object') return false;
  const c = content as Carried;
  return listOf(c.tools).length > 0 || listOf(c.proposals).length > 0;
}

/** The states the server answered for the tool calls this page asked about. */
const STATE_NAMES: Record<number, ProposalState> = { 0: 'pending', 1: 'running', 2: 'done', 3: 'failed', 4: 'refused', 5: 'cancelled' };

export default function AnswerTools({ content, me, askerId }: { content: unknown; me: number; askerId: number | null }) {
  const c = (content && typeof content === 'object' ? content : {}) as Carried;
  const tools = listOf<ToolCallView>(c.tools);
  const proposals = listOf<ProposalView & { askerId?: number }>(c.proposals);
  const [states, setStates] = useState<Record<number, ProposalState>>({});
  useNotice('toolCall', (n) => {
    if (proposals.some((p) => p.id === n.id)) setStates((s) => ({ ...s, [n.id]: proposalState(n.state) }));
  });
  const mineIds = proposals.filter((p) => (p.askerId ?? askerId) === me).map((p) => p.id);
  useEffect(() => {
    let live = true;
    for (const id of mineIds) {
      (data('ai/toolCall').info(id, { silent: true }) as Promise<{ state?: unknown }>).then(
        (row) => {
          const named = typeof row?.state === 'number' ? STATE_NAMES[row.state] : typeof row?.state === 'string' ? proposalState(row.state) : undefined;
          if (live && named) setStates((s) => ({ ...s, [id]: named }));
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [mineIds.join(',')]); // the ids, not the array made at each render
  if (!tools.length && !proposals.length) return null;
  return (
    <div className="chat-answer-tools">
      <ToolCallBlock calls={tools} />
      {proposals.map((p) => (
        <ToolProposal
          key={p.id}
          proposal={{ ...p, state: states[p.id] ?? proposalState(String(p.state ?? 'pending')) }}
          mine={(p.askerId ?? askerId) === me}
          onChange={(state) => setStates((s) => ({ ...s, [p.id]: state }))}
        />
      ))}
    </div>
  );
}
