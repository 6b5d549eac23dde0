/**
 * The server calls of the NFT screen: the chain's public settings, and linking the connected wallet
 * to the signed-in account (a challenge the wallet signs with ADR-36, then bindWallet, which checks
 * the signature). All silent: the screen shows their failures in its own words.
 */
import { calls } from '../../app/data';
import type { ChainSettings } from '../../generated/shared';

/** `GET /admin/base/open/chainSettings`: public values only (the server's type, generated). */
export type { ChainSettings };

export interface WalletChallenge {
  nonce: string;
  message: string;
  expiresAt: string;
}

export interface BindWalletBody {
  address: string;
  pubKey: { type: string; value: string };
  signature: string;
  nonce: string;
}

const quiet = { silent: true } as const;

/** True when the settings name everything the screen needs to reach the chain. */
export const chainReady = (s: ChainSettings | null): s is ChainSettings => !!(s && s.chainId && s.rpc && s.collection && s.staking && s.denom);

export const nftCalls = {
  settings: () => calls.base.open.chainSettings({}, { ...quiet, skipAuth: true }) as Promise<ChainSettings>,
  challenge: () => calls.base.sys.user.walletChallenge({}, quiet) as Promise<WalletChallenge>,
  bind: (body: BindWalletBody) => calls.base.sys.user.bindWallet(body, quiet),
  /** Makes the server read the linked wallet's staked tokens anew (its answer is cached otherwise). */
  refreshStaked: () => calls.base.sys.user.isNftStacked({ refresh: true }, quiet),
};
