/**
 * "Receipt": a small link under an ended run's answer (the run dialog, the chat's run messages and
 * AI members' replies), and in the console's AI runs and token log, that opens the run's receipt in a
 * dialog; the receipt's code and the ledger's texts load on the first click.
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import '../../i18n/receipt-texts';
import './receipt.css';

const RunReceipt = lazy(() => import('./RunReceipt'));

export default function RunReceiptButton({ runId }: { runId: number }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<FileTextOutlined />} onClick={() => setOpen(true)} className="apps-receipt-open" data-testid="run-receipt-open">
        {t('receipt.open')}
      </Button>
      {open && (
        <Modal open onCancel={() => setOpen(false)} footer={null} width={480} title={t('receipt.title')} className="apps-receipt-dialog">
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <RunReceipt runId={runId} />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
