/**
 * The chain of `npm run start:fakes`: the fake node of the NFT tests (tests/helpers/fake-chain.ts:
 * CometBFT RPC, REST and an IPFS gateway on one port) with a test wallet holding three items
 * (tests/helpers/fake-chain-wallet.ts, as the e2e suite's tests/e2e/nft-chain.ts), but from a fixed
 * throwaway mnemonic so the wallet is the same on every start. Their pictures and metadata are on the node's own gateway.
 *
 * A person cannot inject the e2e suite's fake Keplr, so a page on 127.0.0.1 shows what the chain
 * holds: `GET /` (HTML: the test wallet's address and mnemonic, its items and staked items, the last
 * transactions) and `GET /state` (the same as JSON).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeChain } from '../../tests/helpers/fake-chain';
import { itemSvg, startWalletChain } from '../../tests/helpers/fake-chain-wallet';
import { escapeHtml } from './html';

/** The test wallet's items: id, name, colour. */
const ITEMS = [
  { id: '1', name: 'Nebula Fox', color: '#722ed1' },
  { id: '2', name: 'Comet Owl', color: '#fa8c16' },
  { id: '3', name: 'Quasar Cat', color: '#13c2c2' },
];

const CID = 'bafyDemoCollection';

export interface DemoChain {
  chain: FakeChain;
  /** The page showing the test wallet. */
  pageUrl: string;
  address: string;
  mnemonic: string;
  /** The product's chain settings (docs/reference/calls/nft.md). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

function state(chain: FakeChain, address: string, mnemonic: string) {
  const txs = chain.txs
    .slice(-20)
    .reverse()
    .map((t) => ({ signer: t.signer, ok: t.ok, code: t.code, log: t.log, msgs: t.msgs }));
  return { chainId: chain.chainId, rpc: chain.url, address, mnemonic, owned: chain.owned(address), staked: chain.staked(address), txs };
}

function page(s: ReturnType<typeof state>, gateway: string): string {
  const item = (id: string) =>
    `<li><img src="${escapeHtml(`${gateway}${CID}/${id}.svg`)}" width="48" height="48" alt=""> #${escapeHtml(id)} ${escapeHtml(ITEMS.find((i) => i.id === id)?.name ?? '')}</li>`;
  const list = (ids: string[]) => (ids.length ? `<ul>${ids.map(item).join('')}</ul>` : '<p>None.</p>');
  const txs = s.txs.map((t) => `<li>${t.ok ? 'ok' : `refused (code ${t.code})`}: ${escapeHtml(JSON.stringify(t.msgs))} ${escapeHtml(t.log)}</li>`).join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake chain</title>' +
    '<style>body{font-family:sans-serif;margin:16px;max-width:720px}code{word-break:break-all}li{margin:4px 0;list-style:none}img{vertical-align:middle}</style></head><body>' +
    `<h1>Fake chain ${escapeHtml(s.chainId)}</h1><p>Node (RPC): <code>${escapeHtml(s.rpc)}</code></p>` +
    `<p>Test wallet: <code>${escapeHtml(s.address)}</code></p><p>Its mnemonic (a throwaway for this fake chain only): <code>${escapeHtml(s.mnemonic)}</code></p>` +
    `<h2>In the wallet</h2>${list(s.owned)}<h2>Staked</h2>${list(s.staked)}<h2>Last transactions</h2>${txs ? `<ul>${txs}</ul>` : '<p>None yet.</p>'}` +
    '<p>Reload to see changes; <a href="/state">JSON</a>.</p></body></html>'
  );
}

/** Starts the node on `port` and its page on `pagePort` (0: a free port). */
export async function startDemoChain(port = 0, pagePort = 0): Promise<DemoChain> {
  const wallet = await startWalletChain('start-fakes', port);
  const { chain, address, mnemonic } = wallet;
  for (const item of ITEMS) chain.putIpfs(`${CID}/${item.id}.svg`, itemSvg(item.color, `#${item.id}`));
  wallet.mint(ITEMS, CID, (item) => `ipfs://${CID}/${item.id}.svg`);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://chain').pathname;
    if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET' }).end();
    const s = state(chain, address, mnemonic);
    if (path === '/state') return void res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(s));
    if (path !== '/') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src ${chain.url}`,
    });
    res.end(page(s, chain.gatewayUrl));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(pagePort, '127.0.0.1', resolve);
    });
  } catch (err) {
    await chain.stop();
    throw err;
  }
  return {
    chain,
    pageUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    address,
    mnemonic,
    env: wallet.serverEnv,
    async close() {
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), chain.stop()]);
    },
  };
}
