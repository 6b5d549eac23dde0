/** `/my/info?tab=favorites`: the goods I saved (`goods/favorite/myFavorites`), each a link to its page, with "remove". */
import { useState } from 'react';
import { Button, Empty, Pagination, Skeleton, Typography } from 'antd';
import { EyeOutlined, HeartFilled, LikeOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { calls, type PageResult } from '../../app/data';
import { formatDate, formatMoney } from '../../app/money';
import { useSiteCurrency } from '../../app/use-site-currency';
import { usePaged } from './use-paged';
import LoadError from './LoadError';
import './account.css';
import '../../i18n/store-texts';

interface Favorite {
  id: number;
  goodsId: number;
  createTime?: string;
  goods: {
    id: number;
    title?: string;
    subTitle?: string | null;
    mainPic?: string | null;
    price?: number | null;
    isFree?: number | null;
    likeCount?: number;
    viewCount?: number;
    userName?: string | null;
  };
}

export default function FavoritesTab() {
  const { t, lang } = useI18n();
  const currency = useSiteCurrency();
  const [busy, setBusy] = useState<number | null>(null);
  const paged = usePaged<Favorite>((page, size) => calls.goods.favorite.myFavorites({ page, size }, { silent: true }) as Promise<PageResult<Favorite>>, [], 12);

  const remove = async (goodsId: number) => {
    setBusy(goodsId);
    try {
      await calls.goods.favorite.cancelFavorite({ goodsId });
      paged.reload();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="acc-tab" data-testid="acc-favorites">
      {paged.error ? <LoadError error={paged.error} onRetry={paged.reload} /> : null}
      {paged.loading && !paged.list.length ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {!paged.loading && !paged.error && !paged.list.length ? (
        <Empty description={t('wsAccount.favorites.none')}>
          <Link to="/workflow_store">{t('wsAccount.toStore')}</Link>
        </Empty>
      ) : null}
      <div className="acc-cards">
        {paged.list.map((f) => {
          const g = f.goods;
          const free = Number(g.isFree) === 1 || Number(g.price ?? 0) === 0;
          return (
            <div key={f.id} className="acc-card" data-testid="acc-favorite" data-goods={f.goodsId}>
              <Link to={`/goods/${f.goodsId}`} className="acc-card-pic">
                {g.mainPic ? <img src={g.mainPic} alt="" /> : <ShoppingOutlined />}
              </Link>
              <div className="acc-card-body">
                <Link to={`/goods/${f.goodsId}`} className="acc-card-title">
                  {g.title}
                </Link>
                <Typography.Text type="secondary" ellipsis className="acc-small">
                  {g.subTitle || g.userName || ''}
                </Typography.Text>
                <div className="acc-card-foot">
                  <strong>{free ? t('wsAccount.free') : formatMoney(g.price, currency, lang)}</strong>
                  <span className="acc-small acc-muted">
                    <LikeOutlined /> {g.likeCount ?? 0} <EyeOutlined /> {g.viewCount ?? 0}
                  </span>
                </div>
                <div className="acc-card-foot">
                  <span className="acc-small acc-muted">{t('wsAccount.favorites.saved', { date: formatDate(f.createTime, lang) })}</span>
                  <Button
                    size="small"
                    type="text"
                    icon={<HeartFilled style={{ color: '#eb2f96' }} />}
                    loading={busy === f.goodsId}
                    onClick={() => void remove(f.goodsId)}
                    data-testid="acc-favorite-remove"
                  >
                    {t('wsAccount.favorites.remove')}
                  </Button>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {paged.total > paged.size ? (
        <Pagination
          className="acc-pager"
          current={paged.page}
          pageSize={paged.size}
          total={paged.total}
          onChange={paged.setPage}
          showSizeChanger={false}
          size="small"
        />
      ) : null}
    </div>
  );
}
