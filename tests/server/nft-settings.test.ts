/**
 * The NFT staking settings (server/modules/accounts/wallet/chain-settings.ts) on every database kind:
 * `GET /admin/base/open/chainSettings` answers without a token with exactly the public values, from the
 * environment or the defaults; a console param overrides its environment variable at once; an unusable
 * value falls back; and isNftStacked reads the same settings (the param's staking contract and node win).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { startFakeChain, type FakeChain } from '../helpers/fake-chain';
import { memberRoleId } from '../../server/modules/system/member.service';

const kinds = await databaseKinds();
const PATH = '/admin/base/open/chainSettings';
const CHAIN_ENV = [
  'CHAIN_ID',
  'CHAIN_NAME',
  'CHAIN_RPC_URL',
  'CHAIN_REST_URL',
  'CHAIN_NFT_CONTRACT',
  'CHAIN_STAKING_CONTRACT',
  'CHAIN_FEE_DENOM',
  'CHAIN_BECH32_PREFIX',
  'IPFS_GATEWAY',
  'CHAIN_TIMEOUT_MS',
];
const cleanEnv = () => ({ ...process.env, ...Object.fromEntries(CHAIN_ENV.map((k) => [k, undefined])) });

describe.each(kinds)('chain settings on %s', (kind) => {
  describe('with nothing set', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startApp(kind, { env: cleanEnv() });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answers the defaults without a token (a test network), the chain left unconfigured', async () => {
      const res = await app.http().get(PATH);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        chainId: 'elgafar-1',
        chainName: 'Stargaze Testnet',
        rpc: '',
        rest: '',
        collection: '',
        staking: '',
        denom: 'ustars',
        gasPrice: '0.025ustars',
        bech32Prefix: 'stars',
        ipfsGateway: 'https://ipfs.io/ipfs/',
      });
    });
  });

  describe('with the environment and console params', () => {
    let app: TestApp;
    let envChain: FakeChain;
    let paramChain: FakeChain;
    const admin = (path: string, body: object) => app.http().post(path).set('Authorization', app.adminToken).send(body);
    const setParam = async (keyName: string, data: string) => {
      const res = await admin('/admin/base/sys/param/add', { keyName, name: keyName, data, dataType: 0 });
      expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    };

    beforeAll(async () => {
      [envChain, paramChain] = await Promise.all([
        startFakeChain({ chainId: 'env-chain-1' }),
        startFakeChain({ chainId: 'param-chain-1', prefix: 'wasm', denom: 'ucosm' }),
      ]);
      app = await startApp(kind, {
        env: {
          ...cleanEnv(),
          CHAIN_ID: envChain.chainId,
          CHAIN_NAME: 'Env chain',
          CHAIN_RPC_URL: envChain.url,
          CHAIN_REST_URL: envChain.restUrl,
          CHAIN_NFT_CONTRACT: envChain.collection,
          CHAIN_STAKING_CONTRACT: envChain.staking,
          CHAIN_FEE_DENOM: 'ustars',
          CHAIN_BECH32_PREFIX: 'stars',
          IPFS_GATEWAY: envChain.gatewayUrl.replace(/\/$/, ''),
          CHAIN_TIMEOUT_MS: '3000',
        },
      });
    });
    afterAll(async () => {
      await app?.close();
      await Promise.all([envChain?.stop(), paramChain?.stop()]);
    });

    it('answers the environment’s values, the gateway ending with a slash, and nothing else', async () => {
      const res = await app.http().get(PATH);
      expect(res.body.data).toEqual({
        chainId: 'env-chain-1',
        chainName: 'Env chain',
        rpc: envChain.url,
        rest: envChain.restUrl,
        collection: envChain.collection,
        staking: envChain.staking,
        denom: 'ustars',
        gasPrice: '0.025ustars',
        bech32Prefix: 'stars',
        ipfsGateway: envChain.gatewayUrl,
      });
      expect(JSON.stringify(res.body)).not.toContain('3000');
    });

    it('lets console params override the environment at once, and isNftStacked follows them', async () => {
      const member = await memberWith(app, 'wasm1paramowner');
      paramChain.setStaked('wasm1paramowner', ['9']);
      envChain.setStaked('wasm1paramowner', ['1']);
      const before = await app.http().post('/admin/base/sys/user/isNftStacked').set('Authorization', member).send({ refresh: true });
      expect(before.body.data.tokenIds).toEqual(['1']);
      await setParam('chainId', 'param-chain-1');
      await setParam('chainRpcUrl', paramChain.url);
      await setParam('chainStakingContract', paramChain.staking);
      await setParam('chainNftContract', paramChain.collection);
      await setParam('chainFeeDenom', 'ucosm');
      await setParam('chainBech32Prefix', 'wasm');
      const res = await app.http().get(PATH);
      expect(res.body.data).toMatchObject({
        chainId: 'param-chain-1',
        rpc: paramChain.url,
        staking: paramChain.staking,
        collection: paramChain.collection,
        denom: 'ucosm',
        gasPrice: '0.025ucosm',
        bech32Prefix: 'wasm',
        chainName: 'Env chain',
      });
      const after = await app.http().post('/admin/base/sys/user/isNftStacked').set('Authorization', member).send({ refresh: true });
      expect(after.body.data).toEqual({ staked: true, tokenIds: ['9'], wallet: 'wasm1paramowner' });
      expect(paramChain.queries.at(-1)).toEqual({ contract: paramChain.staking, query: { staked: { owner: 'wasm1paramowner' } } });
    });

    it('ignores unusable params (a REST address that is not http, a blank gateway) and keeps the environment’s', async () => {
      await setParam('chainRestUrl', 'ftp://nope.example');
      await setParam('ipfsGateway', '   ');
      const res = await app.http().get(PATH);
      expect(res.body.data.rest).toBe(envChain.restUrl);
      expect(res.body.data.ipfsGateway).toBe(envChain.gatewayUrl);
    });
  });
});

/** A signed-in member whose stored wallet is `address` (set by the administrator in the console). */
async function memberWith(app: TestApp, address: string): Promise<string> {
  const username = `settings_${Date.now().toString(36)}`;
  const added = await app
    .http()
    .post('/admin/base/sys/user/add')
    .set('Authorization', app.adminToken)
    .send({ username, password: 'Member-123', nickName: username, roleIdList: [await memberRoleId(app.core)], starWalletAddress: address });
  expect(added.body.code).toBe(1000);
  return app.login(username, 'Member-123');
}
