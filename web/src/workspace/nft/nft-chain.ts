/**
 * The chain side of the NFT screen, over CosmJS: a SigningCosmWasmClient on the settings' RPC node,
 * signing with the wallet's offline signer, gas price 0.025 in the chain's fee denom (000 §9).
 *
 * CosmJS is loaded with import() when the member connects, so it is a chunk of its own that no
 * other page downloads (the workspace's first page has a 300 KB budget).
 *
 * Decisions: the client waits up to 10 minutes for a transaction to be included (000 §9's stake
 * time-out; unstake shares the client, so the same), polling every second; the stake as a whole
 * (approval in the wallet included) is given up after 10 minutes too.
 */
import type { NftInfo } from './nft-metadata';
import type { ChainSettings } from './nft-calls';
import type { WalletSigner } from './keplr';
import { GAS_PRICE_AMOUNT, STAKE_GAS, STAKE_TIMEOUT_MS, TOKENS_MAX_PAGES, TOKENS_PAGE, UNSTAKE_GAS } from './nft-constants';
import { nftInfoQuery, sendNftMsg, stakedQuery, tokenIds, tokensQuery, unstakeMsg } from './nft-messages';

export interface NftChain {
  address: string;
  /** Token ids of the collection the wallet owns (every page of `tokens`). */
  ownedIds(): Promise<string[]>;
  /** Token ids the wallet has staked. */
  stakedIds(): Promise<string[]>;
  info(tokenId: string): Promise<NftInfo>;
  /** Sends the token to the staking contract; resolves with the transaction hash once included. */
  stake(tokenId: string): Promise<string>;
  unstake(tokenId: string): Promise<string>;
  disconnect(): void;
}

/** Rejects with `message` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function openChain(s: ChainSettings, signer: WalletSigner, address: string): Promise<NftChain> {
  const [{ SigningCosmWasmClient }, { GasPrice, calculateFee }] = await Promise.all([import('@cosmjs/cosmwasm-stargate'), import('@cosmjs/stargate')]);
  const gasPrice = GasPrice.fromString(GAS_PRICE_AMOUNT + s.denom);
  const client = await SigningCosmWasmClient.connectWithSigner(s.rpc, signer, {
    gasPrice,
    broadcastTimeoutMs: STAKE_TIMEOUT_MS,
    broadcastPollIntervalMs: 1000,
  });

  return {
    address,
    async ownedIds() {
      const all: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < TOKENS_MAX_PAGES; page++) {
        const ids = tokenIds(await client.queryContractSmart(s.collection, tokensQuery(address, after)));
        all.push(...ids);
        if (ids.length < TOKENS_PAGE) break;
        after = ids[ids.length - 1];
      }
      return all;
    },
    async stakedIds() {
      return tokenIds(await client.queryContractSmart(s.staking, stakedQuery(address)));
    },
    async info(tokenId) {
      return (await client.queryContractSmart(s.collection, nftInfoQuery(tokenId))) as NftInfo;
    },
    async stake(tokenId) {
      const sent = client.execute(address, s.collection, sendNftMsg(s.staking, tokenId), calculateFee(STAKE_GAS, gasPrice));
      return (await withTimeout(sent, STAKE_TIMEOUT_MS, 'timed out after 10 minutes')).transactionHash;
    },
    async unstake(tokenId) {
      return (await client.execute(address, s.staking, unstakeMsg(tokenId), calculateFee(UNSTAKE_GAS, gasPrice))).transactionHash;
    },
    disconnect() {
      client.disconnect();
    },
  };
}
