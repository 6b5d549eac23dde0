/**
 * Where things live in the workspace: the workbench's tabs (`/workbench?tab=…`) and the address of
 * a conversation (`/workbench?tab=chats&to=1-7`: group 7; `0-12`: the private chat with user 12).
 */
import type { Target } from '../app/socket';

/** The NFT screen (staking), reached from the member menu. */
export const NFT_PATH = '/nft';

export const TABS = ['board', 'chats', 'friends', 'teams'] as const;
export type Tab = (typeof TABS)[number];

export function tabOf(search: URLSearchParams): Tab {
  const t = search.get('tab');
  return (TABS as readonly string[]).includes(t ?? '') ? (t as Tab) : 'board';
}

export function tabPath(tab: Tab): string {
  return tab === 'board' ? '/workbench' : `/workbench?tab=${tab}`;
}

export function chatPath(t: Target): string {
  return `/workbench?tab=chats&to=${t.toType}-${t.toId}`;
}

/** The conversation named by `to` (`1-7`), or null. */
export function targetOf(search: URLSearchParams): Target | null {
  const m = /^([01])-(\d{1,15})$/.exec(search.get('to') ?? '');
  if (!m) return null;
  return { toType: Number(m[1]) as 0 | 1, toId: Number(m[2]) };
}
