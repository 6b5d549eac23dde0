/**
 * The fake chain node (tests/helpers/fake-chain.ts) driven by the real CosmJS 0.39 SigningCosmWasmClient
 * with a DirectSecp256k1HdWallet from a test mnemonic, as the staking screen drives a real node: stake
 * (cw721 send_nft to the staking contract) and unstake (the staking contract's unstake), each with the
 * gas limit of docs/reference/calls/nft.md and a fee of gas × 0.025 in the chain's denom. What the fake refuses (wrong gas
 * limit, wrong contract, a bad signature, refuseNext, a token the sender does not own) makes the client
 * throw and leaves the state as it was. Then the server side: a member who linked that wallet through
 * bindWallet sees isNftStacked (with `refresh: true`) turn true after the stake and false after the
 * unstake, on every database kind.
 */
import { Secp256k1HdWallet, makeSignDoc } from '@cosmjs/amino';
import { SigningCosmWasmClient } from '@cosmjs/cosmwasm-stargate';
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';
import { GasPrice, calculateFee, type StdFee } from '@cosmjs/stargate';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { startFakeChain, testMnemonic, type FakeChain } from '../helpers/fake-chain';
import { memberRoleId } from '../../server/modules/system/member.service';

const kinds = await databaseKinds();

const stakeMsg = (chain: FakeChain, tokenId: string) => ({
  send_nft: { contract: chain.staking, token_id: tokenId, msg: Buffer.from(JSON.stringify({ stake: {} })).toString('base64') },
});

describe('fake chain driven by CosmJS SigningCosmWasmClient', () => {
  let chain: FakeChain;
  let client: SigningCosmWasmClient;
  let address: string;
  let fee300: StdFee;
  let fee200: StdFee;

  beforeAll(async () => {
    chain = await startFakeChain();
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(testMnemonic('nft-chain'), { prefix: chain.prefix });
    address = (await wallet.getAccounts())[0]!.address;
    const gasPrice = GasPrice.fromString(`0.025${chain.denom}`);
    client = await SigningCosmWasmClient.connectWithSigner(chain.url, wallet, { gasPrice, broadcastPollIntervalMs: 50, broadcastTimeoutMs: 5000 });
    fee300 = calculateFee(300_000, gasPrice);
    fee200 = calculateFee(200_000, gasPrice);
    chain.mint(address, '1', 'ipfs://cid1/1.json');
    chain.mint(address, '2', 'ipfs://cid1/2.json');
    chain.mint('stars1someoneelse', '3', 'ipfs://cid1/3.json');
  });
  afterAll(async () => {
    client?.disconnect();
    await chain?.stop();
  });

  it('answers the cw721 queries the screen makes: tokens of an owner (paged) and nft_info', async () => {
    expect(await client.queryContractSmart(chain.collection, { tokens: { owner: address } })).toEqual({ tokens: ['1', '2'] });
    expect(await client.queryContractSmart(chain.collection, { tokens: { owner: address, start_after: '1', limit: 5 } })).toEqual({ tokens: ['2'] });
    expect(await client.queryContractSmart(chain.collection, { nft_info: { token_id: '1' } })).toEqual({ token_uri: 'ipfs://cid1/1.json', extension: null });
    expect(await client.queryContractSmart(chain.staking, { staked: { owner: address } })).toEqual({ tokens: [] });
    await expect(client.queryContractSmart(chain.collection, { nft_info: { token_id: '99' } })).rejects.toThrow(/not found/);
  });

  it('stakes with send_nft: the token leaves the owned list and joins the staked list', async () => {
    const before = (await client.getSequence(address)).sequence;
    const result = await client.execute(address, chain.collection, stakeMsg(chain, '1'), fee300);
    expect(result.transactionHash).toMatch(/^[0-9A-F]{64}$/);
    expect(chain.owned(address)).toEqual(['2']);
    expect(chain.staked(address)).toEqual(['1']);
    expect(await client.queryContractSmart(chain.staking, { staked: { owner: address } })).toEqual({ tokens: ['1'] });
    expect((await client.getSequence(address)).sequence).toBe(before + 1);
    expect(chain.txs.at(-1)).toMatchObject({ ok: true, code: 0, gasLimit: 300_000, fee: [{ denom: chain.denom, amount: '7500' }], signer: address });
    expect(chain.txs.at(-1)!.msgs).toEqual([
      { typeUrl: '/cosmwasm.wasm.v1.MsgExecuteContract', sender: address, contract: chain.collection, msg: stakeMsg(chain, '1'), funds: [] },
    ]);
  });

  it('unstakes with the staking contract’s unstake: the token comes back', async () => {
    await client.execute(address, chain.staking, { unstake: { token_id: '1' } }, fee200);
    expect(chain.owned(address)).toEqual(['1', '2']);
    expect(chain.staked(address)).toEqual([]);
    expect(chain.txs.at(-1)).toMatchObject({ ok: true, gasLimit: 200_000, fee: [{ denom: chain.denom, amount: '5000' }] });
  });

  /** Runs a call that must be refused and checks that neither the tokens nor the sequence moved. */
  async function refused(run: () => Promise<unknown>, error: RegExp) {
    const owned = chain.owned(address);
    const staked = chain.staked(address);
    const txs = chain.txs.length;
    await expect(run()).rejects.toThrow(error);
    expect(chain.owned(address)).toEqual(owned);
    expect(chain.staked(address)).toEqual(staked);
    expect(chain.txs.length).toBe(txs + 1);
    expect(chain.txs.at(-1)!.ok).toBe(false);
  }

  it('refuses a stake with another gas limit than 300000, and an unstake with another than 200000', async () => {
    const gasPrice = GasPrice.fromString(`0.025${chain.denom}`);
    await refused(
      () => client.execute(address, chain.collection, stakeMsg(chain, '2'), calculateFee(250_000, gasPrice)),
      /gas limit must be 300000 for send_nft, got 250000/,
    );
    chain.setStaked(address, ['2']);
    await refused(() => client.execute(address, chain.staking, { unstake: { token_id: '2' } }, fee300), /gas limit must be 200000 for unstake/);
    chain.setStaked(address, []);
  });

  it('refuses a fee in another denom or below gas × 0.025', async () => {
    await refused(
      () => client.execute(address, chain.collection, stakeMsg(chain, '2'), { amount: [{ denom: 'uatom', amount: '7500' }], gas: '300000' }),
      /fee must be 7500ustars, got 7500uatom/,
    );
    await refused(
      () => client.execute(address, chain.collection, stakeMsg(chain, '2'), { amount: [{ denom: chain.denom, amount: '7499' }], gas: '300000' }),
      /insufficient fee/,
    );
  });

  it('refuses a message to an unknown contract, and a send_nft to another contract than the staking one', async () => {
    const elsewhere = 'stars14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9sd2qmvz';
    await refused(() => client.execute(address, elsewhere, stakeMsg(chain, '2'), fee300), /not found: contract/);
    await refused(
      () => client.execute(address, chain.collection, { send_nft: { ...stakeMsg(chain, '2').send_nft, contract: elsewhere } }, fee300),
      /must go to the staking contract/,
    );
  });

  it('refuses a transaction whose signature does not verify', async () => {
    const { accountNumber, sequence } = await client.getSequence(address);
    const msg = {
      typeUrl: '/cosmwasm.wasm.v1.MsgExecuteContract',
      value: { sender: address, contract: chain.collection, msg: Buffer.from(JSON.stringify(stakeMsg(chain, '2'))), funds: [] },
    };
    const signed = await client.sign(address, [msg], fee300, '', { accountNumber, sequence, chainId: chain.chainId });
    const forged = TxRaw.fromPartial({ ...signed, signatures: [Uint8Array.from(signed.signatures[0]!, (b, i) => (i === 10 ? b ^ 1 : b))] });
    await refused(() => client.broadcastTx(TxRaw.encode(forged).finish(), 2000, 50), /signature verification failed/);
    const otherChain = await client.sign(address, [msg], fee300, '', { accountNumber, sequence, chainId: 'another-chain-1' });
    await refused(() => client.broadcastTx(TxRaw.encode(otherChain).finish(), 2000, 50), /signature verification failed/);
  });

  it('answers the next broadcast with code 5 and the given log after refuseNext, then accepts again', async () => {
    chain.refuseNext('the node is tired');
    await refused(() => client.execute(address, chain.collection, stakeMsg(chain, '2'), fee300), /code 5.*the node is tired/);
    await client.execute(address, chain.collection, stakeMsg(chain, '2'), fee300);
    expect(chain.staked(address)).toEqual(['2']);
  });

  it('lets the contract refuse a token the sender does not own, inside the block (sequence used, state kept)', async () => {
    const before = (await client.getSequence(address)).sequence;
    await refused(() => client.execute(address, chain.collection, stakeMsg(chain, '3'), fee300), /Caller is not the contract's current owner/);
    expect((await client.getSequence(address)).sequence).toBe(before + 1);
    expect(chain.owned('stars1someoneelse')).toEqual(['3']);
  });

  it('verifies amino JSON signatures too (a wallet that signs in SIGN_MODE_LEGACY_AMINO_JSON)', async () => {
    const amino = await Secp256k1HdWallet.fromMnemonic(testMnemonic('nft-chain-amino'), { prefix: chain.prefix });
    const aminoAddress = (await amino.getAccounts())[0]!.address;
    const aminoClient = await SigningCosmWasmClient.connectWithSigner(chain.url, amino, { broadcastPollIntervalMs: 50 });
    chain.mint(aminoAddress, '10', 'ipfs://cid1/10.json');
    await aminoClient.execute(aminoAddress, chain.collection, stakeMsg(chain, '10'), fee300);
    expect(chain.staked(aminoAddress)).toEqual(['10']);
    expect(chain.txs.at(-1)).toMatchObject({ ok: true, signer: aminoAddress });
    aminoClient.disconnect();
  });

  it('answers the URI form of the RPC (GET /status) and the REST smart query, with CORS open', async () => {
    const status = await fetch(`${chain.url}/status`);
    expect(status.headers.get('access-control-allow-origin')).toBe('*');
    expect((await status.json()).result.node_info.network).toBe(chain.chainId);
    const q = Buffer.from(JSON.stringify({ staked: { owner: address } })).toString('base64');
    const rest = await fetch(`${chain.restUrl}/cosmwasm/wasm/v1/contract/${chain.staking}/smart/${q}`);
    expect(await rest.json()).toEqual({ data: { tokens: ['2'] } });
  });

  it('serves what putIpfs stored at the gateway (JSON, text, images), with its status, and 404 for anything else', async () => {
    chain.putIpfs('cid1/1.json', { name: 'Star #1', image: 'ipfs://cid1/1.png' });
    chain.putIpfs('cid1/bad.json', 'oops', 500);
    const ok = await fetch(`${chain.gatewayUrl}cid1/1.json`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ name: 'Star #1', image: 'ipfs://cid1/1.png' });
    expect((await fetch(`${chain.gatewayUrl}cid1/bad.json`)).status).toBe(500);
    expect((await fetch(`${chain.gatewayUrl}cid1/none.json`)).status).toBe(404);
    chain.putIpfs('cid1/1.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const img = await fetch(`${chain.gatewayUrl}cid1/1.svg`);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect(img.headers.get('access-control-allow-origin')).toBe('*');
    chain.putIpfs('cid1/1.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(Buffer.from(await (await fetch(`${chain.gatewayUrl}cid1/1.png`)).arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
});

describe.each(kinds)('staking seen by isNftStacked on %s', (kind) => {
  let chain: FakeChain;
  let app: TestApp;
  let token: string;
  let address: string;
  let client: SigningCosmWasmClient;
  const fee = (gas: number) => calculateFee(gas, GasPrice.fromString(`0.025${chain.denom}`));
  const isNftStacked = async (body: object = { refresh: true }) =>
    (await app.http().post('/admin/base/sys/user/isNftStacked').set('Authorization', token).send(body)).body;

  beforeAll(async () => {
    chain = await startFakeChain({ chainId: 'fake-stargaze-2' });
    app = await startApp(kind, {
      env: {
        ...process.env,
        CHAIN_ID: chain.chainId,
        CHAIN_RPC_URL: chain.url,
        CHAIN_REST_URL: chain.restUrl,
        CHAIN_NFT_CONTRACT: chain.collection,
        CHAIN_STAKING_CONTRACT: chain.staking,
        CHAIN_FEE_DENOM: chain.denom,
        CHAIN_BECH32_PREFIX: chain.prefix,
        IPFS_GATEWAY: chain.gatewayUrl,
        CHAIN_TIMEOUT_MS: '3000',
      },
    });
    const username = `chain_${kind}`;
    const added = await app
      .http()
      .post('/admin/base/sys/user/add')
      .set('Authorization', app.adminToken)
      .send({ username, password: 'Member-123', nickName: username, roleIdList: [await memberRoleId(app.core)] });
    expect(added.body.code).toBe(1000);
    token = await app.login(username, 'Member-123');
    // One mnemonic, two signers: the amino one proves the address to the server, the direct one sends transactions.
    const mnemonic = testMnemonic(`nft-chain-member-${kind}`);
    const amino = await Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix: chain.prefix });
    const direct = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: chain.prefix });
    address = (await direct.getAccounts())[0]!.address;
    const challenge = (await app.http().post('/admin/base/sys/user/walletChallenge').set('Authorization', token).send({})).body.data;
    const data = Buffer.from(challenge.message as string).toString('base64');
    const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer: address, data } }], { gas: '0', amount: [] }, '', '', 0, 0);
    const { signature } = await amino.signAmino(address, doc);
    const bound = await app
      .http()
      .post('/admin/base/sys/user/bindWallet')
      .set('Authorization', token)
      .send({ address, pubKey: signature.pub_key, signature: signature.signature, nonce: challenge.nonce });
    expect(bound.body.data).toEqual({ wallet: address });
    client = await SigningCosmWasmClient.connectWithSigner(chain.url, direct, { broadcastPollIntervalMs: 50 });
    chain.mint(address, '7', 'ipfs://cid7/7.json');
  });
  afterAll(async () => {
    client?.disconnect();
    await app?.close();
    await chain?.stop();
  });

  it('answers not staked before, staked after send_nft, and not staked after unstake', async () => {
    expect((await isNftStacked({})).data).toEqual({ staked: false, tokenIds: [], wallet: address });
    await client.execute(address, chain.collection, stakeMsg(chain, '7'), fee(300_000));
    // Without refresh the 30 s cache still answers; with it the chain is read anew.
    expect((await isNftStacked({})).data.staked).toBe(false);
    expect((await isNftStacked()).data).toEqual({ staked: true, tokenIds: ['7'], wallet: address });
    expect((await isNftStacked({})).data.staked).toBe(true);
    await client.execute(address, chain.staking, { unstake: { token_id: '7' } }, fee(200_000));
    expect((await isNftStacked()).data).toEqual({ staked: false, tokenIds: [], wallet: address });
  });

  it('keeps isNftStacked false when the node refuses the stake', async () => {
    chain.refuseNext('staking is paused');
    await expect(client.execute(address, chain.collection, stakeMsg(chain, '7'), fee(300_000))).rejects.toThrow(/staking is paused/);
    expect((await isNftStacked()).data.staked).toBe(false);
    expect(chain.owned(address)).toEqual(['7']);
  });
});
