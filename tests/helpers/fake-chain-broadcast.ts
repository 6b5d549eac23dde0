/**
 * `broadcast_tx_sync` of the fake chain (fake-chain.ts): the checks a node makes before a transaction
 * enters a block (a refusal answers the broadcast with a non-zero code and changes nothing), then the
 * block: the account's sequence is used up, the contract runs (and may still refuse: code 5 in the tx
 * result), and the result is kept for `tx` / `tx_search`.
 *
 * Decision: one message per transaction (what the staking screen sends); the gas limit must be exactly
 * the one docs/reference/calls/nft.md fixes for that message and the fee exactly ceil(gas × 0.025) in the chain's denom,
 * so a wrong fee or limit from the web is caught here rather than passing silently.
 */
import { createHash } from 'node:crypto';
import { GAS_LIMITS, type FakeContracts } from './fake-chain-contracts';
import { decodeTx, signatureValid, type DecodedTx, type FakeChainMsg, type FakeCoin } from './fake-chain-tx';
import type { CommittedTx } from './fake-chain-wire';

export interface FakeAccount {
  number: number;
  sequence: number;
  pubkey: Uint8Array | null;
}

/** One broadcast transaction as the fake recorded it. */
export interface FakeChainTx {
  msgs: FakeChainMsg[];
  gasLimit: number;
  fee: FakeCoin[];
  signer: string;
  /** Whether it entered a block and the contract accepted it (so the state changed). */
  ok: boolean;
  /** 0 when ok; else the code the broadcast or the tx result carried. */
  code: number;
  log: string;
  /** Upper-case hex sha256 of the tx bytes. */
  hash: string;
}

/** What broadcast() needs of the chain. */
export interface BroadcastTarget {
  readonly chainId: string;
  readonly denom: string;
  readonly prefix: string;
  readonly contracts: FakeContracts;
  readonly txs: FakeChainTx[];
  height: number;
  account(address: string): FakeAccount;
}

/** Gas price 0.025 per unit, in thousandths to stay in integers. */
const feeFor = (gas: number) => String(Math.ceil((gas * 25) / 1000));

interface Refusal {
  code: number;
  codespace: string;
  log: string;
}

/** The checks before a block, in a node's order; null when the tx may enter one. */
function precheck(chain: BroadcastTarget, tx: DecodedTx): Refusal | null {
  const sdk = (code: number, log: string): Refusal => ({ code, codespace: 'sdk', log });
  if (tx.msgs.length !== 1) return sdk(18, `the fake chain takes exactly one message per transaction, got ${tx.msgs.length}: invalid request`);
  const msg = tx.msgs[0]!;
  if (msg.typeUrl !== '/cosmwasm.wasm.v1.MsgExecuteContract') return sdk(6, `unrecognized message type: ${msg.typeUrl}: unknown request`);
  if (!tx.pubkey) return sdk(4, 'no secp256k1 signer public key: unauthorized');
  if (msg.sender !== tx.signer) return sdk(8, `pubKey does not match signer address ${msg.sender} with signer index: 0: invalid pubkey`);
  const account = chain.account(tx.signer);
  if (tx.sequence !== account.sequence) {
    return sdk(32, `account sequence mismatch, expected ${account.sequence}, got ${tx.sequence}: incorrect account sequence`);
  }
  if (!signatureValid(tx, chain.chainId, account.number)) {
    return sdk(
      4,
      `signature verification failed; please verify account number (${account.number}), sequence (${account.sequence}) and chain-id (${chain.chainId}): unauthorized`,
    );
  }
  const checked = chain.contracts.checkExecute(msg.contract, msg.msg);
  if (!checked.ok) return { code: 5, codespace: 'wasm', log: checked.log! };
  const gas = GAS_LIMITS[checked.kind!];
  if (tx.gasLimit !== gas) return sdk(11, `gas limit must be ${gas} for ${checked.kind}, got ${tx.gasLimit}: out of gas`);
  const fee = tx.fee.length === 1 ? tx.fee[0]! : null;
  if (!fee || fee.denom !== chain.denom || fee.amount !== feeFor(gas)) {
    const got = tx.fee.map((c) => `${c.amount}${c.denom}`).join(',') || 'none';
    return sdk(13, `fee must be ${feeFor(gas)}${chain.denom}, got ${got}: insufficient fee`);
  }
  return null;
}

/** Handles one broadcast; answers the `broadcast_tx_sync` result JSON. */
export function broadcast(chain: BroadcastTarget, bytes: Uint8Array, refusal: string | null, committed: Map<string, CommittedTx>) {
  const hash = createHash('sha256').update(bytes).digest('hex').toUpperCase();
  let tx: DecodedTx | null = null;
  try {
    tx = decodeTx(bytes, chain.prefix);
  } catch {
    tx = null;
  }
  const record = (ok: boolean, code: number, log: string) => {
    chain.txs.push({ msgs: tx?.msgs ?? [], gasLimit: tx?.gasLimit ?? 0, fee: tx?.fee ?? [], signer: tx?.signer ?? '', ok, code, log, hash });
  };
  const refuse = (r: Refusal) => {
    record(false, r.code, r.log);
    return { code: r.code, data: '', log: r.log, codespace: r.codespace, hash };
  };
  if (refusal !== null) return refuse({ code: 5, codespace: 'sdk', log: refusal });
  if (!tx) return refuse({ code: 2, codespace: 'sdk', log: 'tx parse error' });
  const refused = precheck(chain, tx);
  if (refused) return refuse(refused);

  // Into a block: the sequence is used up whatever the contract says.
  const account = chain.account(tx.signer);
  account.sequence += 1;
  account.pubkey = tx.pubkey;
  chain.height += 1;
  const msg = tx.msgs[0]!;
  const checked = chain.contracts.checkExecute(msg.contract, msg.msg);
  const result = chain.contracts.execute(tx.signer, checked);
  const events: CommittedTx['events'] = [{ type: 'tx', attributes: { fee: `${tx.fee[0]!.amount}${tx.fee[0]!.denom}`, fee_payer: tx.signer } }];
  if (result.ok) {
    events.push(
      { type: 'message', attributes: { action: msg.typeUrl, sender: tx.signer, module: 'wasm', msg_index: '0' } },
      { type: 'execute', attributes: { _contract_address: msg.contract, msg_index: '0' } },
      { type: 'wasm', attributes: { _contract_address: msg.contract, action: checked.kind!, sender: tx.signer, token_id: checked.tokenId!, msg_index: '0' } },
    );
  }
  const code = result.ok ? 0 : 5;
  committed.set(hash, { hash, height: chain.height, tx: bytes, code, log: result.log, gasWanted: tx.gasLimit, events, msgCount: 1 });
  record(result.ok, code, result.log);
  return { code: 0, data: '', log: '[]', codespace: '', hash };
}
