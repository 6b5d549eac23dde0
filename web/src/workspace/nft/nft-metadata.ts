/**
 * From a token's `nft_info` to the item the screen shows: the token URI (ipfs:// through the
 * configured gateway, or an https/http address) is fetched as JSON `{ name, description, image }`.
 * Anything that fails on the way (no URI, a refused or timed-out fetch, not JSON, no name) gives the
 * placeholder item 'NFT #id' (000 §8), without an image. On-chain metadata in `extension` (the
 * cw721-metadata-onchain shape) is used when there is no URI.
 *
 * Only http(s) and ipfs:// addresses are followed, for the metadata and for the image alike, so a
 * token cannot point the page at a javascript: or data: address.
 */
import { METADATA_TIMEOUT_MS, placeholderName } from './nft-constants';

export interface NftItem {
  tokenId: string;
  name: string;
  description?: string;
  /** An http(s) address of the picture, when the metadata names one. */
  image?: string;
  /** True when the metadata could not be read: the placeholder is shown. */
  placeholder: boolean;
}

/** What the cw721 `nft_info` query answers (the parts we read). */
export interface NftInfo {
  token_uri?: string | null;
  extension?: Record<string, unknown> | null;
}

/**
 * The address to fetch for `uri`: `ipfs://<cid>/<path>` (or `ipfs://ipfs/<cid>/…`) under `gateway`,
 * http(s) as it is; null for anything else.
 *
 * @example gatewayUrl('ipfs://bafy/1.json', 'https://ipfs.io/ipfs/') // 'https://ipfs.io/ipfs/bafy/1.json'
 */
export function gatewayUrl(uri: string | null | undefined, gateway: string): string | null {
  const u = (uri ?? '').trim();
  if (!u) return null;
  if (/^ipfs:\/\//i.test(u)) {
    const rest = u
      .replace(/^ipfs:\/\//i, '')
      .replace(/^ipfs\//i, '')
      .replace(/^\/+/, '');
    if (!rest || !/^https?:\/\//i.test(gateway)) return null;
    return `${gateway.replace(/\/+$/, '')}/${rest}`;
  }
  try {
    const parsed = new URL(u);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The item of token `tokenId` from its metadata JSON, or the placeholder when it has no name. */
export function itemFromMetadata(tokenId: string, meta: unknown, gateway: string): NftItem {
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return placeholder(tokenId);
  const m = meta as Record<string, unknown>;
  const name = text(m.name);
  if (!name) return placeholder(tokenId);
  const image = gatewayUrl(text(m.image) ?? text(m.image_url), gateway) ?? undefined;
  return { tokenId, name, description: text(m.description), image, placeholder: false };
}

export function placeholder(tokenId: string): NftItem {
  return { tokenId, name: placeholderName(tokenId), placeholder: true };
}

export type FetchJson = (url: string, signal: AbortSignal) => Promise<unknown>;

/** The browser's fetch, refusing answers that are not 2xx. */
export const fetchJson: FetchJson = async (url, signal) => {
  const res = await fetch(url, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
};

/** The item of one token, never rejecting: failures give the placeholder. */
export async function loadItem(
  tokenId: string,
  info: NftInfo | null,
  gateway: string,
  get: FetchJson = fetchJson,
  timeoutMs = METADATA_TIMEOUT_MS,
): Promise<NftItem> {
  if (!info) return placeholder(tokenId);
  const url = gatewayUrl(info.token_uri, gateway);
  if (!url) return info.extension ? itemFromMetadata(tokenId, info.extension, gateway) : placeholder(tokenId);
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    return itemFromMetadata(tokenId, await get(url, ctl.signal), gateway);
  } catch {
    return placeholder(tokenId);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
