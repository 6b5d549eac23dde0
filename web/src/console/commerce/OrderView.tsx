/**
 * Orders (goods/order) on the generic table: amounts in the site currency, status tags, buyer and
 * seller by name (the server's buyerName/sellerName, with the id), the equality filters of the
 * declaration, a detail drawer, and Refund for paid card and Alipay orders (confirmation with a
 * reason, then the provider's refund call, then the refund id and the order's new status).
 */
import { useRef, useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { Row } from '../crud/table-columns';
import EntityGate from '../views/data/EntityGate';
import { formatTime, type EntityMeta } from '../views/data/entity';
import EnumTag from './EnumTag';
import OrderDetail from './OrderDetail';
import OrderRefund from './OrderRefund';
import { filterForm, hiddenFilter, idFilter, selectFilter } from './filters';
import { ORDER_STATUS_COLORS, ORDER_TYPE_COLORS, PROVIDER_COLORS, providerOptions } from './labels';
import { formatMoney } from '../../app/money';
import { orderTitle, personLabel, refundOffer, refundPermission, type RefundOffer } from './orders';
import { useSiteCurrency } from '../../app/use-site-currency';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t, lang } = useI18n();
  const can = useCan();
  const currency = useSiteCurrency();
  const table = useRef<ActionType>(undefined);
  const [detail, setDetail] = useState<Row | null>(null);
  const [refunding, setRefunding] = useState<Row | null>(null);
  const providers = providerOptions(t);
  /** The order's refund offer as this administrator may act on it. */
  const offerOf = (r: Row): RefundOffer => {
    const offer = refundOffer(r);
    return offer === 'stripe' || offer === 'alipay' ? (can(refundPermission(offer)) ? offer : null) : offer;
  };
  const person = (name: unknown, id: unknown) => {
    const label = personLabel(name, id);
    if (!label) return <Typography.Text type="secondary">-</Typography.Text>;
    return (
      <Typography.Text ellipsis={{ tooltip: `${label} (#${String(id)})` }} style={{ maxWidth: 130 }}>
        {label}
      </Typography.Text>
    );
  };

  const columns: ProColumns<Row>[] = [
    {
      title: meta.label('orderNo'),
      dataIndex: 'orderNo',
      width: 250,
      search: false,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {String(r.orderNo ?? '')}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 230 }}>
            {orderTitle(r)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: meta.label('type'),
      dataIndex: 'type',
      width: 110,
      ...selectFilter('type', meta.options('type')),
      render: (_, r) => <EnumTag value={r.type} options={meta.options('type')} colors={ORDER_TYPE_COLORS} />,
    },
    {
      title: t('viewsCommerce.order.amount'),
      dataIndex: 'payAmount',
      width: 130,
      align: 'right',
      search: false,
      render: (_, r) => {
        const charged = r.chargedAmount !== null && r.chargedAmount !== undefined && r.currency ? formatMoney(r.chargedAmount, r.currency, lang) : '';
        const shown = formatMoney(r.payAmount, currency, lang);
        return (
          <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            <Typography.Text strong>{shown}</Typography.Text>
            {charged && charged !== shown ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('viewsCommerce.order.charged', { amount: charged })}
              </Typography.Text>
            ) : null}
          </Space>
        );
      },
    },
    {
      title: meta.label('provider'),
      dataIndex: 'provider',
      width: 130,
      ...selectFilter('provider', providers),
      render: (_, r) => <EnumTag value={r.provider} options={providers} colors={PROVIDER_COLORS} />,
    },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 140,
      ...selectFilter('status', meta.options('status')),
      render: (_, r) => <EnumTag value={r.status} options={meta.options('status')} colors={ORDER_STATUS_COLORS} />,
    },
    hiddenFilter(meta.label('payStatus'), 'payStatus', selectFilter('payStatus', meta.options('payStatus'))),
    {
      title: meta.label('userId'),
      dataIndex: 'userId',
      width: 140,
      ...idFilter('userId'),
      render: (_, r) => <span data-testid="order-buyer">{person(r.buyerName, r.userId)}</span>,
    },
    {
      title: meta.label('sellerId'),
      dataIndex: 'sellerId',
      width: 140,
      ...idFilter('sellerId'),
      render: (_, r) => <span data-testid="order-seller">{person(r.sellerName, r.sellerId)}</span>,
    },
    hiddenFilter(meta.label('goodsId'), 'goodsId', idFilter('goodsId')),
    { title: meta.label('payTime'), dataIndex: 'payTime', width: 170, search: false, render: (_, r) => formatTime(r.payTime) || '-' },
    { title: t('viewsCommerce.createdAt'), dataIndex: 'createTime', width: 170, search: false, render: (_, r) => formatTime(r.createTime) },
  ];

  const refundButton = (r: Row) => {
    const offer = offerOf(r);
    if (offer === 'stripe' || offer === 'alipay') {
      return (
        <Button type="link" size="small" danger data-testid="order-refund" onClick={() => setRefunding(r)}>
          {t('viewsCommerce.order.refund')}
        </Button>
      );
    }
    if (offer === 'unsupported') {
      return (
        <Tooltip title={t('viewsCommerce.order.refundUnsupported')}>
          <Button type="link" size="small" disabled data-testid="order-refund-unsupported">
            {t('viewsCommerce.order.refund')}
          </Button>
        </Tooltip>
      );
    }
    return null;
  };

  return (
    <div data-testid="order-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="goods/order"
        actionRef={table}
        keywordPlaceholder={t('viewsCommerce.order.searchHint')}
        tools={{ import: false, select: false }}
        table={() => ({ search: filterForm(t), scroll: { x: 1400 } })}
        slots={{
          columns,
          rowActionsWidth: 130,
          rowActions: (r) => (
            <Space size={0}>
              <Button type="link" size="small" data-testid="order-detail" onClick={() => setDetail(r)}>
                {t('common.detail')}
              </Button>
              {refundButton(r)}
            </Space>
          ),
        }}
      />
      <OrderDetail
        meta={meta}
        order={detail}
        currency={currency}
        onClose={() => setDetail(null)}
        onRefund={detail && (offerOf(detail) === 'stripe' || offerOf(detail) === 'alipay') ? () => setRefunding(detail) : undefined}
      />
      <OrderRefund
        order={refunding}
        currency={currency}
        onClose={() => setRefunding(null)}
        onRefunded={() => {
          setDetail(null);
          void table.current?.reload();
        }}
      />
    </div>
  );
}

export default function OrderView() {
  return <EntityGate keys={['goods/order']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
