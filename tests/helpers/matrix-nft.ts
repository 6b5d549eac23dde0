/**
 * Permission-matrix fixtures of the NFT staking calls (issue 22): the public chain settings (public
 * values only, nothing of A), and wallet linking: B asks for a challenge naming A's id, tries to link
 * an address with a forged proof and an unknown nonce (refused, nothing written), and unlinks their own
 * wallet (A's row untouched). isNftStacked keeps its line in matrix-handwritten.ts.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';

const FORGED_PROOF = {
  address: 'stars1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du',
  pubKey: { type: 'tendermint/PubKeySecp256k1', value: 'A'.repeat(44) },
  signature: 'A'.repeat(88),
  nonce: '00000000000000000000000000000000',
};

export const NFT_FIXTURES: Record<string, (w: World) => Fixture> = {
  'GET /admin/base/open/chainSettings': () => read({}),
  'POST /admin/base/sys/user/walletChallenge': (w) => write({ body: { id: w.a.id } }),
  'POST /admin/base/sys/user/bindWallet': (w) => write({ body: { ...FORGED_PROOF, id: w.a.id } }),
  'POST /admin/base/sys/user/unbindWallet': (w) => write({ body: { id: w.a.id } }),
};
