/** The seller writes their remark on an order they sold (`goods/order/remark`); the buyer sees it in the order. */
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import TextSubmit from '../../components/TextSubmit';
import { setSellerRemark } from '../pay/pay-calls';
import type { Order } from '../pay/order-status';

const MAX_LENGTH = 500;

export default function SellerRemark({ order, onSaved }: { order: Order; onSaved: (o: Order) => void }) {
  const { t } = useI18n();
  const saved = String(order.sellerRemark ?? '');

  const save = async (text: string) => {
    const o = await setSellerRemark(String(order.orderNo), text || null);
    notify('success', t('wsAccount.orders.sellerRemarkSaved'));
    onSaved(o);
    return String(o.sellerRemark ?? '');
  };

  return (
    <TextSubmit
      initial={saved}
      maxLength={MAX_LENGTH}
      canSubmit={(text) => text !== saved.trim()}
      onSubmit={save}
      label={t('wsAccount.orders.sellerRemark')}
      placeholder={t('wsAccount.orders.sellerRemarkHint')}
      submitLabel={t('wsAccount.orders.sellerRemarkSave')}
      inputTestId="acc-order-seller-remark"
      submitTestId="acc-order-seller-remark-save"
    />
  );
}
