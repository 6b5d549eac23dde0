/**
 * A fake chain (fake-chain.ts) with a test wallet that holds minted items, as the NFT screen shows
 * them: the e2e suite's chain (tests/e2e/nft-chain.ts) and the one of `npm run start:fakes`
 * (scripts/fakes/demo-chain.ts) are both this, each with its own items and pictures.
 */
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';
import { startFakeChain, testMnemonic, type FakeChain } from './fake-chain';

/** An item of the test wallet: id, name, colour of its picture; `null` name = no metadata at its URI. */
export interface WalletItem {
  id: string;
  name: string | null;
  color: string;
}

/** An item's picture: its colour with its label. */
export const itemSvg = (color: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><rect width="240" height="240" fill="${color}"/>` +
  `<circle cx="120" cy="104" r="52" fill="#fff" opacity="0.85"/><text x="120" y="200" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;

export interface WalletChain {
  chain: FakeChain;
  address: string;
  mnemonic: string;
  /**
   * Mints `items` to the test wallet with token URIs `ipfs://<cid>/<id>.json`, and puts the metadata of
   * each named item on the node's gateway, its image at `image(item)`.
   */
  mint(items: ReadonlyArray<WalletItem>, cid: string, image: (item: WalletItem) => string): void;
  /** The product's chain settings (docs/reference/calls/nft.md). */
  serverEnv(): Record<string, string>;
}

/** Starts the node on `port` (0: a free port) with the wallet of `testMnemonic(seed)`. */
export async function startWalletChain(seed: string, port = 0): Promise<WalletChain> {
  const chain = await startFakeChain({ chainId: 'fake-stargaze-1', denom: 'ustars', prefix: 'stars', port });
  const mnemonic = testMnemonic(seed);
  const [account] = await (await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: chain.prefix })).getAccounts();
  const address = account!.address;
  return {
    chain,
    address,
    mnemonic,
    mint(items, cid, image) {
      for (const item of items) {
        chain.mint(address, item.id, `ipfs://${cid}/${item.id}.json`);
        if (item.name) chain.putIpfs(`${cid}/${item.id}.json`, { name: item.name, description: `${item.name}, a test collectible`, image: image(item) });
      }
    },
    serverEnv: () => ({
      CHAIN_ID: chain.chainId,
      CHAIN_NAME: 'Fake Stargaze',
      CHAIN_RPC_URL: chain.url,
      CHAIN_REST_URL: chain.restUrl,
      CHAIN_NFT_CONTRACT: chain.collection,
      CHAIN_STAKING_CONTRACT: chain.staking,
      CHAIN_FEE_DENOM: chain.denom,
      CHAIN_BECH32_PREFIX: chain.prefix,
      IPFS_GATEWAY: chain.gatewayUrl,
    }),
  };
}
