/**
 * Decoding and signature checking of the transactions the fake chain (fake-chain.ts) receives, as a
 * Cosmos SDK node does it: TxRaw -> TxBody (its MsgExecuteContract messages) and AuthInfo (fee, gas
 * limit, the one signer's secp256k1 public key, sequence and sign mode); the signer's address is the
 * bech32 of ripemd160(sha256(pubkey)) with the chain's prefix. Both sign modes a wallet uses are
 * verified: SIGN_MODE_DIRECT (the SignDoc's protobuf bytes) and SIGN_MODE_LEGACY_AMINO_JSON (the
 * sorted amino JSON StdSignDoc, with the messages as `wasm/MsgExecuteContract`).
 */
import { makeSignDoc, rawSecp256k1PubkeyToRawAddress, serializeSignDoc, type AminoMsg, type StdFee } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { toBech32 } from '@cosmjs/encoding';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';

export interface FakeCoin {
  denom: string;
  amount: string;
}

/** One message of a transaction, decoded; `msg` is the contract message parsed from JSON (the raw text if it is not JSON). */
export interface FakeChainMsg {
  typeUrl: string;
  sender: string;
  contract: string;
  msg: unknown;
  funds: FakeCoin[];
}

export interface DecodedTx {
  raw: TxRaw;
  body: TxBody;
  authInfo: AuthInfo;
  msgs: FakeChainMsg[];
  gasLimit: number;
  fee: FakeCoin[];
  /** The signer's address, derived from its public key ('' when the tx carries none). */
  signer: string;
  pubkey: Uint8Array | null;
  sequence: number;
  signMode: SignMode;
}

const EXECUTE = '/cosmwasm.wasm.v1.MsgExecuteContract';
const SECP256K1 = '/cosmos.crypto.secp256k1.PubKey';

function parseJson(bytes: Uint8Array): unknown {
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The bech32 address of a compressed secp256k1 public key. */
export function addressOf(pubkey: Uint8Array, prefix: string): string {
  return toBech32(prefix, rawSecp256k1PubkeyToRawAddress(pubkey));
}

/** Decodes broadcast bytes; throws when they are not a TxRaw with a body and auth info. */
export function decodeTx(bytes: Uint8Array, prefix: string): DecodedTx {
  const raw = TxRaw.decode(bytes);
  const body = TxBody.decode(raw.bodyBytes);
  const authInfo = AuthInfo.decode(raw.authInfoBytes);
  const msgs = body.messages.map((any): FakeChainMsg => {
    if (any.typeUrl !== EXECUTE) return { typeUrl: any.typeUrl, sender: '', contract: '', msg: null, funds: [] };
    const m = MsgExecuteContract.decode(any.value);
    return {
      typeUrl: any.typeUrl,
      sender: m.sender,
      contract: m.contract,
      msg: parseJson(m.msg),
      funds: m.funds.map((c) => ({ denom: c.denom, amount: c.amount })),
    };
  });
  const info = authInfo.signerInfos.length === 1 ? authInfo.signerInfos[0]! : null;
  const pubkey = info?.publicKey?.typeUrl === SECP256K1 ? PubKey.decode(info.publicKey.value).key : null;
  return {
    raw,
    body,
    authInfo,
    msgs,
    gasLimit: Number(authInfo.fee?.gasLimit ?? 0n),
    fee: (authInfo.fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })),
    signer: pubkey ? addressOf(pubkey, prefix) : '',
    pubkey,
    sequence: Number(info?.sequence ?? 0n),
    signMode: info?.modeInfo?.single?.mode ?? SignMode.SIGN_MODE_UNSPECIFIED,
  };
}

/** The bytes whose sha256 the signer signed, for the tx's sign mode; null for a mode the fake does not know. */
function signedBytes(tx: DecodedTx, chainId: string, accountNumber: number): Uint8Array | null {
  if (tx.signMode === SignMode.SIGN_MODE_DIRECT) {
    return SignDoc.encode({ bodyBytes: tx.raw.bodyBytes, authInfoBytes: tx.raw.authInfoBytes, chainId, accountNumber: BigInt(accountNumber) }).finish();
  }
  if (tx.signMode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON) {
    const msgs: AminoMsg[] = tx.msgs.map((m) => ({
      type: 'wasm/MsgExecuteContract',
      value: { sender: m.sender, contract: m.contract, msg: m.msg, funds: m.funds },
    }));
    const { granter, payer } = tx.authInfo.fee ?? {};
    const fee: StdFee = { amount: tx.fee, gas: String(tx.gasLimit), ...(granter ? { granter } : {}), ...(payer ? { payer } : {}) };
    const timeout = tx.body.timeoutHeight > 0n ? tx.body.timeoutHeight : undefined;
    return serializeSignDoc(makeSignDoc(msgs, fee, chainId, tx.body.memo, accountNumber, tx.sequence, timeout));
  }
  return null;
}

/** Whether the tx's one signature is the signer's over this chain id, account number and the tx's sequence. */
export function signatureValid(tx: DecodedTx, chainId: string, accountNumber: number): boolean {
  const sig = tx.raw.signatures.length === 1 ? tx.raw.signatures[0]! : null;
  const bytes = signedBytes(tx, chainId, accountNumber);
  if (!sig || sig.length !== 64 || !tx.pubkey || !bytes) return false;
  try {
    return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(sig), sha256(bytes), tx.pubkey);
  } catch {
    return false;
  }
}
