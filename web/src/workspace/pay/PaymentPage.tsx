/**
 * `/payment` (000 §2, issue 18): the member's order (`?orderNo=`, else the one kept locally — see
 * pay-memory.ts), its summary, the choice of Stripe or Alipay and the way to the provider's page; on
 * the way back (`/payment?orderNo=…`, Stripe's cancel adds `&cancelled=1`) it polls the provider's
 * `query` (pay-poll.ts) until the order is paid, failed, cancelled, expired or refunded and says which.
 *
 * Decisions the spec leaves open: the page waits for a payment only when the member left for a
 * provider from here within the last hour (the local memory says so), so opening a pending order
 * shows the choice, not a spinner; a failed attempt (payStatus 2) is a result with "try again"; an
 * order of someone else (the seller's view) shows its summary only.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { loadProfile, useAuth } from '../../app/auth';
import { ApiError } from '../../app/api';
import WorkspaceLayout from '../WorkspaceLayout';
import { cancelOrder, errorText, orderDetail, type Order } from './pay-calls';
import { awaitingReturn, clearMemory, providersToAsk, readMemory, resolveOrder, writeMemory, type PaymentMemory, type Provider } from './pay-memory';
import { orderOutcome, ORDERS_PATH } from './order-status';
import { formatMoney } from '../../app/money';
import { useSiteCurrency } from '../../app/use-site-currency';
import { usePaymentPoll } from './use-payment-poll';
import OrderSummary from './OrderSummary';
import ProviderChoice from './ProviderChoice';
import PaymentResult from './PaymentResult';
import './pay.css';
import '../../i18n/store-texts';

type Load = { state: 'loading' } | { state: 'ready'; order: Order } | { state: 'failed'; notFound: boolean; message: string };

interface OrderPaymentProps {
  memory: PaymentMemory;
  cancelledAtProvider: boolean;
  remember: (m: PaymentMemory) => void;
  /** The order is not there (or not the member's): stop remembering it. */
  forget: () => void;
}

function OrderPayment({ memory, cancelledAtProvider, remember, forget }: OrderPaymentProps) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const me = useAuth().user;
  const currency = useSiteCurrency();
  const orderNo = memory.orderNo;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const [chooseAgain, setChooseAgain] = useState(cancelledAtProvider);
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    orderDetail(orderNo)
      .then((order) => live && setLoad({ state: 'ready', order }))
      .catch((e: unknown) => {
        if (!live) return;
        const notFound = e instanceof ApiError && (e.status === 404 || e.status === 403);
        if (notFound) forget();
        setLoad({ state: 'failed', notFound, message: errorText(e) });
      });
    return () => {
      live = false;
    };
  }, [orderNo, version, forget]);

  const order = load.state === 'ready' ? load.order : null;
  const isBuyer = !!order && !!me && Number(order.userId) === Number(me.id);
  const stored = order ? orderOutcome(order) : 'pending';
  const providers = useMemo(() => (order ? providersToAsk(memory, order) : []), [order, memory]);
  const waiting = isBuyer && stored === 'pending' && !chooseAgain && awaitingReturn(memory, orderNo, openedAt);
  const poll = usePaymentPoll(orderNo, providers, waiting);

  // Once the poll settles, read the order again for its times and provider, and the member's
  // profile: a paid VIP or top-up changed what the workspace shows of them (the VIP crown).
  const settled = poll.state?.phase === 'settled';
  useEffect(() => {
    if (!settled) return;
    setVersion((v) => v + 1);
    void loadProfile({ silent: true }).catch(() => undefined);
  }, [settled]);

  if (load.state === 'loading')
    return (
      <Card className="pay-card">
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Card>
    );
  if (load.state === 'failed') {
    return (
      <div data-testid="pay-not-found">
        <Result
          status={load.notFound ? '404' : 'warning'}
          title={load.notFound ? t('wsPay.notFound') : t('wsPay.loadFailed')}
          subTitle={load.notFound ? t('wsPay.notFoundText', { orderNo }) : load.message}
          extra={[
            <Button key="retry" icon={<ReloadOutlined />} onClick={() => setVersion((v) => v + 1)}>
              {t('wsPay.retry')}
            </Button>,
            <Button key="orders" type="primary" onClick={() => navigate(ORDERS_PATH)}>
              {t('wsPay.viewOrders')}
            </Button>,
          ]}
        />
      </div>
    );
  }

  const o = load.order;
  const outcome = settled && poll.state ? poll.state.outcome : stored;
  const amountText = formatMoney(o.payAmount, currency, lang);
  const leave = (provider: Provider) => remember({ orderNo, provider, sentAt: Date.now() });
  const cancel = async () => {
    await cancelOrder(orderNo);
    setChooseAgain(false);
    setVersion((v) => v + 1);
  };
  const again = (
    <Button
      key="again"
      icon={<SwapOutlined />}
      onClick={() => {
        remember({ orderNo, provider: memory.provider });
        setChooseAgain(true);
      }}
      data-testid="pay-choose-again"
    >
      {t('wsPay.payAnotherWay')}
    </Button>
  );

  let body;
  if (!isBuyer) body = <Alert type="info" showIcon message={t('wsPay.notBuyer')} data-testid="pay-not-buyer" />;
  else if (outcome !== 'pending' && outcome !== 'failed') body = <PaymentResult shown={outcome} order={o} />;
  else if (waiting && poll.state?.phase === 'timeout') {
    body = (
      <PaymentResult
        shown="timeout"
        order={o}
        actions={[
          <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={poll.retry} data-testid="pay-retry">
            {t('wsPay.checkAgain')}
          </Button>,
          again,
        ]}
      />
    );
  } else if (waiting && outcome === 'pending') body = <PaymentResult shown="waiting" order={o} actions={again} />;
  else {
    body = (
      <>
        {outcome === 'failed' ? <PaymentResult shown="failed" order={o} /> : null}
        {cancelledAtProvider && outcome === 'pending' ? (
          <Alert type="info" showIcon message={t('wsPay.cancelledAtProvider')} className="pay-alert" data-testid="pay-cancelled-note" />
        ) : null}
        <ProviderChoice
          orderNo={orderNo}
          preferred={memory.orderNo === orderNo ? memory.provider : undefined}
          onLeave={leave}
          onCancel={cancel}
          amountText={amountText}
        />
      </>
    );
  }

  return (
    <Card className="pay-card" data-testid="payment-page" data-order={orderNo}>
      <OrderSummary order={o} currency={currency} outcome={outcome} />
      <div className="pay-body">{body}</div>
    </Card>
  );
}

function PaymentBody() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryNo = search.get('orderNo');
  const cancelled = search.get('cancelled') === '1';
  const [memory, setMemory] = useState<PaymentMemory | null>(() => resolveOrder(queryNo, readMemory(window.localStorage)));

  useEffect(() => {
    let next = resolveOrder(queryNo, readMemory(window.localStorage));
    // Back from the provider without paying: nothing to wait for.
    if (next && cancelled && next.sentAt !== undefined) next = { orderNo: next.orderNo, provider: next.provider };
    if (next) writeMemory(window.localStorage, next);
    setMemory(next);
  }, [queryNo, cancelled]);

  const remember = useCallback((m: PaymentMemory) => {
    writeMemory(window.localStorage, m);
    setMemory(m);
  }, []);
  const forget = useCallback(() => {
    if (readMemory(window.localStorage)?.orderNo === memory?.orderNo) clearMemory(window.localStorage);
  }, [memory?.orderNo]);

  if (!memory) {
    return (
      <div data-testid="pay-no-order">
        <Result
          status="info"
          title={t('wsPay.noOrder')}
          subTitle={t('wsPay.noOrderText')}
          extra={[
            <Button key="store" type="primary" onClick={() => navigate('/workflow_store')}>
              {t('wsPay.toStore')}
            </Button>,
            <Button key="orders" onClick={() => navigate(ORDERS_PATH)}>
              {t('wsPay.viewOrders')}
            </Button>,
          ]}
        />
      </div>
    );
  }
  return <OrderPayment key={memory.orderNo} memory={memory} cancelledAtProvider={cancelled} remember={remember} forget={forget} />;
}

export default function PaymentPage() {
  return (
    <WorkspaceLayout>
      <div className="pay-page">
        <PaymentBody />
      </div>
    </WorkspaceLayout>
  );
}
