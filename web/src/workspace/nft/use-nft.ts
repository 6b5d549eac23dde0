/**
 * The NFT screen's state (000 §4): the wallet goes from not connected to connected, after which the
 * owned and staked lists load; staking has a loading flag and an error message. Both lists are read
 * again after every transaction, whether it went through or not.
 *
 * Decisions the spec leaves open:
 * - Connecting also links the wallet to the account (walletChallenge -> signArbitrary -> bindWallet)
 *   when the account has no wallet yet; an account linked to another address is offered the switch,
 *   never switched silently. A refused or failed link leaves the lists usable.
 * - Switching accounts in Keplr disconnects the screen (the member connects again).
 * - Metadata that was read is kept for the visit, so a refresh after a transaction only asks the chain.
 * - After a transaction of the linked wallet, the server's cached isNftStacked answer is renewed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n';
import { loadProfile, useAuth } from '../../app/auth';
import { notify } from '../../app/notify';
import { chainReady, nftCalls, type ChainSettings } from './nft-calls';
import { enableChain, keplrOf, KEYSTORE_CHANGE, type Keplr } from './keplr';
import { loadItem, mapLimited, type NftItem } from './nft-metadata';
import type { NftChain } from './nft-chain';
import { NO_KEPLR, STAKE_FAILED, UNSTAKE_FAILED } from './nft-constants';

export type Phase = 'idle' | 'connecting' | 'connected';
export type LinkState = 'linked' | 'unlinked' | 'other' | 'linking' | 'failed';

const causeOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)) || 'unknown error';

export function useNft() {
  const { t } = useI18n();
  const user = useAuth().user;
  const linkedTo = typeof user?.starWalletAddress === 'string' ? user.starWalletAddress.trim() : '';

  const [settings, setSettings] = useState<ChainSettings | null>(null);
  const [settingsState, setSettingsState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [phase, setPhase] = useState<Phase>('idle');
  const [address, setAddress] = useState<string | null>(null);
  const [owned, setOwned] = useState<NftItem[]>([]);
  const [staked, setStaked] = useState<NftItem[]>([]);
  const [listsLoading, setListsLoading] = useState(false);
  const [listsError, setListsError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [linking, setLinking] = useState<'idle' | 'linking' | 'failed'>('idle');
  const [linkError, setLinkError] = useState<string | null>(null);

  const chainRef = useRef<NftChain | null>(null);
  const keplrRef = useRef<Keplr | null>(null);
  const items = useRef(new Map<string, NftItem>());
  const generation = useRef(0);

  const loadSettings = useCallback(() => {
    setSettingsState('loading');
    nftCalls.settings().then(
      (s) => {
        setSettings(s);
        setSettingsState('ready');
      },
      () => setSettingsState('failed'),
    );
  }, []);
  useEffect(loadSettings, [loadSettings]);

  const itemsOf = useCallback(
    (chain: NftChain, ids: string[], gateway: string) =>
      mapLimited(ids, 6, async (id) => {
        const known = items.current.get(id);
        if (known) return known;
        const item = await loadItem(id, await chain.info(id).catch(() => null), gateway);
        if (!item.placeholder) items.current.set(id, item);
        return item;
      }),
    [],
  );

  const refresh = useCallback(async () => {
    const chain = chainRef.current;
    if (!chain || !settings) return;
    const mine = ++generation.current;
    setListsLoading(true);
    try {
      const [ownedIds, stakedIds] = await Promise.all([chain.ownedIds(), chain.stakedIds()]);
      const [o, s] = await Promise.all([itemsOf(chain, ownedIds, settings.ipfsGateway), itemsOf(chain, stakedIds, settings.ipfsGateway)]);
      if (mine !== generation.current) return;
      setOwned(o);
      setStaked(s);
      setListsError(null);
    } catch (e) {
      if (mine === generation.current) setListsError(causeOf(e));
    } finally {
      if (mine === generation.current) setListsLoading(false);
    }
  }, [itemsOf, settings]);

  const disconnect = useCallback(() => {
    generation.current++;
    chainRef.current?.disconnect();
    chainRef.current = null;
    setPhase('idle');
    setAddress(null);
    setOwned([]);
    setStaked([]);
    setListsLoading(false);
    setListsError(null);
    setLinking('idle');
  }, []);

  useEffect(() => {
    window.addEventListener(KEYSTORE_CHANGE, disconnect);
    return () => {
      window.removeEventListener(KEYSTORE_CHANGE, disconnect);
      chainRef.current?.disconnect();
    };
  }, [disconnect]);

  const link = useCallback(async (keplr: Keplr, s: ChainSettings, wallet: string) => {
    setLinking('linking');
    setLinkError(null);
    try {
      const challenge = await nftCalls.challenge();
      const sig = await keplr.signArbitrary(s.chainId, wallet, challenge.message);
      await nftCalls.bind({ address: wallet, pubKey: sig.pub_key, signature: sig.signature, nonce: challenge.nonce });
      await loadProfile();
      setLinking('idle');
    } catch (e) {
      setLinkError(causeOf(e));
      setLinking('failed');
    }
  }, []);

  const connect = useCallback(async () => {
    setError(null);
    const keplr = keplrOf(window);
    if (!keplr) {
      setError(NO_KEPLR);
      return;
    }
    if (!chainReady(settings) || phase !== 'idle') return;
    setPhase('connecting');
    try {
      await enableChain(keplr, settings);
      const signer = await keplr.getOfflineSigner(settings.chainId);
      const [account] = await signer.getAccounts();
      if (!account) throw new Error(t('wsNft.wallet.noAccount'));
      const { openChain } = await import('./nft-chain');
      chainRef.current = await openChain(settings, signer, account.address);
      keplrRef.current = keplr;
      setAddress(account.address);
      setPhase('connected');
      void refresh();
      if (!linkedTo) void link(keplr, settings, account.address);
    } catch (e) {
      setPhase('idle');
      setError(t('wsNft.wallet.connectFailed', { cause: causeOf(e) }));
    }
  }, [link, linkedTo, phase, refresh, settings, t]);

  const transact = useCallback(
    async (kind: 'stake' | 'unstake', tokenId: string) => {
      const chain = chainRef.current;
      if (!chain || loading) return;
      setLoading(true);
      setBusyId(tokenId);
      setError(null);
      try {
        await (kind === 'stake' ? chain.stake(tokenId) : chain.unstake(tokenId));
        notify('success', t(kind === 'stake' ? 'wsNft.done.staked' : 'wsNft.done.unstaked', { id: tokenId }));
        if (linkedTo && linkedTo === chain.address) nftCalls.refreshStaked().catch(() => undefined);
      } catch (e) {
        setError((kind === 'stake' ? STAKE_FAILED : UNSTAKE_FAILED) + causeOf(e));
      } finally {
        setLoading(false);
        setBusyId(null);
      }
      await refresh();
    },
    [linkedTo, loading, refresh, t],
  );

  const linkState: LinkState =
    linking === 'linking' ? 'linking' : linking === 'failed' ? 'failed' : !linkedTo ? 'unlinked' : linkedTo === address ? 'linked' : 'other';

  return {
    settings,
    settingsState,
    configured: chainReady(settings),
    reloadSettings: loadSettings,
    phase,
    address,
    owned,
    staked,
    listsLoading,
    listsError,
    refresh,
    loading,
    busyId,
    error,
    clearError: () => setError(null),
    connect,
    disconnect,
    stake: (id: string) => transact('stake', id),
    unstake: (id: string) => transact('unstake', id),
    linkState,
    linkedTo,
    linkError,
    link: () => keplrRef.current && settings && address && void link(keplrRef.current, settings, address),
  };
}
