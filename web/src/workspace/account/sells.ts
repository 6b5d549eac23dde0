/**
 * What a listing sells (goods/info `relateType`, issue 37): nothing to deliver, one of the seller's
 * AI members (`workflowId`, with `updatesIncluded` and a `runPrice` in tokens), a place in one of
 * their groups (`groupId`), or their private files (`attachments`, file ids). The publish form's
 * values of it, and the body it sends.
 */

export const SELLS = { nothing: 0, ai: 1, group: 2, files: 3 } as const;
export type SellsKind = (typeof SELLS)[keyof typeof SELLS];
export const SELLS_KINDS: readonly SellsKind[] = [SELLS.nothing, SELLS.ai, SELLS.group, SELLS.files];

/** The most files one listing sells (the server's MAX_SOLD_FILES). */
export const MAX_SOLD_FILES = 20;

/** A private file sold by a listing, as the form lists it. */
export interface SoldFile {
  id: number;
  name: string | null;
  size: number | null;
}

/** The form's fields of what a listing sells; the names are the server's, so its 1002 lands on them. */
export interface SellsValues {
  relateType: SellsKind;
  workflowId?: number | null;
  groupId?: number | null;
  attachments?: SoldFile[];
  updatesIncluded: boolean;
  runPrice?: number | null;
}

/** A stored relateType read leniently: anything unknown sells nothing to deliver. */
export function kindOf(v: unknown): SellsKind {
  const n = Number(v ?? 0);
  return (SELLS_KINDS as readonly number[]).includes(n) ? (n as SellsKind) : SELLS.nothing;
}

const idOr = (v: unknown): number | null => (Number.isSafeInteger(Number(v)) && Number(v) > 0 ? Number(v) : null);

/** The file ids of stored attachments (a free-form list of a listing that sold nothing keeps none). */
export function attachmentIds(v: unknown): number[] {
  return Array.isArray(v) ? v.map(idOr).filter((id): id is number => id !== null) : [];
}

/** Whether a stored updatesIncluded is on (its default is on). */
export function updatesOn(v: unknown): boolean {
  return v === undefined || v === null ? true : v === true || v === 1 || v === '1';
}

/** A stored listing's fields of what it sells. */
export interface StoredSells {
  relateType?: unknown;
  workflowId?: unknown;
  groupId?: unknown;
  attachments?: unknown;
  updatesIncluded?: unknown;
  runPrice?: unknown;
}

/** The form's values of a stored listing (a new one sells nothing to deliver); its files are named later. */
export function sellsValues(g: StoredSells | null): SellsValues {
  const relateType = kindOf(g?.relateType);
  return {
    relateType,
    workflowId: idOr(g?.workflowId),
    groupId: idOr(g?.groupId),
    attachments: relateType === SELLS.files ? attachmentIds(g?.attachments).map((id) => ({ id, name: null, size: null })) : [],
    updatesIncluded: updatesOn(g?.updatesIncluded),
    runPrice: g?.runPrice === null || g?.runPrice === undefined ? null : Number(g.runPrice),
  };
}

/**
 * What the publish form sends of what the listing sells: the chosen kind's fields, the others'
 * cleared, except attachments, which are sent only for files: the buyers of files the listing sold
 * before keep fetching them through its attachments.
 */
export function sellsBody(v: SellsValues) {
  const kind = kindOf(v.relateType);
  return {
    relateType: kind,
    workflowId: kind === SELLS.ai ? (v.workflowId ?? null) : null,
    groupId: kind === SELLS.group ? (v.groupId ?? null) : null,
    ...(kind === SELLS.files ? { attachments: (v.attachments ?? []).map((f) => f.id) } : {}),
    updatesIncluded: kind === SELLS.ai ? v.updatesIncluded : true,
    runPrice: kind === SELLS.ai ? (v.runPrice ?? null) : null,
  };
}
