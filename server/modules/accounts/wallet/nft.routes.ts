/**
 * The NFT staking calls that read settings or the chain (wallet linking is in nft-wallet.routes.ts):
 *
 * base/open/chainSettings (GET, public): the chain's public settings for the web app, only those
 * (chain-settings.ts): chainId, chainName, rpc, rest, collection, staking, denom, gasPrice, bech32Prefix,
 * ipfsGateway.
 *
 * base/sys/user/isNftStacked: whether the caller has NFTs staked in the staking contract, read on the chain
 * for the caller's own starWalletAddress (server/adapters/chain.adapter.ts, pointed by the same settings).
 * - no wallet address: { staked: false, tokenIds: [], wallet: null }, without asking the chain;
 * - otherwise { staked: tokenIds.length > 0, tokenIds, wallet }, the answer kept 30 s per address in core.cache;
 *   `{ refresh: true }` in the body reads the chain anew (the staking screen sends it after a transaction);
 * - chain not configured, unreachable or answering oddly: 502 with a localized message, never a 500.
 */
import { l, fail, call, defineRoutes, bool, BOOL, STR, listOf, nullable, obj } from '../../../core/api';
import type { Core } from '../../../core/api';
import { ChainBadAnswer, ChainNotConfigured, createChainAdapter, type ChainAdapter } from '../../../adapters/chain.adapter';
import { chainSettings, chainTimeoutMs } from './chain-settings';
import { NFT_MESSAGES } from './nft.messages';
import { walletAddress } from '../../system/user.queries';

const CACHE_SECONDS = 30;

const adapters = new WeakMap<Core, ChainAdapter>();
/** One adapter (and so one chain connection) per running app. */
function chainOf(core: Core): ChainAdapter {
  let a = adapters.get(core);
  if (!a) {
    a = createChainAdapter(async () => {
      const s = await chainSettings(core);
      return { rpcUrl: s.rpc, stakingContract: s.staking, timeoutMs: chainTimeoutMs(core) };
    });
    adapters.set(core, a);
  }
  return a;
}

async function walletOf(core: Core, userId: number): Promise<string | null> {
  const w = await walletAddress(core, userId);
  return typeof w === 'string' && w.trim() ? w.trim() : null;
}

export const stakedCacheKey = (wallet: string) => `nft:staked:${wallet}`;

async function stakedTokens(core: Core, wallet: string, refresh: boolean): Promise<string[]> {
  const key = stakedCacheKey(wallet);
  const hit = refresh ? null : await core.cache.get(key);
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
  call(core, 'base', 'open', 'chainSettings', {
    method: 'GET',
    summary: l('Chain settings for NFT staking', 'NFT 质押的区块链设置', 'NFT 質押的區塊鏈設定'),
    input: {},
    access: 'public',
    effect: 'read',
    answer: obj(
      Object.fromEntries(
        ['chainId', 'chainName', 'rpc', 'rest', 'collection', 'staking', 'denom', 'gasPrice', 'bech32Prefix', 'ipfsGateway'].map((k) => [k, STR]),
      ),
    ),
    handler: () => chainSettings(core),
  }),
  call(core, 'base', 'sys/user', 'isNftStacked', {
    member: true,
    method: 'POST',
    summary: l('Whether my NFTs are staked', '我的 NFT 是否已质押', '我的 NFT 是否已質押'),
    input: { refresh: bool().optional() },
    effect: 'read',
    answer: obj({ staked: BOOL, tokenIds: listOf(STR), wallet: nullable(STR) }),
    async handler(req, { refresh }) {
      const wallet = await walletOf(core, req.user!.id);
      if (!wallet) return { staked: false, tokenIds: [], wallet: null };
      const tokenIds = await stakedTokens(core, wallet, refresh === true);
      return { staked: tokenIds.length > 0, tokenIds, wallet };
    },
  }),
]);
