/**
 * base/sys/user/isNftStacked end to end, on every database kind, against the local fake chain node
 * (tests/helpers/fake-chain.ts) that speaks CometBFT 0.38 JSON-RPC as CosmJS 0.39 uses it: `status`
 * (version detection) and `abci_query` on /cosmwasm.wasm.v1.Query/SmartContractState.
 * Cases: staked tokens, none, no wallet (the node is not asked), the 30 s cache per address,
 * chain not configured, node down, no token.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { startFakeChain, type FakeChain } from '../helpers/fake-chain';
import { memberRoleId } from '../../server/modules/system/member.service';

const kinds = await databaseKinds();
const CONTRACT = 'stars14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9sd2qmvz';
const PATH = '/admin/base/sys/user/isNftStacked';

let n = 0;
const wallet = () => `stars1${randomBytes(19).toString('hex')}${++n}`;

/** Boots the app with these CHAIN_* settings and adds a member; returns the app and a way to add more. */
async function bootWithMember(kind: 'sqlite' | 'mysql', chainEnv: Record<string, string | undefined>) {
  const env = { ...process.env, CHAIN_RPC_URL: undefined, CHAIN_STAKING_CONTRACT: undefined, CHAIN_TIMEOUT_MS: undefined, ...chainEnv };
  const app = await startApp(kind, { env });
  const role = await memberRoleId(app.core);
  /** A signed-in member with this wallet address (or none); returns the member's token. */
  const member = async (address: string | null) => {
    const username = `nft_${Date.now().toString(36)}${++n}`;
    const added = await app
      .http()
      .post('/admin/base/sys/user/add')
      .set('Authorization', app.adminToken)
      .send({ username, password: 'Member-123', nickName: username, roleIdList: [role] });
    expect(added.body.code).toBe(1000);
    if (address) {
      await app.core.db.run(`UPDATE ${app.core.db.q('base_sys_user')} SET ${app.core.db.q('starWalletAddress')} = ? WHERE ${app.core.db.q('id')} = ?`, [
        address,
        added.body.data.id,
      ]);
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
    let node: FakeChain;
    let app: TestApp;
    let member: (address: string | null) => Promise<string>;

    beforeAll(async () => {
      node = await startFakeChain();
      ({ app, member } = await bootWithMember(kind, { CHAIN_RPC_URL: node.url, CHAIN_STAKING_CONTRACT: node.staking, CHAIN_TIMEOUT_MS: '3000' }));
    });
    afterAll(async () => {
      await app?.close();
      await node?.stop();
    });

    it('answers staked with the token ids the staking contract lists for the member’s wallet', async () => {
      const address = wallet();
      node.setStaked(address, ['42', '7']);
      const res = await ask(app, await member(address));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 1000, message: 'success', data: { staked: true, tokenIds: ['42', '7'], wallet: address } });
      expect(node.queries.at(-1)).toEqual({ contract: node.staking, query: { staked: { owner: address } } });
      expect(node.count('status')).toBeGreaterThan(0);
    });

    it('answers not staked when the contract lists no tokens for the wallet', async () => {
      const address = wallet();
      const res = await ask(app, await member(address));
      expect(res.body.data).toEqual({ staked: false, tokenIds: [], wallet: address });
      expect(node.queries.at(-1)).toEqual({ contract: node.staking, query: { staked: { owner: address } } });
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
        node.setStaked(address, ['1']);
        expect((await ask(app, await member(address))).body.data.tokenIds).toEqual(['1']);
      }
      expect(node.count('status')).toBe(statusCalls);
    });

    it('keeps the answer for an address in the cache, so a repeated call does not ask the chain again', async () => {
      const address = wallet();
      node.setStaked(address, ['5']);
      const token = await member(address);
      expect((await ask(app, token)).body.data.tokenIds).toEqual(['5']);
      const queries = node.count('abci_query');
      node.setStaked(address, ['5', '6']);
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
