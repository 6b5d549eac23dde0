/**
 * `/goods/:id`: one goods on sale, open to everybody. Pictures and video, title, seller (a link to
 * their public page), price in the site currency, specs with stock, like and favorite, the buy
 * button (signed out: sign in and come back; free goods are the member's at once; others go to
 * `/payment?orderNo=…`; "already bought" from isPlaced; the seller's own goods: a link to edit it),
 * the details (the seller's rich text, shown safely) and, when the seller allows them, comments.
 * The view is counted once on opening. A goods that is not on sale shows a friendly not-found state.
 */
import { Button, Card, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import WorkspaceLayout from '../WorkspaceLayout';
import GoodsBuyBox from './GoodsBuyBox';
import GoodsComments from './GoodsComments';
import GoodsGallery from './GoodsGallery';
import RichText from './RichText';
import { goodsIdOf } from './store-query';
import { useGoods, useIsPlaced } from './use-goods';
import { useSiteCurrency } from '../../app/use-site-currency';
import './store.css';
import '../../i18n/store-texts';

function GoodsBody({ id }: { id: number | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const user = useAuth().user;
  const signedIn = !!user;
  const currency = useSiteCurrency();
  const g = useGoods(id, signedIn);
  const goods = g.state === 'found' ? g.goods : null;
  const isOwner = !!user && !!goods && Number(goods.userId) === Number(user.id);
  const placed = useIsPlaced(id, signedIn && !!goods && !isOwner);

  const back = (
    <Link to="/workflow_store" className="st-crumb" data-testid="goods-back">
      <ArrowLeftOutlined /> {t('wsStore.goods.back')}
    </Link>
  );

  if (g.state === 'loading') return <Spin className="ws-spin" />;
  if (g.state === 'notFound') {
    return (
      <div data-testid="goods-not-found">
        <Result
          status="404"
          title={t('wsStore.goods.notFound')}
          subTitle={t('wsStore.goods.notFoundHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/workflow_store')}>
              {t('wsStore.goods.backToStore')}
            </Button>
          }
        />
      </div>
    );
  }
  if (g.state === 'failed') {
    return (
      <div data-testid="goods-error">
        <Result
          status="warning"
          title={t('wsStore.goods.loadFailed')}
          subTitle={g.message}
          extra={
            <Button type="primary" onClick={g.reload}>
              {t('wsStore.goods.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  const found = g.goods;
  return (
    <div className="st-goods" data-testid="goods-page" data-goods={found.id}>
      {back}
      <div className="st-goods-top">
        <GoodsGallery goods={found} />
        <GoodsBuyBox
          goods={found}
          currency={currency}
          signedIn={signedIn}
          isOwner={isOwner}
          bought={signedIn && !isOwner ? placed.bought : false}
          onBought={() => placed.set(true)}
          onRefused={placed.recheck}
          patch={g.patch}
        />
      </div>
      <Card title={t('wsStore.goods.details')} className="st-goods-card" data-testid="goods-details">
        {found.content ? <RichText html={found.content} className="st-content" /> : <span className="st-more-end">{t('wsStore.goods.noDetails')}</span>}
      </Card>
      {Number(found.isCommentAllowed) === 1 && <GoodsComments goodsId={Number(found.id)} signedIn={signedIn} />}
    </div>
  );
}

export default function GoodsPage() {
  const { id } = useParams();
  const goodsId = goodsIdOf(id);
  return (
    <WorkspaceLayout>
      <GoodsBody key={id} id={goodsId} />
    </WorkspaceLayout>
  );
}
