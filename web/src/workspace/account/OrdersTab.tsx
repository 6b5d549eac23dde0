/**
 * `/my/info?tab=orders`: my orders, bought (`goods/order/myOrders`) and sold (`mySoldOrders`,
 * `&side=sold`), filtered by state, with the detail drawer; a pending order I bought can be paid
 * (to /payment) or cancelled. The open order is in the address (`&order=<orderNo>`): the bell's order
 * notices lead to it. The list reloads when a notice tells of an order paid, sold or refunded.
 */
import { useCallback, useState } from 'react';
import { Empty, Pagination, Segmented, Select, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { calls, type PageResult } from '../../app/data';
import { cancelOrder } from '../pay/pay-calls';
import { isOrderNotice, type Order } from '../pay/order-status';
import { useNotice } from '../realtime';
import { useSiteCurrency } from '../../app/use-site-currency';
import { usePaged } from './use-paged';
import OrderItem from './OrderItem';
import OrderDrawer from './OrderDrawer';
import LoadError from './LoadError';
import './account.css';
import '../../i18n/store-texts';

const STATUSES = ['all', '0', '1', '4', '9'] as const;

export default function OrdersTab() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const currency = useSiteCurrency();
  const [search, setSearch] = useSearchParams();
  const sold = search.get('side') === 'sold';
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const open = search.get('order');
  const setOpen = (orderNo: string | null) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (orderNo) next.set('order', orderNo);
        else next.delete('order');
        return next;
      },
      { replace: true },
    );

  const paged = usePaged<Order>(
    (page, size) =>
      (sold ? calls.goods.order.mySoldOrders : calls.goods.order.myOrders)(
        { page, size, ...(status === 'all' ? {} : { status: Number(status) }) },
        { silent: true },
      ) as Promise<PageResult<Order>>,
    [sold, status],
  );

  // An order paid, sold or refunded elsewhere (the provider, the administrator's console) shows here at once.
  const { reload } = paged;
  useNotice(
    'notify',
    useCallback(
      (n: Record<string, unknown>) => {
        if (isOrderNotice(n)) reload();
      },
      [reload],
    ),
  );

  const setSide = (v: string) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (v === 'sold') next.set('side', 'sold');
        else next.delete('side');
        next.delete('order');
        return next;
      },
      { replace: true },
    );

  const pay = (orderNo: string) => navigate(`/payment?orderNo=${encodeURIComponent(orderNo)}`);
  const cancel = async (orderNo: string) => {
    await cancelOrder(orderNo);
    paged.reload();
  };

  return (
    <div className="acc-tab" data-testid="acc-orders">
      <div className="acc-toolbar">
        <Segmented
          value={sold ? 'sold' : 'bought'}
          onChange={(v) => setSide(String(v))}
          options={[
            { value: 'bought', label: t('wsAccount.orders.bought') },
            { value: 'sold', label: t('wsAccount.orders.sold') },
          ]}
          data-testid="acc-orders-side"
        />
        <Select
          value={status}
          onChange={setStatus}
          className="acc-select"
          options={STATUSES.map((s) => ({ value: s, label: t(`wsAccount.orders.status.s${s}`) }))}
          aria-label={t('wsAccount.orders.statusFilter')}
        />
      </div>
      {paged.error ? <LoadError error={paged.error} onRetry={paged.reload} /> : null}
      {paged.loading && !paged.list.length ? <Skeleton active avatar paragraph={{ rows: 3 }} /> : null}
      {!paged.loading && !paged.error && !paged.list.length ? (
        <Empty description={sold ? t('wsAccount.orders.noneSold') : t('wsAccount.orders.noneBought')} />
      ) : null}
      <div className={paged.loading ? 'acc-list acc-reloading' : 'acc-list'}>
        {paged.list.map((o) => (
          <OrderItem
            key={o.id}
            order={o}
            currency={currency}
            sold={sold}
            onOpen={() => setOpen(String(o.orderNo))}
            onPay={() => pay(String(o.orderNo))}
            onCancel={() => cancel(String(o.orderNo))}
          />
        ))}
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
      <OrderDrawer orderNo={open} currency={currency} sold={sold} onClose={() => setOpen(null)} onPay={pay} onChanged={paged.reload} />
    </div>
  );
}
