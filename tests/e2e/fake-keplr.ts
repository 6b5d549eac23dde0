/**
 * A fake Keplr extension for Playwright: `window.keplr` injected with addInitScript, whose keys stay
 * in Node. Every call crosses to Node through one exposed function (`__fakeKeplr`), bytes as base64
 * and 64-bit numbers (the sign doc's account number, a bigint in CosmJS) as decimal strings:
 * - transactions are signed by a real DirectSecp256k1HdWallet from the test mnemonic (SIGN_MODE_DIRECT);
 * - `signArbitrary` signs the ADR-36 amino document (chain id '', account number and sequence 0, no fee,
 *   one `sign/MsgSignData { signer, data: base64(message) }`) with a Secp256k1HdWallet of the same
 *   mnemonic, and answers the StdSignature as Keplr does;
 * - `enable` of another chain id fails as Keplr does for a chain it does not know.
 * `calls` records what the page asked, in order.
 */
import type { BrowserContext } from '@playwright/test';
import { makeSignDoc, Secp256k1HdWallet } from '@cosmjs/amino';
import { fromBase64, toBase64, toUtf8 } from '@cosmjs/encoding';
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';

interface Wire {
  bodyBytes: string;
  authInfoBytes: string;
  chainId: string;
  accountNumber: string;
}

/** Runs in the page: forwards every call to Node. */
function pageSide(): void {
  const node = (window as unknown as { __fakeKeplr(kind: string, args: unknown): Promise<unknown> }).__fakeKeplr;
  const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));
  const bytes = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
  const signer = {
    async getAccounts() {
      const accounts = (await node('accounts', {})) as Array<{ address: string; pubkey: string }>;
      return accounts.map((a) => ({ address: a.address, algo: 'secp256k1', pubkey: bytes(a.pubkey) }));
    },
    async signDirect(signerAddress: string, doc: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }) {
      const wire = { bodyBytes: b64(doc.bodyBytes), authInfoBytes: b64(doc.authInfoBytes), chainId: doc.chainId, accountNumber: String(doc.accountNumber) };
      const r = (await node('signDirect', { signerAddress, doc: wire })) as { signed: Wire; signature: unknown };
      const s = r.signed;
      return {
        signed: { bodyBytes: bytes(s.bodyBytes), authInfoBytes: bytes(s.authInfoBytes), chainId: s.chainId, accountNumber: BigInt(s.accountNumber) },
        signature: r.signature,
      };
    },
  };
  (window as unknown as { keplr: unknown }).keplr = {
    version: '0.12.0-fake',
    mode: 'extension',
    enable: (chainId: string) => node('enable', { chainId }),
    experimentalSuggestChain: (info: unknown) => node('suggest', info),
    getOfflineSigner: () => signer,
    signArbitrary: (chainId: string, address: string, data: string) => node('signArbitrary', { chainId, address, data }),
  };
}

export interface FakeKeplr {
  address: string;
  calls: Array<{ kind: string; args: unknown }>;
}

export async function installFakeKeplr(context: BrowserContext, opts: { mnemonic: string; prefix: string; chainId: string }): Promise<FakeKeplr> {
  const direct = await DirectSecp256k1HdWallet.fromMnemonic(opts.mnemonic, { prefix: opts.prefix });
  const amino = await Secp256k1HdWallet.fromMnemonic(opts.mnemonic, { prefix: opts.prefix });
  const [account] = await direct.getAccounts();
  const fake: FakeKeplr = { address: account!.address, calls: [] };

  await context.exposeFunction('__fakeKeplr', async (kind: string, args: Record<string, unknown>) => {
    fake.calls.push({ kind, args });
    switch (kind) {
      case 'enable':
        if (args.chainId !== opts.chainId) throw new Error(`There is no chain info for ${String(args.chainId)}`);
        return null;
      case 'suggest':
        return null;
      case 'accounts':
        return (await direct.getAccounts()).map((a) => ({ address: a.address, pubkey: toBase64(a.pubkey) }));
      case 'signDirect': {
        const w = args.doc as Wire;
        const doc = {
          bodyBytes: fromBase64(w.bodyBytes),
          authInfoBytes: fromBase64(w.authInfoBytes),
          chainId: w.chainId,
          accountNumber: BigInt(w.accountNumber),
        };
        const r = await direct.signDirect(String(args.signerAddress), doc);
        const s = r.signed;
        return {
          signed: { bodyBytes: toBase64(s.bodyBytes), authInfoBytes: toBase64(s.authInfoBytes), chainId: s.chainId, accountNumber: s.accountNumber.toString() },
          signature: r.signature,
        };
      }
      case 'signArbitrary': {
        const signer = String(args.address);
        const doc = makeSignDoc(
          [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(toUtf8(String(args.data))) } }],
          { gas: '0', amount: [] },
          '',
          '',
          0,
          0,
        );
        return (await amino.signAmino(signer, doc)).signature;
      }
      default:
        throw new Error(`fake Keplr: unknown call ${kind}`);
    }
  });
  await context.addInitScript(pageSide);
  return fake;
}
