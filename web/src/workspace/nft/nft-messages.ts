/**
 * The contract messages of NFT staking, as docs/reference/calls/nft.md writes them down
 * (our choice where 000 does not show them):
 * - cw721 collection queries `{ tokens: { owner, start_after?, limit? } }` -> `{ tokens: string[] }` and
 *   `{ nft_info: { token_id } }` -> `{ token_uri, extension }`;
 * - staking contract query `{ staked: { owner } }` -> `{ tokens: string[] }`;
 * - stake = cw721 `send_nft` to the staking contract with the message `{ stake: {} }` (base64 JSON);
 * - unstake = staking contract execute `{ unstake: { token_id } }`.
 */
import { TOKENS_PAGE } from './nft-constants';

export const tokensQuery = (owner: string, startAfter?: string) => ({
  tokens: startAfter === undefined ? { owner, limit: TOKENS_PAGE } : { owner, start_after: startAfter, limit: TOKENS_PAGE },
});

export const stakedQuery = (owner: string) => ({ staked: { owner } });

export const nftInfoQuery = (tokenId: string) => ({ nft_info: { token_id: tokenId } });

/** The hook message the staking contract receives with the token (`Cw721ReceiveMsg.msg`). */
export const STAKE_HOOK = { stake: {} };

export const sendNftMsg = (staking: string, tokenId: string) => ({
  send_nft: { contract: staking, token_id: tokenId, msg: btoa(JSON.stringify(STAKE_HOOK)) },
});

export const unstakeMsg = (tokenId: string) => ({ unstake: { token_id: tokenId } });

/** The token ids of a `{ tokens: string[] }` answer; throws when the answer has another shape. */
export function tokenIds(answer: unknown): string[] {
  const tokens = (answer as { tokens?: unknown } | null)?.tokens;
  if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === 'string'))
    throw new Error('unexpected answer from the contract (expected { tokens: string[] })');
  return tokens;
}
