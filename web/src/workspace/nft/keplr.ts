/**
 * The part of the Keplr extension's `window.keplr` we use, and how we ask it for the chain:
 * `enable(chainId)`; when Keplr does not know the chain (a test network), the chain is suggested
 * from the server's settings with `experimentalSuggestChain` and enabled again. Signing of
 * transactions goes through `getOfflineSigner(chainId)`; linking the wallet to the account signs
 * the server's challenge with ADR-36 `signArbitrary`.
 */
import type { SigningCosmWasmClient } from '@cosmjs/cosmwasm-stargate';
import type { ChainSettings } from './nft-calls';

/** The signer CosmJS takes (type only: nothing of CosmJS is loaded by this file). */
export type WalletSigner = Parameters<typeof SigningCosmWasmClient.connectWithSigner>[1];

/** An amino StdSignature as Keplr's signArbitrary answers it. */
export interface ArbitrarySignature {
  pub_key: { type: string; value: string };
  signature: string;
}

export interface Keplr {
  enable(chainId: string): Promise<void>;
  experimentalSuggestChain?(info: unknown): Promise<void>;
  getOfflineSigner(chainId: string): WalletSigner | Promise<WalletSigner>;
  signArbitrary(chainId: string, signer: string, data: string): Promise<ArbitrarySignature>;
}

/** The extension, or null when it is not installed. */
export function keplrOf(win: Window): Keplr | null {
  const k = (win as Window & { keplr?: Keplr }).keplr;
  return k && typeof k.enable === 'function' ? k : null;
}

/** The event Keplr fires when the user switches accounts. */
export const KEYSTORE_CHANGE = 'keplr_keystorechange';

/** The chain as Keplr's experimentalSuggestChain takes it, from the server's settings. */
export function suggestedChain(s: ChainSettings) {
  const p = s.bech32Prefix;
  const coinDenom = s.denom.replace(/^u/, '').toUpperCase() || s.denom;
  const currency = { coinDenom, coinMinimalDenom: s.denom, coinDecimals: 6 };
  return {
    chainId: s.chainId,
    chainName: s.chainName || s.chainId,
    rpc: s.rpc,
    rest: s.rest,
    bip44: { coinType: 118 },
    bech32Config: {
      bech32PrefixAccAddr: p,
      bech32PrefixAccPub: `${p}pub`,
      bech32PrefixValAddr: `${p}valoper`,
      bech32PrefixValPub: `${p}valoperpub`,
      bech32PrefixConsAddr: `${p}valcons`,
      bech32PrefixConsPub: `${p}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [{ ...currency, gasPriceStep: { low: 0.025, average: 0.025, high: 0.04 } }],
    stakeCurrency: currency,
  };
}

const unknownChain = (e: unknown) => /chain info|not (?:supported|found)|unknown chain/i.test(e instanceof Error ? e.message : String(e));

/** Enables the chain in Keplr, suggesting it first when Keplr does not know it. */
export async function enableChain(keplr: Keplr, s: ChainSettings): Promise<void> {
  try {
    await keplr.enable(s.chainId);
  } catch (e) {
    if (!keplr.experimentalSuggestChain || !unknownChain(e)) throw e;
    await keplr.experimentalSuggestChain(suggestedChain(s));
    await keplr.enable(s.chainId);
  }
}
