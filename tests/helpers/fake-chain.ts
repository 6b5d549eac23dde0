/**
 * A local fake Cosmos chain node on 127.0.0.1 for the NFT staking tests: CometBFT 0.38 JSON-RPC (POST
 * `/` with JSON-RPC 2.0, and the URI form `GET /<method>?<params>`) as CosmJS 0.39's CosmWasmClient and
 * SigningCosmWasmClient use it, a minimal REST (LCD) under `/rest`, and an IPFS gateway under `/ipfs/`,
 * all on one port with CORS open, so a browser page can reach it too.
 *
 * RPC methods: `status` (chain id, version 0.38.x, height), `health`, `abci_info`, `abci_query` on
 * /cosmwasm.wasm.v1.Query/SmartContractState (fake-chain-contracts.ts answers) and
 * /cosmos.auth.v1beta1.Query/Account (a BaseAccount for any address: account numbers given on first
 * sight, sequence +1 per transaction that enters a block), `broadcast_tx_sync` (and `_async`), `tx` by
 * hash and `tx_search` on `tx.hash='…'` (CosmJS polls it after broadcasting).
 *
 * Each broadcast is decoded and checked (fake-chain-tx.ts) before it enters a block, in this order:
 * `refuseNext` (code 5 with the given log), one MsgExecuteContract whose sender is the signer, the
 * account sequence (32), the signature over the chain id and account number (4), known contract and
 * message (5, wasm), the gas limit (300000 for send_nft, 200000 for unstake; 11) and the fee (exactly
 * ceil(gas × 0.025) in the chain's denom; 13). Such a refusal makes CosmJS throw BroadcastTxError and
 * changes nothing. Past them the tx enters a block: the contract may still refuse it there (not the
 * token's owner: code 5 in the tx result, sequence used up, state unchanged), else the state changes.
 * Every broadcast, accepted or not, is appended to `txs`.
 *
 * @example
 * const chain = await startFakeChain({ chainId: 'fake-stargaze-1', denom: 'ustars', prefix: 'stars' });
 * chain.mint(memberAddress, '1', 'ipfs://cid1/1.json');
 * chain.putIpfs('cid1/1.json', { name: 'Star #1', description: 'first', image: 'ipfs://cid1/1.png' });
 * chain.mint(memberAddress, '2', 'ipfs://cid1/broken.json'); // nothing put there: the gateway answers 404
 * // app settings: CHAIN_ID=chain.chainId, CHAIN_RPC_URL=chain.url, CHAIN_REST_URL=chain.restUrl,
 * //   CHAIN_NFT_CONTRACT=chain.collection, CHAIN_STAKING_CONTRACT=chain.staking,
 * //   CHAIN_FEE_DENOM=chain.denom, CHAIN_BECH32_PREFIX=chain.prefix, IPFS_GATEWAY=chain.gatewayUrl
 * chain.refuseNext('out of luck');   // the next broadcast is answered with code 5 and this log
 * chain.staked(memberAddress);       // ['1'] after a send_nft of token 1 to chain.staking
 * await chain.stop();
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bip39, sha256 } from '@cosmjs/crypto';
import { toBech32 } from '@cosmjs/encoding';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { QuerySmartContractStateRequest, QuerySmartContractStateResponse } from 'cosmjs-types/cosmwasm/wasm/v1/query';
import { FakeContracts } from './fake-chain-contracts';
import { broadcast, type FakeAccount, type FakeChainTx } from './fake-chain-broadcast';
import { abciFailure, abciSuccess, statusAnswer, txResultJson, type CommittedTx } from './fake-chain-wire';

export type { FakeChainTx } from './fake-chain-broadcast';
export type { FakeChainMsg } from './fake-chain-tx';

export interface FakeChainOptions {
  chainId?: string;
  denom?: string;
  prefix?: string;
  port?: number;
}

interface RpcRequest {
  jsonrpc: string;
  id: number | string;
  method: string;
  params: Record<string, unknown>;
}

interface IpfsEntry {
  status: number;
  body: string | Uint8Array;
  type: string;
}

/** Content types of the files a gateway serves, by extension; anything else is JSON or text by its content. */
const FILE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
};

/** A CosmWasm contract address (32 bytes) made from a label, the same on every start. */
const contractAddress = (prefix: string, label: string) => toBech32(prefix, createHash('sha256').update(`fake-chain:${label}`).digest());

export class FakeChain {
  url = '';
  restUrl = '';
  gatewayUrl = '';
  readonly chainId: string;
  readonly denom: string;
  readonly prefix: string;
  readonly collection: string;
  readonly staking: string;
  /** Every broadcast transaction, accepted or refused, in order. */
  readonly txs: FakeChainTx[] = [];
  /** Every JSON-RPC request received (POST or GET), in order. */
  readonly requests: RpcRequest[] = [];
  /** The smart queries received: the contract address and the parsed query JSON. */
  readonly queries: Array<{ contract: string; query: unknown }> = [];
  readonly contracts: FakeContracts;
  height = 1234;
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly committed = new Map<string, CommittedTx>();
  private readonly ipfs = new Map<string, IpfsEntry>();
  private refusal: string | null = null;
  private server: Server | null = null;

  constructor(private readonly opts: FakeChainOptions = {}) {
    this.chainId = opts.chainId ?? 'fake-stargaze-1';
    this.denom = opts.denom ?? 'ustars';
    this.prefix = opts.prefix ?? 'stars';
    this.collection = contractAddress(this.prefix, 'collection');
    this.staking = contractAddress(this.prefix, 'staking');
    this.contracts = new FakeContracts(this.collection, this.staking);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500, CORS).end(String(e));
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.opts.port ?? 0, '127.0.0.1', resolve);
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.restUrl = `${this.url}/rest`;
    this.gatewayUrl = `${this.url}/ipfs/`;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  mint(owner: string, tokenId: string, tokenUri: string): void {
    this.contracts.mint(owner, tokenId, tokenUri);
  }

  /**
   * Serves `body` at `${gatewayUrl}${path}` with this status (200): bytes (a Uint8Array/Buffer) or a string as
   * they are, anything else as JSON. The content type follows an image extension (.svg, .png, .jpg, .gif,
   * .webp), else application/json when the text parses as JSON, else text/plain.
   */
  putIpfs(path: string, body: unknown | string, status = 200): void {
    const key = path.replace(/^\/+/, '');
    const raw = body instanceof Uint8Array ? body : typeof body === 'string' ? body : JSON.stringify(body);
    let type = FILE_TYPES[/\.(\w+)$/.exec(key)?.[1]?.toLowerCase() ?? ''];
    if (!type) {
      try {
        JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
        type = 'application/json';
      } catch {
        type = 'text/plain; charset=utf-8';
      }
    }
    this.ipfs.set(key, { status, body: raw, type });
  }

  owned(owner: string): string[] {
    return this.contracts.owned(owner);
  }

  staked(owner: string): string[] {
    return this.contracts.staked(owner);
  }

  /** Test set-up without a transaction: `owner` has exactly these tokens staked. */
  setStaked(owner: string, tokenIds: string[]): void {
    this.contracts.setStaked(owner, tokenIds);
  }

  /** The next broadcast transaction is answered with code 5 and this log, and changes nothing. */
  refuseNext(log: string): void {
    this.refusal = log;
  }

  /** How many JSON-RPC requests of this method were received. */
  count(method: string): number {
    return this.requests.filter((r) => r.method === method).length;
  }

  /** The account of an address, made (with the next account number, sequence 0) on first sight. */
  account(address: string): FakeAccount {
    let a = this.accounts.get(address);
    if (!a) this.accounts.set(address, (a = { number: 10 + this.accounts.size, sequence: 0, pubkey: null }));
    return a;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { ...CORS, 'Content-Type': type }).end(typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (url.pathname.startsWith('/ipfs/')) {
      const hit = this.ipfs.get(decodeURIComponent(url.pathname.slice('/ipfs/'.length)));
      return hit ? send(hit.status, hit.body, hit.type) : send(404, 'ipfs resolve -r: no link named', 'text/plain');
    }
    if (url.pathname.startsWith('/rest/')) return this.rest(url.pathname.slice('/rest'.length), send);
    if (req.method === 'POST' && url.pathname === '/') {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(500, { jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error', data: '' } });
      }
      const batch = Array.isArray(body) ? (body as RpcRequest[]) : [body as RpcRequest];
      const answers = batch.map((rpc) => this.rpc(rpc));
      return send(200, Array.isArray(body) ? answers : answers[0]);
    }
    if (req.method === 'GET' && url.pathname.length > 1) {
      const params: Record<string, unknown> = {};
      for (const [k, v] of url.searchParams) params[k] = uriParam(v, k);
      return send(200, this.rpc({ jsonrpc: '2.0', id: -1, method: url.pathname.slice(1), params }));
    }
    return send(404, { jsonrpc: '2.0', id: -1, error: { code: -32601, message: 'Method not found', data: '' } });
  }

  private rpc(rpc: RpcRequest) {
    const params = rpc.params ?? {};
    this.requests.push({ ...rpc, params });
    const ok = (result: unknown) => ({ jsonrpc: '2.0', id: rpc.id, result });
    const error = (code: number, message: string, data = '') => ({ jsonrpc: '2.0', id: rpc.id, error: { code, message, data } });
    switch (rpc.method) {
      case 'status':
        return ok(statusAnswer(this.chainId, this.height));
      case 'health':
        return ok({});
      case 'abci_info':
        return ok({ response: { data: 'wasm', version: 'v0.50.0', last_block_height: String(this.height), last_block_app_hash: '' } });
      case 'abci_query':
        return ok({ response: this.abciQuery(String(params.path ?? ''), String(params.data ?? '')) });
      case 'broadcast_tx_sync':
      case 'broadcast_tx_async':
        return ok(broadcast(this, Buffer.from(String(params.tx ?? ''), 'base64'), this.takeRefusal(), this.committed));
      case 'tx': {
        const hash = Buffer.from(String(params.hash ?? ''), 'base64')
          .toString('hex')
          .toUpperCase();
        const t = this.committed.get(hash);
        return t ? ok(txResultJson(t)) : error(-32603, 'Internal error', `tx (${hash}) not found`);
      }
      case 'tx_search': {
        const m = /tx\.hash\s*=\s*'([0-9A-Fa-f]+)'/.exec(String(params.query ?? ''));
        const t = m ? this.committed.get(m[1]!.toUpperCase()) : undefined;
        return ok({ txs: t ? [txResultJson(t)] : [], total_count: t ? '1' : '0' });
      }
      default:
        return error(-32601, 'Method not found');
    }
  }

  private takeRefusal(): string | null {
    const r = this.refusal;
    this.refusal = null;
    return r;
  }

  /** ABCI query answers as CometBFT 0.38 renders ResponseQuery. */
  private abciQuery(path: string, dataHex: string) {
    const data = Buffer.from(dataHex, 'hex');
    if (path === '/cosmos.auth.v1beta1.Query/Account') {
      const { address } = QueryAccountRequest.decode(data);
      const a = this.account(address);
      const pubKey = a.pubkey ? { typeUrl: '/cosmos.crypto.secp256k1.PubKey', value: PubKey.encode({ key: a.pubkey }).finish() } : undefined;
      const account = {
        typeUrl: '/cosmos.auth.v1beta1.BaseAccount',
        value: BaseAccount.encode({ address, pubKey, accountNumber: BigInt(a.number), sequence: BigInt(a.sequence) }).finish(),
      };
      return abciSuccess(QueryAccountResponse.encode({ account }).finish(), this.height);
    }
    if (path !== '/cosmwasm.wasm.v1.Query/SmartContractState') return abciFailure(6, 'sdk', `unknown query path: ${path}`, this.height);
    const request = QuerySmartContractStateRequest.decode(data);
    let query: unknown;
    try {
      query = JSON.parse(Buffer.from(request.queryData).toString('utf8'));
    } catch {
      return abciFailure(9, 'wasm', 'query wasm contract failed: invalid JSON', this.height);
    }
    this.queries.push({ contract: request.address, query });
    const r = this.contracts.query(request.address, query);
    if (!r.ok) return abciFailure(r.code!, 'wasm', r.log!, this.height);
    const value = QuerySmartContractStateResponse.encode({ data: Buffer.from(JSON.stringify(r.answer), 'utf8') }).finish();
    return abciSuccess(value, this.height);
  }

  /** The few REST (LCD) reads a wallet or a page may make. */
  private rest(path: string, send: (status: number, body: unknown) => void) {
    if (path === '/cosmos/base/tendermint/v1beta1/node_info') {
      return send(200, {
        default_node_info: { network: this.chainId, version: '0.38.17', moniker: 'fake-node' },
        application_version: { name: 'fake', app_name: 'faked', version: '1.0.0' },
      });
    }
    let m = /^\/cosmos\/auth\/v1beta1\/accounts\/([a-z0-9]+)$/.exec(path);
    if (m) {
      const a = this.account(m[1]!);
      const pub_key = a.pubkey ? { '@type': '/cosmos.crypto.secp256k1.PubKey', key: Buffer.from(a.pubkey).toString('base64') } : null;
      return send(200, {
        account: { '@type': '/cosmos.auth.v1beta1.BaseAccount', address: m[1], pub_key, account_number: String(a.number), sequence: String(a.sequence) },
      });
    }
    if (/^\/cosmos\/bank\/v1beta1\/balances\/[a-z0-9]+$/.test(path)) return send(200, { balances: [], pagination: { next_key: null, total: '0' } });
    m = /^\/cosmwasm\/wasm\/v1\/contract\/([a-z0-9]+)\/smart\/([A-Za-z0-9+/=_-]+)$/.exec(path);
    if (m) {
      let query: unknown;
      try {
        query = JSON.parse(Buffer.from(decodeURIComponent(m[2]!), 'base64').toString('utf8'));
      } catch {
        return send(400, { code: 3, message: 'invalid query data', details: [] });
      }
      this.queries.push({ contract: m[1]!, query });
      const r = this.contracts.query(m[1]!, query);
      return r.ok ? send(200, { data: r.answer }) : send(500, { code: 2, message: r.log, details: [] });
    }
    return send(501, { code: 12, message: 'Not Implemented', details: [] });
  }
}

/**
 * A URI-form parameter as CometBFT reads it: `"text"` is a string, `0x…` is bytes (hex), a number is a
 * number. Bytes become what the POST form carries: hex for abci_query's `data`, base64 otherwise.
 */
function uriParam(v: string, key: string): unknown {
  if (/^".*"$/.test(v)) return key === 'data' ? Buffer.from(v.slice(1, -1), 'utf8').toString('hex') : v.slice(1, -1);
  if (/^0x[0-9a-f]*$/i.test(v)) return key === 'data' ? v.slice(2) : Buffer.from(v.slice(2), 'hex').toString('base64');
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** A 24-word mnemonic made from a label, the same on every run (for DirectSecp256k1HdWallet.fromMnemonic). */
export function testMnemonic(label: string): string {
  return Bip39.encode(sha256(new TextEncoder().encode(`fake-chain mnemonic:${label}`))).toString();
}

/** Starts a fake chain on 127.0.0.1 (a free port unless `port` is given). */
export function startFakeChain(opts?: FakeChainOptions): Promise<FakeChain> {
  return new FakeChain(opts).start();
}
