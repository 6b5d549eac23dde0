/** One of my goods: picture, title, on/off shelf, shown, pinned, price, sold and views, and its actions. */
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PushpinFilled, PushpinOutlined, ShoppingOutlined, UndoOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { formatMoney } from '../../app/money';
import type { MyGoods } from './GoodsForm';

export interface GoodsItemProps {
  goods: MyGoods;
  currency: string;
  removed: boolean;
  busy: boolean;
  onEdit: () => void;
  onPin: (pinned: boolean) => void;
  onRemove: () => void;
  onRestore: () => void;
}

export default function GoodsItem({ goods: g, currency, removed, busy, onEdit, onPin, onRemove, onRestore }: GoodsItemProps) {
  const { t, lang } = useI18n();
  const onShelf = Number(g.status) === 1;
  const shown = Number(g.isDisplay) === 1;
  const pinned = Number(g.isPinned) === 1;
  const free = Number(g.isFree) === 1 || Number(g.price ?? 0) === 0;
  const live = onShelf && shown && !removed;
  return (
    <div className="acc-row" data-testid="acc-goods" data-goods={g.id}>
      <div className="acc-thumb">{g.mainPic ? <img src={g.mainPic} alt="" /> : <ShoppingOutlined />}</div>
      <div className="acc-row-main">
        {live ? (
          <Link to={`/goods/${g.id}`} className="acc-row-title">
            {g.title}
          </Link>
        ) : (
          <Typography.Text strong ellipsis className="acc-row-title">
            {g.title}
          </Typography.Text>
        )}
        <div className="acc-tags">
          {removed ? (
            <Tag color="red">{t('wsAccount.goods.removed')}</Tag>
          ) : (
            <Tag color={onShelf ? 'green' : 'default'}>{onShelf ? t('wsAccount.goods.onShelf') : t('wsAccount.goods.offShelf')}</Tag>
          )}
          {!removed && !shown ? <Tag>{t('wsAccount.goods.hidden')}</Tag> : null}
          {pinned ? (
            <Tag color="gold" icon={<PushpinFilled />}>
              {t('wsAccount.goods.pinned')}
            </Tag>
          ) : null}
          {g.typeName ? <Tag>{g.typeName}</Tag> : null}
        </div>
        <Typography.Text type="secondary" className="acc-small">
          {t('wsAccount.goods.counts', { sold: g.sold ?? 0, views: g.viewCount ?? 0, likes: g.likeCount ?? 0 })}
        </Typography.Text>
      </div>
      <div className="acc-row-side">
        <strong className="acc-amount">{free ? t('wsAccount.free') : formatMoney(g.price, currency, lang)}</strong>
        <div className="acc-actions">
          {removed ? (
            <Button size="small" icon={<UndoOutlined />} loading={busy} onClick={onRestore} data-testid="acc-goods-restore">
              {t('wsAccount.goods.restore')}
            </Button>
          ) : (
            <>
              <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="acc-goods-edit">
                {t('wsAccount.goods.edit')}
              </Button>
              <Button
                size="small"
                icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
                loading={busy}
                onClick={() => onPin(!pinned)}
                data-testid="acc-goods-pin"
              >
                {pinned ? t('wsAccount.goods.unpin') : t('wsAccount.goods.pin')}
              </Button>
              <Popconfirm
                title={t('wsAccount.goods.removeConfirm')}
                okText={t('wsAccount.goods.remove')}
                cancelText={t('wsAccount.cancel')}
                onConfirm={onRemove}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('wsAccount.goods.remove')} data-testid="acc-goods-remove" />
              </Popconfirm>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
