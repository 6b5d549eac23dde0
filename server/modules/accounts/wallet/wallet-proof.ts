/**
 * The proof that a person holds a Cosmos wallet: an ADR-36 signature (what Keplr's
 * `signArbitrary(chainId, address, message)` makes) over our challenge message, checked here.
 *
 * ADR-36 signs an amino StdSignDoc with chain_id '', account_number '0', sequence '0', fee
 * { gas '0', amount [] }, memo '' and one message `{ type: 'sign/MsgSignData', value: { signer:
 * <address>, data: base64(<message>) } }`, serialized as sorted, escaped JSON (CosmJS serializeSignDoc),
 * hashed with sha256 and signed with secp256k1 (64 bytes r||s). The proof holds when the public key
 * derives to the address (bech32 of ripemd160(sha256(pubkey)) with the configured prefix) and the
 * signature verifies under that key. A wrong chain id cannot matter (ADR-36 leaves it empty); what
 * binds the proof to us, to this account and to this moment is the message (see nft-wallet.routes.ts).
 *
 * CosmJS (@cosmjs/amino, /crypto, /encoding, installed with @cosmjs/cosmwasm-stargate) is loaded on
 * the first check only, as chain.adapter.ts does.
 *
 * @example
 * const verdict = await checkWalletProof({ address, pubKey, signature, message, prefix: 'stars' });
 * if (verdict !== 'ok') refuse(verdict); // 'bad_address' | 'pubkey_mismatch' | 'bad_signature'
 */
import type * as AminoModule from '@cosmjs/amino';
import type * as CryptoModule from '@cosmjs/crypto';
import type * as EncodingModule from '@cosmjs/encoding';

export interface WalletProof {
  /** The bech32 address the person claims. */
  address: string;
  /** Amino JSON of the public key, as Keplr answers it: `{ type: 'tendermint/PubKeySecp256k1', value: base64 }`. */
  pubKey: { type: string; value: string };
  /** base64 of the 64-byte signature. */
  signature: string;
  /** The exact text that was signed. */
  message: string;
  /** The bech32 prefix addresses must have (the chain's, e.g. 'stars'). */
  prefix: string;
}

export type ProofVerdict = 'ok' | 'bad_address' | 'pubkey_mismatch' | 'bad_signature';

export const SECP256K1_PUBKEY_TYPE = 'tendermint/PubKeySecp256k1';

interface CosmJs {
  amino: typeof AminoModule;
  crypto: typeof CryptoModule;
  encoding: typeof EncodingModule;
}
let loaded: Promise<CosmJs> | null = null;
const cosmjs = (): Promise<CosmJs> =>
  (loaded ??= Promise.all([import('@cosmjs/amino'), import('@cosmjs/crypto'), import('@cosmjs/encoding')]).then(([amino, crypto, encoding]) => ({
    amino,
    crypto,
    encoding,
  })));

/** The ADR-36 sign doc of `message` signed by `address`, as a wallet builds it. */
export function adr36SignDoc(address: string, message: string) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] as Array<{ denom: string; amount: string }> },
    msgs: [{ type: 'sign/MsgSignData', value: { signer: address, data: Buffer.from(message, 'utf8').toString('base64') } }],
    memo: '',
  };
}

/** Decodes strict base64 (the padded alphabet), or null. */
function base64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** Checks a proof; never throws for bad input, it answers why the proof fails. */
export async function checkWalletProof(p: WalletProof): Promise<ProofVerdict> {
  const { amino, crypto, encoding } = await cosmjs();
  let addressBytes: Uint8Array;
  try {
    // An explicit length limit: fromBech32's default (Infinity) is refused by the @scure/base 2.x it runs on.
    const decoded = encoding.fromBech32(p.address, 90);
    if (decoded.prefix !== p.prefix || decoded.data.length !== 20 || p.address !== p.address.toLowerCase()) return 'bad_address';
    addressBytes = decoded.data;
  } catch {
    return 'bad_address';
  }
  const pubkey = base64(p.pubKey.value);
  if (p.pubKey.type !== SECP256K1_PUBKEY_TYPE || !pubkey || pubkey.length !== 33 || (pubkey[0] !== 2 && pubkey[0] !== 3)) return 'pubkey_mismatch';
  if (Buffer.compare(Buffer.from(amino.rawSecp256k1PubkeyToRawAddress(pubkey)), Buffer.from(addressBytes)) !== 0) return 'pubkey_mismatch';
  const signature = base64(p.signature);
  if (!signature || signature.length !== 64) return 'bad_signature';
  try {
    const hash = crypto.sha256(amino.serializeSignDoc(adr36SignDoc(p.address, p.message)));
    return crypto.Secp256k1.verifySignature(crypto.Secp256k1Signature.fromFixedLength(signature), hash, pubkey) ? 'ok' : 'bad_signature';
  } catch {
    // Not a point on the curve, r or s out of range: no valid signature.
    return 'bad_signature';
  }
}
