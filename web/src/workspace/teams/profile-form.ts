/**
 * The public creator profile /apply_profile edits, between the user row and the form: nickName,
 * cover, tags and the share links `personUpdate` takes (comm-account.routes.ts OWN_FIELDS).
 *
 * Decisions the spec leaves open: at most 10 tags of up to 24 characters, trimmed and without
 * repeats; an empty share link is left out of the object sent.
 */
export const SHARE_LINKS = ['link', 'twitter', 'discord', 'telegram', 'facebook', 'wechat', 'weibo', 'lark'] as const;
export type ShareLinkKind = (typeof SHARE_LINKS)[number];
export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 24;

export interface ProfileValues {
  nickName: string;
  cover?: string;
  tags: string[];
  shareLink: Partial<Record<ShareLinkKind, string>>;
}

/** Tags trimmed, cut to length, without empties or repeats (case-insensitive), at most TAGS_MAX. */
export function cleanTags(tags: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of Array.isArray(tags) ? tags : []) {
    if (typeof raw !== 'string') continue;
    const tag = raw.trim().slice(0, TAG_MAX_LENGTH);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
    if (out.length === TAGS_MAX) break;
  }
  return out;
}

/** The form's starting values from the signed-in user's row. */
export function profileValues(user: Record<string, unknown> | null | undefined): ProfileValues {
  const links = user?.shareLink && typeof user.shareLink === 'object' && !Array.isArray(user.shareLink) ? (user.shareLink as Record<string, unknown>) : {};
  const shareLink: ProfileValues['shareLink'] = {};
  for (const k of SHARE_LINKS) if (typeof links[k] === 'string' && links[k]) shareLink[k] = links[k] as string;
  return {
    nickName: typeof user?.nickName === 'string' ? user.nickName : '',
    cover: typeof user?.cover === 'string' && user.cover ? user.cover : undefined,
    tags: cleanTags(user?.tags),
    shareLink,
  };
}

/**
 * The personUpdate body: trimmed values, empty links dropped. Share links the form does not know
 * (kept on the row by another client) are carried over, so saving here never loses them.
 */
export function profileBody(v: ProfileValues, previous?: unknown): Record<string, unknown> {
  const kept = previous && typeof previous === 'object' && !Array.isArray(previous) ? { ...(previous as Record<string, unknown>) } : {};
  for (const k of SHARE_LINKS) delete kept[k];
  const shareLink: Record<string, unknown> = { ...kept };
  for (const k of SHARE_LINKS) {
    const s = v.shareLink?.[k]?.trim();
    if (s) shareLink[k] = s;
  }
  return { nickName: v.nickName.trim(), cover: v.cover?.trim() || null, tags: cleanTags(v.tags), shareLink };
}
