/**
 * The fake chain of the NFT spec (16-nft.spec.ts). global-setup.ts calls startE2eChain(): a FakeChain
 * with a test wallet (tests/helpers/fake-chain-wallet.ts) and its items minted and their metadata on its IPFS
 * gateway (one item's metadata missing, so the screen shows its placeholder), plus a small HTTP
 * control on 127.0.0.1, because the specs run in worker processes that cannot call the chain object:
 *   POST /refuse-next {log}  -> chain.refuseNext(log)
 *   GET  /state              -> { owned, staked, txs } of the test wallet
 *   GET  /img/<name>.svg     -> a picture (the fake gateway serves text and JSON only)
 * chainControl() is the spec's side of it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeChain } from '../helpers/fake-chain';
import { itemSvg, startWalletChain, type WalletItem } from '../helpers/fake-chain-wallet';

/** The items the test wallet holds: id, name, colour; `null` name = no metadata at its URI. */
export const E2E_ITEMS: ReadonlyArray<WalletItem> = [
  { id: '1', name: 'Nebula Fox', color: '#722ed1' },
  { id: '2', name: 'Comet Owl', color: '#fa8c16' },
  { id: '3', name: null, color: '#8c8c8c' },
];

export interface E2eChain {
  chain: FakeChain;
  control: Server;
  /** Environment for the server (the chain settings of docs/reference/calls/nft.md). */
  serverEnv: Record<string, string>;
  /** Environment for the specs (E2E_CHAIN_*). */
  testEnv: Record<string, string>;
  stop(): Promise<void>;
}

export async function startE2eChain(): Promise<E2eChain> {
  const wallet = await startWalletChain(`e2e-${process.pid}-${Date.now()}`);
  const { chain, address, mnemonic } = wallet;

  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const img = /^\/img\/(\w+)\.svg$/.exec(url.pathname);
    if (req.method === 'GET' && img) {
      const item = E2E_ITEMS.find((i) => i.id === img[1]);
      if (!item) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' }).end(itemSvg(item.color, `#${item.id}`));
    }
    if (req.method === 'GET' && url.pathname === '/state') return json(200, { owned: chain.owned(address), staked: chain.staked(address), txs: chain.txs });
    if (req.method === 'POST' && url.pathname === '/refuse-next') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        chain.refuseNext(String((JSON.parse(body || '{}') as { log?: string }).log ?? 'refused'));
        json(200, { ok: true });
      });
      return;
    }
    json(404, { error: 'unknown' });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  wallet.mint(E2E_ITEMS, 'bafyE2eCollection', (item) => `${controlUrl}/img/${item.id}.svg`);

  return {
    chain,
    control,
    serverEnv: wallet.serverEnv(),
    testEnv: {
      E2E_CHAIN_CONTROL: controlUrl,
      E2E_CHAIN_MNEMONIC: mnemonic,
      E2E_CHAIN_ADDRESS: address,
      E2E_CHAIN_ID: chain.chainId,
      E2E_CHAIN_PREFIX: chain.prefix,
      E2E_CHAIN_DENOM: chain.denom,
      E2E_CHAIN_STAKING: chain.staking,
      E2E_CHAIN_COLLECTION: chain.collection,
    },
    async stop() {
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await chain.stop();
    },
  };
}

export interface ChainState {
  owned: string[];
  staked: string[];
  txs: Array<{ msgs: unknown[]; gasLimit: number; fee: Array<{ denom: string; amount: string }>; signer: string; ok: boolean; code: number; log: string }>;
}

/** The spec's side of the control. */
export const chainControl = {
  state: async (): Promise<ChainState> => (await fetch(`${process.env.E2E_CHAIN_CONTROL}/state`)).json() as Promise<ChainState>,
  refuseNext: async (log: string): Promise<void> => {
    const res = await fetch(`${process.env.E2E_CHAIN_CONTROL}/refuse-next`, { method: 'POST', body: JSON.stringify({ log }) });
    if (!res.ok) throw new Error(`refuse-next: HTTP ${res.status}`);
  },
};
