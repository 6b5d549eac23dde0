/**
 * The JSON shapes a CometBFT 0.38 node answers with, for the fake chain (fake-chain.ts): `status`,
 * ABCI query responses (int64 as strings, bytes base64) and transaction results as `tx` and
 * `tx_search` render them (tx base64, hash upper-case hex, events with plain-text attributes).
 */
import { randomBytes } from 'node:crypto';
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import { MsgExecuteContractResponse } from 'cosmjs-types/cosmwasm/wasm/v1/tx';

const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();

export function statusAnswer(chainId: string, height: number) {
  return {
    node_info: {
      protocol_version: { p2p: '8', block: '11', app: '0' },
      id: hex(20).toLowerCase(),
      listen_addr: 'tcp://0.0.0.0:26656',
      network: chainId,
      version: '0.38.17',
      channels: '40202122233038606100',
      moniker: 'fake-node',
      other: { tx_index: 'on', rpc_address: 'tcp://0.0.0.0:26657' },
    },
    sync_info: {
      latest_block_hash: hex(32),
      latest_app_hash: hex(32),
      latest_block_height: String(height),
      latest_block_time: new Date().toISOString().replace('Z', '123456Z'),
      earliest_block_hash: hex(32),
      earliest_app_hash: hex(32),
      earliest_block_height: '1',
      earliest_block_time: '2026-11-01T00:00:00Z',
      catching_up: false,
    },
    validator_info: {
      address: hex(20),
      pub_key: { type: 'tendermint/PubKeyEd25519', value: randomBytes(32).toString('base64') },
      voting_power: '10',
    },
  };
}

export function abciFailure(code: number, codespace: string, log: string, height: number) {
  return { code, log, info: '', index: '0', key: null, value: null, proofOps: null, height: String(height), codespace };
}

export function abciSuccess(value: Uint8Array, height: number) {
  return {
    code: 0,
    log: '',
    info: '',
    index: '0',
    key: null,
    value: Buffer.from(value).toString('base64'),
    proofOps: null,
    height: String(height),
    codespace: '',
  };
}

/** A transaction as the node keeps it after its block, answered by `tx` and `tx_search`. */
export interface CommittedTx {
  hash: string;
  height: number;
  tx: Uint8Array;
  code: number;
  log: string;
  gasWanted: number;
  events: Array<{ type: string; attributes: Record<string, string> }>;
  msgCount: number;
}

export function txResultJson(t: CommittedTx) {
  const data =
    t.code === 0
      ? TxMsgData.encode({
          data: [],
          msgResponses: Array.from({ length: t.msgCount }, () => ({
            typeUrl: '/cosmwasm.wasm.v1.MsgExecuteContractResponse',
            value: MsgExecuteContractResponse.encode({ data: new Uint8Array() }).finish(),
          })),
        }).finish()
      : new Uint8Array();
  return {
    hash: t.hash,
    height: String(t.height),
    index: 0,
    tx_result: {
      code: t.code,
      data: Buffer.from(data).toString('base64'),
      log: t.log,
      info: '',
      gas_wanted: String(t.gasWanted),
      gas_used: String(Math.floor(t.gasWanted * 0.6)),
      events: t.events.map((e) => ({
        type: e.type,
        attributes: Object.entries(e.attributes).map(([key, value]) => ({ key, value, index: true })),
      })),
      codespace: t.code === 0 ? '' : 'wasm',
    },
    tx: Buffer.from(t.tx).toString('base64'),
  };
}
