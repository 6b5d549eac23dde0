/**
 * The tools the model called in an AI member's reply (issue 41), on its receipt: each call's name,
 * whether it read or would write, and how it ended (run, waiting for the member, done, refused...).
 * Nothing when it called none. Their cost is in the run's usage: every turn of the model is counted.
 */
import { Tag } from 'antd';
import { useI18n } from '../../i18n';
import type { RunReceiptData } from './receipt-data';

export default function ReceiptTools({ receipt }: { receipt: RunReceiptData }) {
  const { t } = useI18n();
  if (!receipt.tools?.length) return null;
  return (
    <div data-testid="receipt-tools">
      <div className="apps-receipt-entries-title">{t('receipt.tools')}</div>
      <ul className="apps-receipt-entries">
        {receipt.tools.map((c) => (
          <li key={c.id} data-testid="receipt-tool" data-state={c.state}>
            <span className="apps-receipt-entry-main">
              <span className="chat-tool-name">{c.name}</span>
              <span className="apps-muted">{c.effect === 'write' ? t('receipt.toolWrite') : t('receipt.toolRead')}</span>
            </span>
            <Tag bordered={false}>{t(`receipt.toolState.${c.state}`)}</Tag>
          </li>
        ))}
      </ul>
    </div>
  );
}
