/**
 * base/sys/user/isNftStacked end to end, on every database kind, against a local fake chain node that
 * speaks CometBFT 0.38 JSON-RPC over HTTP POST as CosmJS 0.39 uses it: `status` (version detection) and
 * `abci_query` on /cosmwasm.wasm.v1.Query/SmartContractState with protobuf request and answer.
 * Cases: staked tokens, none, no wallet (the node is not asked), the 30 s cache per address,
 * chain not configured, node down, no token.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QuerySmartContractStateRequest, QuerySmartContractStateResponse } from 'cosmjs-types/cosmwasm/wasm/v1/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { memberRoleId } from '../../server/modules/base/member.service';

const kinds = await databaseKinds();
const CONTRACT = 'wasm14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9s0phg4d';
const PATH = '/admin/base/sys/user/isNftStacked';

interface RpcRequest {
  jsonrpc: string;
  id: number | string;
  method: string;
  params: Record<string, unknown>;
}

/** A CometBFT 0.38 node with one CosmWasm staking contract answering `{staked:{owner}}` with `{tokens}`. */
class FakeChainNode {
  private server: Server | null = null;
  /** Every JSON-RPC request received, in order. */
  readonly requests: RpcRequest[] = [];
  /** The smart queries the contract received: the contract address and the parsed query JSON. */
  readonly queries: Array<{ contract: string; query: unknown }> = [];
  /** Staked token ids per owner address. */
  staked = new Map<string, string[]>();
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  count(method: string): number {
    return this.requests.filter((r) => r.method === method).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    let rpc: RpcRequest;
    try {
      rpc = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest;
    } catch {
      return send(500, { jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error', data: '' } });
    }
    // CometBFT answers JSON-RPC on POST / with Content-Type application/json.
    if (req.method !== 'POST' || req.url !== '/' || rpc.jsonrpc !== '2.0' || !req.headers['content-type']?.startsWith('application/json')) {
      return send(400, { jsonrpc: '2.0', id: rpc.id ?? -1, error: { code: -32600, message: 'Invalid Request', data: '' } });
    }
    this.requests.push(rpc);
    const ok = (result: unknown) => send(200, { jsonrpc: '2.0', id: rpc.id, result });
    if (rpc.method === 'status') return ok(this.status());
    if (rpc.method === 'abci_query') return ok({ response: this.abciQuery(rpc.params) });
    return send(200, { jsonrpc: '2.0', id: rpc.id, error: { code: -32601, message: 'Method not found', data: '' } });
  }

  private status() {
    const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();
    return {
      node_info: {
        protocol_version: { p2p: '8', block: '11', app: '0' },
        id: hex(20).toLowerCase(),
        listen_addr: 'tcp://0.0.0.0:26656',
        network: 'testing',
        version: '0.38.17',
        channels: '40202122233038606100',
        moniker: 'fake-node',
        other: { tx_index: 'on', rpc_address: 'tcp://0.0.0.0:26657' },
      },
      sync_info: {
        latest_block_hash: hex(32),
        latest_app_hash: hex(32),
        latest_block_height: '1234',
        latest_block_time: '2026-11-22T17:00:00.123456789Z',
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

  /** ABCI query answers as CometBFT 0.38 renders ResponseQuery (int64 as strings, bytes base64). */
  private abciQuery(params: Record<string, unknown>) {
    const failed = (code: number, codespace: string, log: string) => ({ code, log, info: '', index: '0', key: null, value: null, proofOps: null, height: '1234', codespace });
    if (params.path !== '/cosmwasm.wasm.v1.Query/SmartContractState') return failed(6, 'sdk', 'unknown query path');
    const request = QuerySmartContractStateRequest.decode(Buffer.from(String(params.data), 'hex'));
    const query = JSON.parse(Buffer.from(request.queryData).toString('utf8')) as { staked?: { owner?: unknown } };
    this.queries.push({ contract: request.address, query });
    if (request.address !== CONTRACT) return failed(5, 'wasm', `not found: contract: ${request.address}`);
    const owner = query.staked?.owner;
    if (typeof owner !== 'string' || Object.keys(query).length !== 1) return failed(9, 'wasm', 'query wasm contract failed: Error parsing into type staking::msg::QueryMsg');
    const answer = { tokens: this.staked.get(owner) ?? [] };
    const value = QuerySmartContractStateResponse.encode({ data: Buffer.from(JSON.stringify(answer), 'utf8') }).finish();
    return { code: 0, log: '', info: '', index: '0', key: null, value: Buffer.from(value).toString('base64'), proofOps: null, height: '1234', codespace: '' };
  }
}

let n = 0;
const wallet = () => `wasm1${randomBytes(19).toString('hex')}${++n}`;

/** Boots the app with these CHAIN_* settings and adds a member; returns the app and a way to add more. */
async function bootWithMember(kind: 'sqlite' | 'mysql', chainEnv: Record<string, string | undefined>) {
  const env = { ...process.env, CHAIN_RPC_URL: undefined, CHAIN_STAKING_CONTRACT: undefined, CHAIN_TIMEOUT_MS: undefined, ...chainEnv };
  const app = await startApp(kind, { env });
  const role = await memberRoleId(app.core);
  /** A signed-in member with this wallet address (or none); returns the member's token. */
  const member = async (address: string | null) => {
    const username = `nft_${Date.now().toString(36)}${++n}`;
    const added = await app.http().post('/admin/base/sys/user/add').set('Authorization', app.adminToken)
      .send({ username, password: 'Member-123', nickName: username, roleIdList: [role] });
    expect(added.body.code).toBe(1000);
    if (address) {
      await app.core.db.run(`UPDATE ${app.core.db.q('base_sys_user')} SET ${app.core.db.q('starWalletAddress')} = ? WHERE ${app.core.db.q('id')} = ?`, [address, added.body.data.id]);
    }
    return app.login(username, 'Member-123');
  };
  return { app, member };
}

describe.each(kinds)('NFT staking check on %s', (kind) => {
  const ask = (app: TestApp, token?: string, lang?: string) => {
    const r = app.http().post(PATH);
    if (token) r.set('Authorization', token);
    if (lang) r.set('language', lang);
    return r.send({});
  };

  describe('with a chain node configured', () => {
    let node: FakeChainNode;
    let app: TestApp;
    let member: (address: string | null) => Promise<string>;

    beforeAll(async () => {
      node = await new FakeChainNode().start();
      ({ app, member } = await bootWithMember(kind, { CHAIN_RPC_URL: node.url, CHAIN_STAKING_CONTRACT: CONTRACT, CHAIN_TIMEOUT_MS: '3000' }));
    });
    afterAll(async () => {
      await app?.close();
      await node?.stop();
    });

    it('answers staked with the token ids the staking contract lists for the member’s wallet', async () => {
      const address = wallet();
      node.staked.set(address, ['42', '7']);
      const res = await ask(app, await member(address));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 1000, message: 'success', data: { staked: true, tokenIds: ['42', '7'], wallet: address } });
      expect(node.queries.at(-1)).toEqual({ contract: CONTRACT, query: { staked: { owner: address } } });
      expect(node.count('status')).toBeGreaterThan(0);
    });

    it('answers not staked when the contract lists no tokens for the wallet', async () => {
      const address = wallet();
      const res = await ask(app, await member(address));
      expect(res.body.data).toEqual({ staked: false, tokenIds: [], wallet: address });
      expect(node.queries.at(-1)).toEqual({ contract: CONTRACT, query: { staked: { owner: address } } });
    });

    it('answers not staked for a member without a wallet, without asking the node', async () => {
      const token = await member(null);
      const before = node.requests.length;
      const res = await ask(app, token);
      expect(res.body).toEqual({ code: 1000, message: 'success', data: { staked: false, tokenIds: [], wallet: null } });
      expect(node.requests.length).toBe(before);
    });

    it('connects once and reuses the connection for later queries', async () => {
      const statusCalls = node.count('status');
      for (const address of [wallet(), wallet()]) {
        node.staked.set(address, ['1']);
        expect((await ask(app, await member(address))).body.data.tokenIds).toEqual(['1']);
      }
      expect(node.count('status')).toBe(statusCalls);
    });

    it('keeps the answer for an address in the cache, so a repeated call does not ask the chain again', async () => {
      const address = wallet();
      node.staked.set(address, ['5']);
      const token = await member(address);
      expect((await ask(app, token)).body.data.tokenIds).toEqual(['5']);
      const queries = node.count('abci_query');
      node.staked.set(address, ['5', '6']);
      expect((await ask(app, token)).body.data).toEqual({ staked: true, tokenIds: ['5'], wallet: address });
      expect(node.count('abci_query')).toBe(queries);
      expect(await app.core.cache.get(`nft:staked:${address}`)).toBe(JSON.stringify(['5']));
    });

    it('answers 502 with a localized message, not a 500, when the node goes down', async () => {
      const token = await member(wallet());
      await node.stop();
      const res = await ask(app, token);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 1001, message: 'The chain could not be reached; please try again later' });
      expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|at .*\.js|fetch failed/);
      const zh = await ask(app, token, 'zh-cn');
      expect(zh.body.message).toBe('暂时无法连接区块链，请稍后再试');
    });

    it('refuses a caller without a token with 401', async () => {
      const res = await ask(app);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(1001);
    });
  });

  describe('without chain settings', () => {
    let app: TestApp;
    let member: (address: string | null) => Promise<string>;
    beforeAll(async () => {
      ({ app, member } = await bootWithMember(kind, {}));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answers 502 "The chain is not configured" for a member with a wallet', async () => {
      const res = await ask(app, await member(wallet()));
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ code: 1001, message: 'The chain is not configured', data: null });
    });

    it('still answers not staked for a member without a wallet', async () => {
      const res = await ask(app, await member(null));
      expect(res.body.data).toEqual({ staked: false, tokenIds: [], wallet: null });
    });
  });

  describe('with a node that does not answer', () => {
    let app: TestApp;
    let member: (address: string | null) => Promise<string>;
    beforeAll(async () => {
      // A port that was free a moment ago: nothing listens there.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const port = (probe.address() as AddressInfo).port;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      ({ app, member } = await bootWithMember(kind, { CHAIN_RPC_URL: `http://127.0.0.1:${port}`, CHAIN_STAKING_CONTRACT: CONTRACT, CHAIN_TIMEOUT_MS: '2000' }));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answers 502 "could not be reached" and keeps answering after the failed connection', async () => {
      const token = await member(wallet());
      for (let i = 0; i < 2; i++) {
        const res = await ask(app, token);
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ code: 1001, message: 'The chain could not be reached; please try again later', data: null });
      }
    });
  });
});
