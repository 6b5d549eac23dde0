/**
 * The tabs of the personal centre (`/my/info?tab=…`), each linkable: the profile (the page's own
 * form), the member's commerce screens of this folder their own AI keys and API keys, one lazily loaded file each.
 */
export const ACCOUNT_TABS = ['profile', 'orders', 'purchases', 'favorites', 'goods', 'vip', 'tokens', 'earnings', 'nft', 'aikeys', 'apikeys'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** `?tab=` read leniently: an unknown or missing tab is the profile. */
export function tabOf(search: URLSearchParams): AccountTab {
  const v = search.get('tab');
  return (ACCOUNT_TABS as readonly string[]).includes(v ?? '') ? (v as AccountTab) : 'profile';
}

/** The query of tab `tab`: other parameters of the old tab are dropped, the profile has none. */
export function tabSearch(tab: AccountTab): string {
  return tab === 'profile' ? '' : `?tab=${tab}`;
}

export function accountPath(tab: AccountTab, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(tab === 'profile' ? {} : { tab, ...extra }).toString();
  return q ? `/my/info?${q}` : '/my/info';
}
