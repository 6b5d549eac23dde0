/**
 * base/sys/user/isNftStacked: whether the caller has NFTs staked in the staking contract, read on the chain
 * for the caller's own starWalletAddress (server/adapters/chain.adapter.ts).
 * - no wallet address: { staked: false, tokenIds: [], wallet: null }, without asking the chain;
 * - otherwise { staked: tokenIds.length > 0, tokenIds, wallet }, the answer kept 30 s per address in core.cache;
 * - chain not configured, unreachable or answering oddly: 502 with a localized message, never a 500.
 */
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { fail } from '../../../core/http/errors';
import { call, defineRoutes } from '../../../core/modules';
import { ChainBadAnswer, ChainNotConfigured, createChainAdapter, type ChainAdapter } from '../../../adapters/chain.adapter';
import { NFT_MESSAGES } from './nft.messages';
import { walletAddress } from './user.queries';

const CACHE_SECONDS = 30;

const adapters = new WeakMap<Core, ChainAdapter>();
/** One adapter (and so one chain connection) per running app. */
function chainOf(core: Core): ChainAdapter {
  let a = adapters.get(core);
  if (!a) adapters.set(core, (a = createChainAdapter(core.config.env)));
  return a;
}

async function walletOf(core: Core, userId: number): Promise<string | null> {
  const w = await walletAddress(core, userId);
  return typeof w === 'string' && w.trim() ? w.trim() : null;
}

async function stakedTokens(core: Core, wallet: string): Promise<string[]> {
  const key = `nft:staked:${wallet}`;
  const hit = await core.cache.get(key);
  if (hit !== null) return JSON.parse(hit) as string[];
  let tokenIds: string[];
  try {
    tokenIds = await chainOf(core).stakedTokens(wallet);
  } catch (e) {
    if (e instanceof ChainNotConfigured) throw fail.badGateway(NFT_MESSAGES.chain_not_configured);
    if (e instanceof ChainBadAnswer) throw fail.badGateway(NFT_MESSAGES.chain_bad_answer);
    throw fail.badGateway(NFT_MESSAGES.chain_unreachable);
  }
  await core.cache.set(key, JSON.stringify(tokenIds), CACHE_SECONDS);
  return tokenIds;
}

export default defineRoutes((core) => [
  call(core, 'base', 'sys/user', 'isNftStacked', {
    member: true,
    method: 'POST',
    summary: l('Whether my NFTs are staked', '我的 NFT 是否已质押', '我的 NFT 是否已質押'),
    async handler(req) {
      const wallet = await walletOf(core, req.user!.id);
      if (!wallet) return { staked: false, tokenIds: [], wallet: null };
      const tokenIds = await stakedTokens(core, wallet);
      return { staked: tokenIds.length > 0, tokenIds, wallet };
    },
  }),
]);
