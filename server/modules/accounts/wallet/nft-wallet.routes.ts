/**
 * Linking a Cosmos wallet to the caller's account (starWalletAddress), with a proof that the caller
 * holds its key, so nobody can claim another person's address:
 *
 * - base/sys/user/walletChallenge -> `{ nonce, message, expiresAt }`: a fresh random nonce kept 5 minutes
 *   in the cache store for this caller, and the text the wallet signs with ADR-36 `signArbitrary`.
 * - base/sys/user/bindWallet `{ address, pubKey: { type: 'tendermint/PubKeySecp256k1', value }, signature,
 *   nonce }` -> `{ wallet }`: takes the nonce (good once, whatever follows), checks it is the caller's
 *   and not expired, checks the signature over that challenge's message (wallet-proof.ts) with the
 *   configured bech32 prefix, refuses an address another live account holds, then writes the address
 *   on the caller's own row. Every refusal is 1001 with its own message and writes nothing.
 * - base/sys/user/unbindWallet -> `{ wallet: null }`: clears it.
 *
 * Decisions: the message names the site, the account id, the nonce and the expiry, so a signature made
 * for this challenge proves nothing anywhere else; the holder check runs in the write's transaction on
 * the locked rows holding that address, so two accounts racing for one address cannot both win.
 * Only these calls (as the system, on the caller's row) and administrators in the console write
 * starWalletAddress: it is an adminOnly field of base/sys/user and no member profile call takes it.
 */
import { randomBytes } from 'node:crypto';
import { entity, l, eq, SYSTEM, fail, object, text, STR, obj, call, defineRoutes } from '../../../core/api';
import type { Core } from '../../../core/api';
import { chainSettings } from './chain-settings';
import { NFT_MESSAGES } from './nft.messages';
import { checkWalletProof, type ProofVerdict } from './wallet-proof';

export const CHALLENGE_SECONDS = 300;
export const challengeKey = (nonce: string) => `nft:wallet-challenge:${nonce}`;

/** What the cache store keeps for a nonce. */
interface Challenge {
  userId: number;
  message: string;
  expiresAt: string;
}

const REFUSALS: Record<Exclude<ProofVerdict, 'ok'>, string> = {
  bad_address: NFT_MESSAGES.wallet_bad_address,
  pubkey_mismatch: NFT_MESSAGES.wallet_pubkey_mismatch,
  bad_signature: NFT_MESSAGES.wallet_bad_signature,
};

function challengeText(userId: number, chainId: string, nonce: string, expiresAt: string): string {
  return ['COSMAC AI: link this wallet to my account.', `Account: ${userId}`, `Chain: ${chainId}`, `Nonce: ${nonce}`, `Expires: ${expiresAt}`].join('\n');
}

/** Takes the caller's challenge for this nonce: refused when unknown, used, someone else's or expired. */
async function takeChallenge(core: Core, userId: number, nonce: string): Promise<Challenge> {
  const raw = await core.cache.take(challengeKey(nonce));
  const c = raw === null ? null : (JSON.parse(raw) as Challenge);
  if (!c || c.userId !== userId) throw fail.bad(NFT_MESSAGES.wallet_challenge_unknown);
  if (Date.parse(c.expiresAt) <= Date.now()) throw fail.bad(NFT_MESSAGES.wallet_challenge_expired);
  return c;
}

export default defineRoutes((core) => {
  const users = entity(core.model, 'base/sys/user');
  return [
    call(core, 'base', 'sys/user', 'walletChallenge', {
      member: true,
      method: 'POST',
      summary: l('Ask for a wallet link challenge', '获取钱包绑定验证', '取得錢包綁定驗證'),
      input: {},
      effect: 'write',
      answer: obj({ nonce: STR, message: STR, expiresAt: STR }),
      async handler(req) {
        const { chainId } = await chainSettings(core);
        const nonce = randomBytes(16).toString('hex');
        const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000).toISOString();
        const message = challengeText(req.user!.id, chainId, nonce, expiresAt);
        const stored: Challenge = { userId: req.user!.id, message, expiresAt };
        await core.cache.set(challengeKey(nonce), JSON.stringify(stored), CHALLENGE_SECONDS);
        return { nonce, message, expiresAt };
      },
    }),
    call(core, 'base', 'sys/user', 'bindWallet', {
      member: true,
      method: 'POST',
      summary: l('Link my wallet', '绑定我的钱包', '綁定我的錢包'),
      input: {
        address: text({ max: 128 }),
        pubKey: object({ type: text({ max: 64 }), value: text({ max: 128 }) }),
        signature: text({ max: 256 }),
        nonce: text({ max: 64 }),
      },
      effect: 'write',
      answer: obj({ wallet: STR }),
      async handler(req, body) {
        const me = req.user!.id;
        const challenge = await takeChallenge(core, me, body.nonce);
        const { bech32Prefix } = await chainSettings(core);
        const verdict = await checkWalletProof({ ...body, message: challenge.message, prefix: bech32Prefix });
        if (verdict !== 'ok') throw fail.bad(REFUSALS[verdict]);
        await core.ops.transaction(SYSTEM, async (t) => {
          const holders = await t.lock(users, eq('starWalletAddress', body.address));
          if (holders.some((h) => h.id !== me)) throw fail.bad(NFT_MESSAGES.wallet_address_taken);
          await t.update(users, { id: me, starWalletAddress: body.address });
        });
        return { wallet: body.address };
      },
    }),
    call(core, 'base', 'sys/user', 'unbindWallet', {
      member: true,
      method: 'POST',
      summary: l('Unlink my wallet', '解绑我的钱包', '解除綁定我的錢包'),
      input: {},
      effect: 'write',
      answer: obj({ wallet: { type: 'null' } }),
      async handler(req) {
        await core.ops.update(users, { id: req.user!.id, starWalletAddress: null }, SYSTEM);
        return { wallet: null };
      },
    }),
  ];
});
