/**
 * Linking a wallet with a signature proof (base/sys/user/walletChallenge, bindWallet, unbindWallet), on
 * every database kind. The proofs are made as Keplr's signArbitrary makes them: an ADR-36 amino sign doc
 * signed by a real Secp256k1HdWallet from a test mnemonic. A valid proof is stored on the caller's own
 * row; a forged signature, a signature by another key, a public key of another address, a replayed,
 * expired or foreign nonce, an address of another chain and an address another account holds are
 * refused with 1001 and write nothing. starWalletAddress is no longer writable through personUpdate or
 * by a staff role, only by administrators in the console.
 */
import { Secp256k1HdWallet, makeSignDoc, type StdSignature } from '@cosmjs/amino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { testMnemonic } from '../helpers/fake-chain';
import { memberRoleId } from '../../server/modules/system/member.service';
import { challengeKey } from '../../server/modules/accounts/wallet/nft-wallet.routes';

const kinds = await databaseKinds();
const PREFIX = 'stars';

interface Wallet {
  address: string;
  /** Keplr's signArbitrary: the ADR-36 sign doc of `message`, signed by this wallet. */
  signArbitrary(message: string): Promise<StdSignature>;
}

async function wallet(label: string, prefix = PREFIX): Promise<Wallet> {
  const w = await Secp256k1HdWallet.fromMnemonic(testMnemonic(label), { prefix });
  const address = (await w.getAccounts())[0]!.address;
  return {
    address,
    async signArbitrary(message) {
      const msg = { type: 'sign/MsgSignData', value: { signer: address, data: Buffer.from(message).toString('base64') } };
      const doc = makeSignDoc([msg], { gas: '0', amount: [] }, '', '', 0, 0);
      return (await w.signAmino(address, doc)).signature;
    },
  };
}

describe.each(kinds)('wallet linking on %s', (kind) => {
  let app: TestApp;
  let alice: Wallet;
  let bob: Wallet;
  let n = 0;

  const post = (path: string, token: string, body: unknown = {}, lang?: string) => {
    const r = app.http().post(`/admin/base/sys/user/${path}`).set('Authorization', token);
    if (lang) r.set('language', lang);
    return r.send(body as object);
  };

  /** A signed-in member; answers their id and token. */
  async function member(): Promise<{ id: number; token: string }> {
    const username = `wl_${Date.now().toString(36)}${++n}`;
    const added = await app
      .http()
      .post('/admin/base/sys/user/add')
      .set('Authorization', app.adminToken)
      .send({ username, password: 'Member-123', nickName: username, roleIdList: [await memberRoleId(app.core)] });
    expect(added.body.code).toBe(1000);
    return { id: added.body.data.id, token: await app.login(username, 'Member-123') };
  }

  const stored = async (id: number) => {
    const res = await app.http().get('/admin/base/sys/user/info').query({ id }).set('Authorization', app.adminToken);
    return res.body.data.starWalletAddress as string | null;
  };

  /** A challenge for `token`, and the bindWallet body `signer` makes for it (claiming `address`). */
  async function proof(token: string, signer: Wallet, address = signer.address) {
    const ch = await post('walletChallenge', token);
    expect(ch.body.code).toBe(1000);
    const signed = await signer.signArbitrary(ch.body.data.message);
    return { address, pubKey: signed.pub_key, signature: signed.signature, nonce: ch.body.data.nonce as string };
  }

  beforeAll(async () => {
    app = await startApp(kind, { env: { ...process.env, CHAIN_BECH32_PREFIX: PREFIX, CHAIN_ID: 'fake-stargaze-1' } });
    [alice, bob] = await Promise.all([wallet('wallet-alice'), wallet('wallet-bob')]);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('hands out a single-use challenge naming the account, kept 5 minutes in the cache store', async () => {
    const m = await member();
    const before = Date.now();
    const res = await post('walletChallenge', m.token);
    expect(res.body.code).toBe(1000);
    const { nonce, message, expiresAt } = res.body.data;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(message).toContain(`Account: ${m.id}`);
    expect(message).toContain(`Nonce: ${nonce}`);
    expect(message).toContain('Chain: fake-stargaze-1');
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThan(299_000);
    expect(ttl).toBeLessThan(302_000);
    expect(JSON.parse((await app.core.cache.get(challengeKey(nonce)))!)).toEqual({ userId: m.id, message, expiresAt });
    expect((await post('walletChallenge', m.token)).body.data.nonce).not.toBe(nonce);
  });

  it('accepts a valid ADR-36 signature and stores the address on the caller’s own row', async () => {
    const m = await member();
    const res = await post('bindWallet', m.token, await proof(m.token, alice));
    expect(res.body).toEqual({ code: 1000, message: 'success', data: { wallet: alice.address } });
    expect(await stored(m.id)).toBe(alice.address);
    const me = await app.http().post('/admin/base/sys/user/isNftStacked').set('Authorization', m.token).send({});
    // The chain is not configured here: the call reads the linked address, then says so.
    expect(me.body.message).toBe('The chain is not configured');
  });

  it('refuses a replayed nonce, even after the first use was undone', async () => {
    const m = await member();
    const body = await proof(m.token, bob);
    expect((await post('bindWallet', m.token, body)).body.code).toBe(1000);
    expect((await post('unbindWallet', m.token)).body).toEqual({ code: 1000, message: 'success', data: { wallet: null } });
    expect(await stored(m.id)).toBeNull();
    const again = await post('bindWallet', m.token, body);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 1001, message: 'This wallet check is unknown or was already used; please start again', data: null });
    expect(await stored(m.id)).toBeNull();
  });

  /** Sends a refused body and checks the answer and that the caller's address did not change. */
  async function refused(m: { id: number; token: string }, body: unknown, message: string) {
    const before = await stored(m.id);
    const res = await post('bindWallet', m.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 1001, message, data: null });
    expect(await stored(m.id)).toBe(before);
  }

  it('refuses a forged signature', async () => {
    const m = await member();
    const body = await proof(m.token, alice);
    const sig = Buffer.from(body.signature, 'base64');
    sig[5] ^= 0x01;
    await refused(m, { ...body, signature: sig.toString('base64') }, 'The wallet signature does not verify');
    const zeros = await proof(m.token, alice);
    await refused(m, { ...zeros, signature: Buffer.alloc(64).toString('base64') }, 'The wallet signature does not verify');
  });

  it('refuses a signature made by another key over the right message', async () => {
    const m = await member();
    const body = await proof(m.token, bob, alice.address);
    const alicesKey = (await alice.signArbitrary('anything')).pub_key;
    await refused(m, { ...body, pubKey: alicesKey }, 'The wallet signature does not verify');
  });

  it('refuses a public key that does not derive to the claimed address', async () => {
    const m = await member();
    await refused(m, await proof(m.token, bob, alice.address), 'The public key does not belong to this wallet address');
  });

  it('refuses an expired nonce, and one whose cache entry is gone', async () => {
    const m = await member();
    const body = await proof(m.token, alice);
    const key = challengeKey(body.nonce);
    const entry = JSON.parse((await app.core.cache.get(key))!);
    await app.core.cache.set(key, JSON.stringify({ ...entry, expiresAt: new Date(Date.now() - 1000).toISOString() }), 60);
    await refused(m, body, 'This wallet check has expired; please start again');
    const gone = await proof(m.token, alice);
    await app.core.cache.del(challengeKey(gone.nonce));
    await refused(m, gone, 'This wallet check is unknown or was already used; please start again');
  });

  it('refuses another member’s nonce', async () => {
    const [a, b] = [await member(), await member()];
    const body = await proof(a.token, bob);
    await refused(b, body, 'This wallet check is unknown or was already used; please start again');
  });

  it('refuses an address of another chain (another bech32 prefix)', async () => {
    const m = await member();
    const cosmos = await wallet('wallet-alice', 'cosmos');
    await refused(m, await proof(m.token, cosmos), 'The wallet address is not an address of this chain');
  });

  it('refuses an address another account holds, in the caller’s language', async () => {
    const [holder, other] = [await member(), await member()];
    const wallet3 = await wallet('wallet-taken');
    expect((await post('bindWallet', holder.token, await proof(holder.token, wallet3))).body.code).toBe(1000);
    await refused(other, await proof(other.token, wallet3), 'This wallet is already linked to another account');
    const zh = await post('bindWallet', other.token, await proof(other.token, wallet3), 'zh-cn');
    expect(zh.body.message).toBe('该钱包已绑定其他账号');
    expect(await stored(holder.id)).toBe(wallet3.address);
    expect(await stored(other.id)).toBeNull();
  });

  it('answers 1002 naming each missing or mistyped field, and 401 without a token', async () => {
    const m = await member();
    const res = await post('bindWallet', m.token, { address: 5, pubKey: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1002);
    expect(res.body.data.map((f: { field: string }) => f.field).sort()).toEqual(['address', 'nonce', 'pubKey', 'signature']);
    const anon = await app
      .http()
      .post('/admin/base/sys/user/bindWallet')
      .send(await proof(m.token, alice));
    expect(anon.status).toBe(401);
    expect(await stored(m.id)).toBeNull();
  });

  it('no longer lets personUpdate set starWalletAddress', async () => {
    const m = await member();
    const res = await app.http().post('/admin/base/comm/personUpdate').set('Authorization', m.token).send({ starWalletAddress: alice.address });
    expect(res.body.code).toBe(1002);
    expect(res.body.data[0].field).toBe('starWalletAddress');
    expect(await stored(m.id)).toBeNull();
  });

  it('drops starWalletAddress from a staff role’s user update, but lets an administrator edit it', async () => {
    const m = await member();
    const admin = (path: string, body: object) => app.http().post(path).set('Authorization', app.adminToken).send(body);
    const menu = (await admin('/admin/base/sys/menu/add', { name: 'Wallet staff', type: 2, perms: 'base:sys:user:info,base:sys:user:update' })).body.data.id;
    const dept = (await admin('/admin/base/sys/department/add', { name: 'Wallet staff' })).body.data.id;
    const role = (
      await admin('/admin/base/sys/role/add', {
        name: 'Wallet staff',
        label: `wallet_staff_${kind}`,
        relevance: true,
        menuIdList: [menu],
        departmentIdList: [dept],
      })
    ).body.data.id;
    const staffName = `wl_staff_${++n}`;
    expect(
      (await admin('/admin/base/sys/user/add', { username: staffName, password: 'Staff-1234', nickName: staffName, departmentId: dept, roleIdList: [role] }))
        .body.code,
    ).toBe(1000);
    expect((await admin('/admin/base/sys/user/update', { id: m.id, departmentId: dept })).body.code).toBe(1000);
    const staff = await app.login(staffName, 'Staff-1234');
    const byStaff = await app
      .http()
      .post('/admin/base/sys/user/update')
      .set('Authorization', staff)
      .send({ id: m.id, starWalletAddress: alice.address, remark: 'staff was here' });
    expect(byStaff.body.code, JSON.stringify(byStaff.body)).toBe(1000);
    const row = (await app.http().get('/admin/base/sys/user/info').query({ id: m.id }).set('Authorization', app.adminToken)).body.data;
    expect(row.remark).toBe('staff was here');
    expect(row.starWalletAddress).toBeNull();
    expect((await admin('/admin/base/sys/user/update', { id: m.id, starWalletAddress: bob.address })).body.code).toBe(1000);
    expect(await stored(m.id)).toBe(bob.address);
  });
});
