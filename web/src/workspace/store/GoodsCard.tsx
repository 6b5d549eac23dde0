/** One goods in the store's grid: picture (with what it sells), title, subtitle, price (or "Free"), seller, likes and views. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AppstoreOutlined, EyeOutlined, HeartOutlined, PushpinFilled, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { isFree, priceText } from './money';
import { safeUrl } from './rich-text';
import type { StoreGoods } from './store-calls';
import { kindOf, SELLS } from '../account/sells';

export default function GoodsCard({ goods, currency }: { goods: StoreGoods; currency: string }) {
  const { t, lang } = useI18n();
  const [broken, setBroken] = useState(false);
  const pic = goods.mainPic ? safeUrl(goods.mainPic, 'media') : null;
  const free = isFree(goods);
  const likes = Number(goods.likeCount ?? 0);
  const views = Number(goods.viewCount ?? 0);
  const kind = kindOf(goods.relateType);
  return (
    <Link to={`/goods/${goods.id}`} className="st-card" data-testid="store-card" data-goods={goods.id}>
      <div className="st-card-pic">
        {pic && !broken ? (
          <img src={pic} alt={goods.title ?? ''} loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <span className="st-card-nopic" role="img" aria-label={t('wsStore.card.noPicture')}>
            <AppstoreOutlined />
          </span>
        )}
        {Number(goods.isPinned) === 1 && (
          <span className="st-pin">
            <PushpinFilled /> {t('wsStore.card.pinned')}
          </span>
        )}
        {kind !== SELLS.nothing && (
          <span className="st-card-kind" data-testid="store-card-kind">
            {t(`wsAccount.sells.kind.k${kind}`)}
          </span>
        )}
      </div>
      <div className="st-card-body">
        <div className="st-card-title">{goods.title}</div>
        {goods.subTitle && <div className="st-card-sub">{goods.subTitle}</div>}
        <div className={free ? 'st-price st-price-free' : 'st-price'} data-testid="store-card-price">
          {priceText(goods, { lang, currency, freeText: t('wsStore.card.free') })}
        </div>
        <div className="st-card-meta">
          <span className="st-card-seller">
            <UserOutlined /> <span>{goods.userName || '—'}</span>
          </span>
          <span className="st-card-counts">
            <span aria-label={t('wsStore.card.likes', { count: likes })} title={t('wsStore.card.likes', { count: likes })}>
              <HeartOutlined /> {likes}
            </span>
            <span aria-label={t('wsStore.card.views', { count: views })} title={t('wsStore.card.views', { count: views })}>
              <EyeOutlined /> {views}
            </span>
          </span>
        </div>
      </div>
    </Link>
  );
}
