/** The seller writes their remark on an order they sold (`goods/order/remark`); the buyer sees it in the order. */
import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { setSellerRemark } from '../pay/pay-calls';
import type { Order } from '../pay/order-status';

const MAX_LENGTH = 500;

export default function SellerRemark({ order, onSaved }: { order: Order; onSaved: (o: Order) => void }) {
  const { t } = useI18n();
  const saved = String(order.sellerRemark ?? '');
  const [text, setText] = useState(saved);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      const o = await setSellerRemark(String(order.orderNo), text.trim() || null);
      setText(String(o.sellerRemark ?? ''));
      notify('success', t('wsAccount.orders.sellerRemarkSaved'));
      onSaved(o);
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MAX_LENGTH}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('wsAccount.orders.sellerRemarkHint')}
        aria-label={t('wsAccount.orders.sellerRemark')}
        data-testid="acc-order-seller-remark"
      />
      <Button loading={busy} disabled={text.trim() === saved.trim()} onClick={() => void save()} data-testid="acc-order-seller-remark-save">
        {t('wsAccount.orders.sellerRemarkSave')}
      </Button>
    </Space>
  );
}
