/**
 * The NFT screen's pure parts: token URIs through the IPFS gateway, metadata to items (the 'NFT #id'
 * placeholder on any failure), the contract messages, and enabling an unknown chain in Keplr.
 */
import { describe, expect, it, vi } from 'vitest';
import { gatewayUrl, itemFromMetadata, loadItem, mapLimited } from '../../web/src/workspace/nft/nft-metadata';
import { nftInfoQuery, sendNftMsg, stakedQuery, tokenIds, tokensQuery, unstakeMsg } from '../../web/src/workspace/nft/nft-messages';
import { enableChain, keplrOf, suggestedChain, type Keplr } from '../../web/src/workspace/nft/keplr';
import type { ChainSettings } from '../../web/src/workspace/nft/nft-calls';

const GW = 'https://gw.example/ipfs/';

describe('gatewayUrl', () => {
  it('maps ipfs:// (with or without an ipfs/ segment) under the gateway and keeps http(s)', () => {
    expect(gatewayUrl('ipfs://bafy/1.json', GW)).toBe('https://gw.example/ipfs/bafy/1.json');
    expect(gatewayUrl('ipfs://ipfs/bafy/1.json', 'https://gw.example/ipfs')).toBe('https://gw.example/ipfs/bafy/1.json');
    expect(gatewayUrl('https://meta.example/1.json', GW)).toBe('https://meta.example/1.json');
  });
  it('refuses other schemes, empty values and a gateway that is not http(s)', () => {
    expect(gatewayUrl('javascript:alert(1)', GW)).toBeNull();
    expect(gatewayUrl('data:application/json,{}', GW)).toBeNull();
    expect(gatewayUrl('', GW)).toBeNull();
    expect(gatewayUrl(null, GW)).toBeNull();
    expect(gatewayUrl('ipfs://bafy/1.json', 'ftp://gw/')).toBeNull();
  });
});

describe('metadata to items', () => {
  it('reads name, description and an ipfs image through the gateway', () => {
    expect(itemFromMetadata('7', { name: 'Fox', description: 'orange', image: 'ipfs://bafy/7.png' }, GW)).toEqual({
      tokenId: '7',
      name: 'Fox',
      description: 'orange',
      image: 'https://gw.example/ipfs/bafy/7.png',
      placeholder: false,
    });
  });
  it('gives the placeholder NFT #id when the metadata has no name or is not an object', () => {
    expect(itemFromMetadata('7', { description: 'x' }, GW)).toEqual({ tokenId: '7', name: 'NFT #7', placeholder: true });
    expect(itemFromMetadata('8', 'text', GW).name).toBe('NFT #8');
    expect(itemFromMetadata('9', null, GW).placeholder).toBe(true);
  });
  it('drops an image address with a scheme other than http(s) or ipfs', () => {
    expect(itemFromMetadata('1', { name: 'A', image: 'javascript:alert(1)' }, GW).image).toBeUndefined();
  });
  it('loadItem: a failed fetch, a missing URI or no nft_info give the placeholder', async () => {
    const refused = vi.fn(async () => {
      throw new Error('HTTP 404');
    });
    expect(await loadItem('3', { token_uri: 'ipfs://bafy/3.json' }, GW, refused)).toEqual({ tokenId: '3', name: 'NFT #3', placeholder: true });
    expect(refused).toHaveBeenCalledWith('https://gw.example/ipfs/bafy/3.json', expect.any(AbortSignal));
    expect((await loadItem('4', { token_uri: null }, GW, refused)).name).toBe('NFT #4');
    expect((await loadItem('5', null, GW, refused)).name).toBe('NFT #5');
  });
  it('loadItem: a fetch that never answers is aborted after the time-out', async () => {
    const hang = (_url: string, signal: AbortSignal) =>
      new Promise<unknown>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    expect((await loadItem('6', { token_uri: 'https://m.example/6.json' }, GW, hang, 20)).placeholder).toBe(true);
  });
  it('loadItem: on-chain extension metadata is used when there is no URI', async () => {
    expect((await loadItem('2', { token_uri: null, extension: { name: 'On chain' } }, GW)).name).toBe('On chain');
  });
  it('mapLimited keeps the order and runs at most `limit` at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimited([5, 1, 3, 2], 2, async (n) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 30, 20]);
    expect(peak).toBe(2);
  });
});

describe('contract messages', () => {
  it('stake is send_nft to the staking contract with base64 {"stake":{}}; unstake names the token', () => {
    const m = sendNftMsg('stars1staking', '42');
    expect(m.send_nft.contract).toBe('stars1staking');
    expect(m.send_nft.token_id).toBe('42');
    expect(JSON.parse(atob(m.send_nft.msg))).toEqual({ stake: {} });
    expect(unstakeMsg('42')).toEqual({ unstake: { token_id: '42' } });
  });
  it('queries: tokens pages with start_after, staked and nft_info', () => {
    expect(tokensQuery('stars1me')).toEqual({ tokens: { owner: 'stars1me', limit: 30 } });
    expect(tokensQuery('stars1me', '9')).toEqual({ tokens: { owner: 'stars1me', start_after: '9', limit: 30 } });
    expect(stakedQuery('stars1me')).toEqual({ staked: { owner: 'stars1me' } });
    expect(nftInfoQuery('3')).toEqual({ nft_info: { token_id: '3' } });
  });
  it('tokenIds refuses an answer of another shape', () => {
    expect(tokenIds({ tokens: ['1', '2'] })).toEqual(['1', '2']);
    expect(() => tokenIds({ tokens: [1] })).toThrow(/unexpected answer/);
    expect(() => tokenIds(null)).toThrow(/unexpected answer/);
  });
});

describe('Keplr', () => {
  const settings: ChainSettings = {
    chainId: 'elgafar-1',
    chainName: 'Stargaze testnet',
    rpc: 'https://rpc.example',
    rest: 'https://rest.example',
    collection: 'stars1c',
    staking: 'stars1s',
    denom: 'ustars',
    gasPrice: '0.025ustars',
    bech32Prefix: 'stars',
    ipfsGateway: GW,
  };
  it('keplrOf is null without the extension', () => {
    expect(keplrOf({} as Window)).toBeNull();
    const k = { enable: async () => undefined };
    expect(keplrOf({ keplr: k } as unknown as Window)).toBe(k);
  });
  it('suggests an unknown chain from the settings, then enables it again', async () => {
    const known = new Set<string>();
    const keplr = {
      enable: vi.fn(async (id: string) => {
        if (!known.has(id)) throw new Error(`There is no chain info for ${id}`);
      }),
      experimentalSuggestChain: vi.fn(async (info: { chainId: string }) => void known.add(info.chainId)),
    } as unknown as Keplr;
    await enableChain(keplr, settings);
    expect(keplr.enable).toHaveBeenCalledTimes(2);
    const info = vi.mocked(keplr.experimentalSuggestChain!).mock.calls[0]![0] as ReturnType<typeof suggestedChain>;
    expect(info).toMatchObject({
      chainId: 'elgafar-1',
      rpc: 'https://rpc.example',
      bech32Config: { bech32PrefixAccAddr: 'stars', bech32PrefixValAddr: 'starsvaloper' },
    });
    expect(info.feeCurrencies[0]).toMatchObject({ coinMinimalDenom: 'ustars', coinDenom: 'STARS', gasPriceStep: { average: 0.025 } });
  });
  it('a refusal by the member is not answered with a suggestion', async () => {
    const keplr = { enable: vi.fn(async () => Promise.reject(new Error('Request rejected'))), experimentalSuggestChain: vi.fn() } as unknown as Keplr;
    await expect(enableChain(keplr, settings)).rejects.toThrow('Request rejected');
    expect(keplr.experimentalSuggestChain).not.toHaveBeenCalled();
  });
});
