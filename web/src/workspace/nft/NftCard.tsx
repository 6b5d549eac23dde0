/** One collectible in the NFT grid: picture, name, token id, description and its Stake or Unstake button. */
import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { PictureOutlined, WarningOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { NftItem } from './nft-metadata';

export interface NftCardProps {
  item: NftItem;
  action: 'stake' | 'unstake';
  /** This card's transaction is under way. */
  busy: boolean;
  /** Another transaction is under way. */
  disabled: boolean;
  onAction: (tokenId: string) => void;
}

export default function NftCard({ item, action, busy, disabled, onAction }: NftCardProps) {
  const { t } = useI18n();
  const [broken, setBroken] = useState(false);
  const showImage = item.image && !broken;
  return (
    <article className="nft-card" data-testid="nft-card" data-token={item.tokenId} data-placeholder={item.placeholder ? '1' : '0'}>
      <div className="nft-card-pic">
        {showImage ? (
          <img src={item.image} alt={item.name} loading="lazy" onError={() => setBroken(true)} data-testid="nft-image" />
        ) : (
          <span className="nft-card-nopic" role="img" aria-label={t('wsNft.card.noPicture')}>
            <PictureOutlined />
          </span>
        )}
        {action === 'unstake' && <span className="nft-badge">{t('wsNft.card.stakedBadge')}</span>}
      </div>
      <div className="nft-card-body">
        <div className="nft-card-title" title={item.name} data-testid="nft-name">
          {item.name}
        </div>
        <div className="nft-card-id">{t('wsNft.card.token', { id: item.tokenId })}</div>
        {item.placeholder ? (
          <Tooltip title={t('wsNft.card.noMetadataHint')}>
            <div className="nft-card-desc nft-card-warn">
              <WarningOutlined /> {t('wsNft.card.noMetadata')}
            </div>
          </Tooltip>
        ) : (
          item.description && <div className="nft-card-desc">{item.description}</div>
        )}
        <div className="nft-card-foot">
          <Button
            block
            type={action === 'stake' ? 'primary' : 'default'}
            loading={busy}
            disabled={disabled && !busy}
            onClick={() => onAction(item.tokenId)}
            data-testid={action === 'stake' ? 'nft-stake' : 'nft-unstake'}
          >
            {busy ? t('wsNft.card.confirming') : t(action === 'stake' ? 'wsNft.card.stake' : 'wsNft.card.unstake')}
          </Button>
        </div>
      </div>
    </article>
  );
}
