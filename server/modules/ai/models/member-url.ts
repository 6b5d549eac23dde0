/**
 * Which base URLs a member's own provider key may name (models/own-key.ts). An administrator's
 * provider may point anywhere (a local Ollama is normal), but a member's URL is one the server then
 * calls: left open, any member could make it reach the server's own network (a database console on
 * 127.0.0.1, a cloud's metadata service on 169.254.169.254). So a member's URL must be http(s) and
 * its host must not be, or resolve to, a loopback, private, link-local, shared or reserved address,
 * unless the administrator allows local addresses (param aiOwnKeyLocalUrls, for an install whose
 * members run their models beside it). The name is resolved when the key's adapter is made (then
 * cached with it), so a name that later moves to a private address is caught only on the next change
 * of the key or after the cache ages (own-key.ts).
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is one a member's URL may not reach (IPv4-mapped IPv6 addresses are checked as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/** Why a URL may not be used: in English, for the run's record; `transient` when asking again later may pass (a name not resolved). */
export interface UrlRefusal {
  reason: string;
  transient?: boolean;
}

/** Why `url` may not be a member's base URL; null when it may. */
export async function memberUrlRefusal(url: string, allowLocal: boolean): Promise<UrlRefusal | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { reason: 'the base URL is not a URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { reason: 'the base URL must start with http:// or https://' };
  if (allowLocal) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isBlockedAddress(host) ? { reason: `the base URL names a local or private address (${host})` } : null;
  if (LOCAL_NAMES.test(host)) return { reason: `the base URL names a local host (${host})` };
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { reason: `the base URL's host ${host} could not be resolved`, transient: true };
  }
  const bad = addresses.find((a) => isBlockedAddress(a.address));
  return bad ? { reason: `the base URL's host ${host} resolves to a local or private address (${bad.address})` } : null;
}
