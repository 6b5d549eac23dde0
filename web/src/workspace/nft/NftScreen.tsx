/**
 * The member's NFT screen (000 §2: connect wallet, owned list, staked list, stake, unstake), shown at
 * `/nft` in the workspace frame and as the personal centre's NFT tab. Until the member connects,
 * only the chain's settings are read; CosmJS arrives with the first connection (nft-chain.ts).
 */
import { Alert, Button, Empty, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, LinkOutlined, ReloadOutlined, WalletOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import NftCard from './NftCard';
import type { NftItem } from './nft-metadata';
import { useNft } from './use-nft';
import './nft.css';
import '../../i18n/nft-texts';

const short = (a: string) => (a.length > 20 ? `${a.slice(0, 10)}…${a.slice(-6)}` : a);

type Nft = ReturnType<typeof useNft>;

function WalletBox({ nft }: { nft: Nft }) {
  const { t } = useI18n();
  if (nft.phase !== 'connected' || !nft.address) {
    return (
      <Button
        type="primary"
        size="large"
        icon={<WalletOutlined />}
        loading={nft.phase === 'connecting'}
        onClick={() => void nft.connect()}
        data-testid="nft-connect"
        className="nft-connect"
      >
        {nft.phase === 'connecting' ? t('wsNft.wallet.connecting') : t('wsNft.wallet.connect')}
      </Button>
    );
  }
  return (
    <div className="nft-wallet" data-testid="nft-wallet">
      <div className="nft-wallet-line">
        <WalletOutlined />
        <Typography.Text copyable={{ text: nft.address }} className="nft-address" data-testid="nft-address" data-address={nft.address}>
          {short(nft.address)}
        </Typography.Text>
      </div>
      <div className="nft-wallet-line">
        <Tag className="nft-chain">{nft.settings?.chainName || nft.settings?.chainId}</Tag>
        {nft.linkState === 'linked' && (
          <Tooltip title={t('wsNft.link.linkedHint')}>
            <Tag color="success" icon={<CheckCircleFilled />} data-testid="nft-linked">
              {t('wsNft.link.linked')}
            </Tag>
          </Tooltip>
        )}
        <Button size="small" type="link" onClick={nft.disconnect} data-testid="nft-disconnect">
          {t('wsNft.wallet.disconnect')}
        </Button>
      </div>
    </div>
  );
}

function LinkBanner({ nft }: { nft: Nft }) {
  const { t } = useI18n();
  const again = (label: string) => (
    <Button size="small" icon={<LinkOutlined />} onClick={nft.link} data-testid="nft-link">
      {label}
    </Button>
  );
  switch (nft.linkState) {
    case 'linking':
      return (
        <Alert type="info" showIcon message={t('wsNft.link.linking')} description={t('wsNft.link.why')} data-testid="nft-link-state" data-state="linking" />
      );
    case 'failed':
      return (
        <Alert
          type="warning"
          showIcon
          message={t('wsNft.link.failed', { cause: nft.linkError ?? '' })}
          action={again(t('wsNft.link.retry'))}
          data-testid="nft-link-state"
          data-state="failed"
        />
      );
    case 'other':
      return (
        <Alert
          type="info"
          showIcon
          message={t('wsNft.link.other', { address: short(nft.linkedTo) })}
          description={t('wsNft.link.why')}
          action={again(t('wsNft.link.link'))}
          data-testid="nft-link-state"
          data-state="other"
        />
      );
    case 'unlinked':
      return (
        <Alert
          type="info"
          showIcon
          message={t('wsNft.link.unlinked')}
          description={t('wsNft.link.why')}
          action={again(t('wsNft.link.link'))}
          data-testid="nft-link-state"
          data-state="unlinked"
        />
      );
    default:
      return null;
  }
}

function ItemList({ nft, kind, items }: { nft: Nft; kind: 'owned' | 'staked'; items: NftItem[] }) {
  const { t } = useI18n();
  const first = nft.listsLoading && nft.owned.length === 0 && nft.staked.length === 0;
  return (
    <section className="nft-section" data-testid={`nft-${kind}`} data-count={items.length}>
      <div className="nft-section-head">
        <h3 className="nft-section-title">{t(`wsNft.${kind}.title`)}</h3>
        <span className="nft-count">{items.length}</span>
        {kind === 'owned' && (
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined spin={nft.listsLoading} />}
            onClick={() => void nft.refresh()}
            disabled={nft.listsLoading}
            className="nft-refresh"
            data-testid="nft-refresh"
          >
            {t('wsNft.refresh')}
          </Button>
        )}
      </div>
      {first ? (
        <Spin className="ws-spin" />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`wsNft.${kind}.empty`)} className="nft-empty" />
      ) : (
        <div className="nft-grid">
          {items.map((item) => (
            <NftCard
              key={item.tokenId}
              item={item}
              action={kind === 'owned' ? 'stake' : 'unstake'}
              busy={nft.busyId === item.tokenId}
              disabled={nft.loading}
              onAction={kind === 'owned' ? nft.stake : nft.unstake}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function Body({ nft }: { nft: Nft }) {
  const { t } = useI18n();
  if (nft.settingsState === 'loading') return <Spin className="ws-spin" />;
  if (nft.settingsState === 'failed') {
    return (
      <Result
        status="warning"
        title={t('wsNft.settingsFailed')}
        extra={<Button onClick={nft.reloadSettings}>{t('wsNft.retry')}</Button>}
        data-testid="nft-settings-failed"
      />
    );
  }
  if (!nft.configured) return <Result status="info" title={t('wsNft.notConfigured')} data-testid="nft-not-configured" />;
  if (nft.phase !== 'connected') {
    return (
      <div className="nft-connect-panel">
        <WalletOutlined className="nft-connect-icon" />
        <Typography.Paragraph type="secondary">{t('wsNft.wallet.hint')}</Typography.Paragraph>
      </div>
    );
  }
  return (
    <>
      <LinkBanner nft={nft} />
      {nft.listsError && (
        <Alert
          type="warning"
          showIcon
          message={t('wsNft.listsFailed', { cause: nft.listsError })}
          action={
            <Button size="small" onClick={() => void nft.refresh()}>
              {t('wsNft.retry')}
            </Button>
          }
          data-testid="nft-lists-error"
        />
      )}
      <ItemList nft={nft} kind="owned" items={nft.owned} />
      <ItemList nft={nft} kind="staked" items={nft.staked} />
    </>
  );
}

/** `embedded`: inside the personal centre, without the page's heading. */
export default function NftScreen({ embedded = false }: { embedded?: boolean }) {
  const { t } = useI18n();
  const nft = useNft();
  return (
    <div className={embedded ? 'nft-page nft-embedded' : 'nft-page'} data-testid="nft-screen" data-phase={nft.phase} data-loading={nft.loading ? '1' : '0'}>
      <section className="nft-hero">
        <div className="nft-hero-text">
          {!embedded && (
            <Typography.Title level={2} className="nft-title">
              {t('wsNft.title')}
            </Typography.Title>
          )}
          <Typography.Paragraph type="secondary" className="nft-intro">
            {t('wsNft.intro')}
          </Typography.Paragraph>
        </div>
        {nft.configured && <WalletBox nft={nft} />}
      </section>
      {nft.error && <Alert type="error" showIcon closable onClose={nft.clearError} message={nft.error} data-testid="nft-error" />}
      <Body nft={nft} />
    </div>
  );
}
