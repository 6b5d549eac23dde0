/** A group's card as the settings form edits it, and what of it changed (for `group/updateGroupInfo`); its AI budgets only from the owner. */
import type { GroupCard, MyGroup } from './board-api';
import { AI_REPLY_CAP } from '../../generated/shared';

export interface CardValues {
  name: string;
  remark: string;
  avatar: string;
  rows: number;
  cols: number;
  onBoard: boolean;
  aiReplyCap: number;
  /** Empty: no budget. */
  aiBudgetDay: number | null;
  aiBudgetMonth: number | null;
}

export function cardValues(g: MyGroup): CardValues {
  return {
    name: g.name,
    remark: g.remark ?? '',
    avatar: g.avatar ?? '',
    rows: g.rows,
    cols: g.cols,
    onBoard: g.onBoard === 1,
    aiReplyCap: typeof g.aiReplyCap === 'number' ? g.aiReplyCap : AI_REPLY_CAP.default,
    aiBudgetDay: g.aiBudgetDay ?? null,
    aiBudgetMonth: g.aiBudgetMonth ?? null,
  };
}

/** The fields of `v` that differ from the group's (texts trimmed, an emptied text sent as null). */
export function changedCard(g: MyGroup, v: CardValues): GroupCard {
  const out: GroupCard = {};
  const was = cardValues(g);
  const text = (s: string | undefined) => (s ?? '').trim();
  if (text(v.name) !== was.name) out.name = text(v.name);
  if (text(v.remark) !== was.remark) out.remark = text(v.remark) || null;
  if (text(v.avatar) !== was.avatar) out.avatar = text(v.avatar) || null;
  if (v.rows !== was.rows) out.rows = v.rows;
  if (v.cols !== was.cols) out.cols = v.cols;
  if (v.onBoard !== was.onBoard) out.onBoard = v.onBoard ? 1 : 0;
  if (typeof v.aiReplyCap === 'number' && v.aiReplyCap !== was.aiReplyCap) out.aiReplyCap = v.aiReplyCap;
  // Budgets are the owner's alone: a deputy's form never sends them (the server would refuse the save).
  if (g.role === 'owner') {
    const budget = (n: number | null | undefined) => (typeof n === 'number' && n > 0 ? n : null);
    if (budget(v.aiBudgetDay) !== was.aiBudgetDay) out.aiBudgetDay = budget(v.aiBudgetDay);
    if (budget(v.aiBudgetMonth) !== was.aiBudgetMonth) out.aiBudgetMonth = budget(v.aiBudgetMonth);
  }
  return out;
}
