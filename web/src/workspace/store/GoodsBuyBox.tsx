/**
 * The right side of a goods page: title, seller, counts, price in the site currency, specs with
 * stock, quantity, and the buy button in the state buy-state.ts decides; like (anyone) and favorite
 * (members; visitors are sent to sign in and back). What the listing sells is said under the price
 * (SellsSummary); a member who holds an active purchase of it is offered "Open" (My purchases).
 */
import { useState } from 'react';
import { Alert, Button, InputNumber, Tag, Typography } from 'antd';
import {
  CheckCircleFilled,
  EditOutlined,
  FolderOpenOutlined,
  EyeOutlined,
  HeartFilled,
  HeartOutlined,
  ShoppingCartOutlined,
  StarFilled,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { loginFor } from '../../lib/router-rules';
import { accountPath } from '../account/account-tabs';
import { buyState, firstInStock, maxQuantity } from './buy-state';
import SellsSummary from './SellsSummary';
import { isFree, priceText } from './money';
import { storeCalls, type GoodsDetail } from './store-calls';
import { visitorId } from './visitor-id';

interface Props {
  goods: GoodsDetail;
  currency: string;
  signedIn: boolean;
  isOwner: boolean;
  bought: boolean | null;
  onBought(): void;
  /** After a refused order: ask isPlaced again (it may have been bought meanwhile). */
  onRefused(): void;
  patch(p: Partial<GoodsDetail>): void;
}

export default function GoodsBuyBox({ goods, currency, signedIn, isOwner, bought, onBought, onRefused, patch }: Props) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const toSignIn = () => navigate(loginFor(location.pathname, location.search));
  const specs = goods.specs ?? [];
  const [specId, setSpecId] = useState<number | undefined>(() => firstInStock(specs));
  const [quantity, setQuantity] = useState(1);
  const [placing, setPlacing] = useState(false);
  const [liking, setLiking] = useState(false);
  const [saving, setSaving] = useState(false);
  const spec = specs.find((s) => s.id === specId);
  const specPrice = spec ? spec.price : undefined;
  const free = isFree(goods, specPrice);
  const state = buyState({ signedIn, isOwner, bought, purchased: !!goods.purchaseId, free, specs, specId, quantity });
  const likes = Number(goods.likeCount ?? 0);

  const buy = async () => {
    if (state === 'signIn') return toSignIn();
    if (state !== 'buy' && state !== 'getFree') return;
    setPlacing(true);
    try {
      const order = await storeCalls.place({ goodsId: goods.id, ...(spec ? { specId: spec.id, quantity } : {}) });
      if (Number(order.status) === 1) {
        notify('success', t('wsStore.goods.gotFree'));
        onBought();
      } else navigate(`/payment?orderNo=${encodeURIComponent(order.orderNo)}`);
    } catch {
      onRefused(); // the http client showed why (own goods, already bought, out of stock…)
    } finally {
      setPlacing(false);
    }
  };

  const like = async () => {
    setLiking(true);
    try {
      const r = await storeCalls.like(goods.id, signedIn ? undefined : visitorId());
      patch({ liked: r.liked, likeCount: r.likeCount });
    } catch {
      /* shown by the http client (too many likes, say) */
    } finally {
      setLiking(false);
    }
  };

  const favorite = async () => {
    if (!signedIn) return toSignIn();
    setSaving(true);
    try {
      if (goods.favorited) await storeCalls.cancelFavorite(goods.id);
      else await storeCalls.addFavorite(goods.id);
      patch({ favorited: !goods.favorited });
    } catch {
      /* shown by the http client */
    } finally {
      setSaving(false);
    }
  };

  const buyLabel: Record<typeof state, string> = {
    own: '',
    open: t('wsAccount.sells.open'),
    checking: t('wsStore.goods.checking'),
    bought: t('wsStore.goods.bought'),
    soldOut: t('wsStore.goods.soldOut'),
    signIn: t('wsStore.goods.signInToBuy'),
    chooseSpec: t('wsStore.goods.chooseSpec'),
    getFree: t('wsStore.goods.getFree'),
    buy: t('wsStore.goods.buy'),
  };

  return (
    <div className="st-info" data-testid="goods-info">
      <Typography.Title level={2} className="st-goods-title" data-testid="goods-title">
        {goods.title}
      </Typography.Title>
      {goods.subTitle && (
        <Typography.Paragraph type="secondary" className="st-goods-sub">
          {goods.subTitle}
        </Typography.Paragraph>
      )}
      <div className="st-goods-facts">
        {goods.userId ? (
          <Link to={`/person/${goods.userId}`} title={t('wsStore.goods.sellerPage')} data-testid="goods-seller">
            <UserOutlined />
            {goods.userName || t('wsStore.goods.seller')}
          </Link>
        ) : null}
        {goods.typeName && <Tag>{goods.typeName}</Tag>}
        <span>
          <EyeOutlined />
          {t('wsStore.goods.views', { count: Number(goods.viewCount ?? 0) })}
        </span>
        {Number(goods.sold ?? 0) > 0 && <span>{t('wsStore.goods.sold', { count: Number(goods.sold) })}</span>}
      </div>
      {Array.isArray(goods.tags) && goods.tags.length > 0 && (
        <div className="st-chips">
          {goods.tags.map((tag) => (
            <Tag key={String(tag)} bordered={false}>
              {String(tag)}
            </Tag>
          ))}
        </div>
      )}

      <div className={free ? 'st-goods-price st-price-free' : 'st-goods-price'} data-testid="goods-price">
        {priceText(goods, { lang, currency, freeText: t('wsStore.goods.free'), specPrice, quantity: spec ? quantity : 1 })}
      </div>

      <SellsSummary goods={goods} />

      {specs.length > 0 && (
        <div>
          <div className="st-field-label">{t('wsStore.goods.spec')}</div>
          <div className="st-specs" role="radiogroup" aria-label={t('wsStore.goods.spec')} data-testid="goods-specs">
            {specs.map((s) => {
              const out = Number(s.stock ?? 0) <= 0;
              return (
                <button
                  key={s.id}
                  type="button"
                  role="radio"
                  aria-checked={s.id === specId}
                  disabled={out}
                  className={s.id === specId ? 'st-spec active' : 'st-spec'}
                  onClick={() => {
                    setSpecId(s.id);
                    setQuantity((q) => Math.min(q, maxQuantity(s.stock)));
                  }}
                  data-testid="goods-spec"
                >
                  <span>{s.name}</span>
                  <small>
                    {priceText(goods, { lang, currency, freeText: t('wsStore.goods.free'), specPrice: s.price })}
                    {' · '}
                    {out ? t('wsStore.goods.outOfStock') : t('wsStore.goods.stockLeft', { count: Number(s.stock) })}
                  </small>
                </button>
              );
            })}
          </div>
        </div>
      )}

      {isOwner ? (
        <div data-testid="goods-own">
          <Alert
            type="info"
            showIcon
            message={t('wsStore.goods.ownTitle')}
            description={
              <div className="st-alert-body">
                <span>{t('wsStore.goods.ownHint')}</span>
                <Button size="small" icon={<EditOutlined />} onClick={() => navigate('/my/info?tab=goods')} data-testid="goods-edit-mine">
                  {t('wsStore.goods.editInMyGoods')}
                </Button>
              </div>
            }
          />
        </div>
      ) : state === 'open' ? (
        <div data-testid="goods-owned">
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            message={t('wsAccount.sells.ownedTitle')}
            description={
              <div className="st-alert-body">
                <span>{t('wsAccount.sells.ownedHint')}</span>
                <Button type="primary" icon={<FolderOpenOutlined />} onClick={() => navigate(accountPath('purchases'))} data-testid="goods-open">
                  {t('wsAccount.sells.open')}
                </Button>
              </div>
            }
          />
        </div>
      ) : state === 'bought' ? (
        <div data-testid="goods-bought">
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            message={t('wsStore.goods.bought')}
            description={
              <div className="st-alert-body">
                <span>{t('wsStore.goods.boughtHint')}</span>
                <Button size="small" onClick={() => navigate('/my/info?tab=orders')}>
                  {t('wsStore.goods.myOrders')}
                </Button>
              </div>
            }
          />
        </div>
      ) : (
        <div className="st-buy-row">
          {spec && !free && signedIn && (
            <label className="st-qty">
              <span className="st-field-label">{t('wsStore.goods.quantity')}</span>
              <InputNumber
                min={1}
                max={maxQuantity(spec.stock)}
                value={quantity}
                onChange={(v) => setQuantity(Math.max(1, Math.floor(Number(v ?? 1))))}
                style={{ width: 88 }}
                data-testid="goods-quantity"
              />
            </label>
          )}
          <Button
            className="st-buy"
            type="primary"
            size="large"
            icon={<ShoppingCartOutlined />}
            loading={placing || state === 'checking'}
            disabled={state === 'soldOut' || state === 'chooseSpec'}
            onClick={() => void buy()}
            data-testid="goods-buy"
            data-state={state}
          >
            {buyLabel[state]}
          </Button>
        </div>
      )}

      <div className="st-buy-row">
        <Button
          icon={goods.liked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
          loading={liking}
          onClick={() => void like()}
          aria-pressed={!!goods.liked}
          title={goods.liked ? t('wsStore.goods.unlike') : t('wsStore.goods.like')}
          data-testid="goods-like"
        >
          {t('wsStore.goods.likes', { count: likes })}
        </Button>
        <Button
          icon={goods.favorited ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          loading={saving}
          onClick={() => void favorite()}
          aria-pressed={!!goods.favorited}
          data-testid="goods-favorite"
        >
          {goods.favorited ? t('wsStore.goods.favorited') : t('wsStore.goods.favorite')}
        </Button>
      </div>
    </div>
  );
}
