/**
 * The runs that are part of a run (its conversation summary, issue 41), under the run's own figures
 * on its receipt: what each was, its model and tokens, what it charged (a failed one: refunded), and
 * the total charged with them. Nothing when the run has none.
 */
import { useI18n } from '../../i18n';
import { formatTokens } from '../../app/money';
import type { RunReceiptData } from './receipt-data';
import '../../i18n/chat-memory-texts';

const RUNNING = 0;
const FAILED = 2;

export default function LinkedRuns({ receipt }: { receipt: RunReceiptData }) {
  const { t, lang } = useI18n();
  if (!receipt.linked?.length) return null;
  const tokens = (v: unknown) => t('receipt.tokens', { value: formatTokens(v, lang) });
  const count = (n: number) => new Intl.NumberFormat(lang).format(n);
  return (
    <div data-testid="receipt-linked">
      <div className="apps-receipt-entries-title">{t('wsChatMemory.receipt.title')}</div>
      <ul className="apps-receipt-entries">
        {receipt.linked.map((r) => (
          <li key={r.id} data-testid="receipt-linked-run" data-kind={r.kind} data-status={r.status}>
            <span className="apps-receipt-entry-main">
              <span>
                {t('wsChatMemory.receipt.summary')}
                {r.status === RUNNING && <span className="apps-muted"> · {t('wsChatMemory.receipt.running')}</span>}
                {r.status === FAILED && <span className="apps-muted"> · {t('wsChatMemory.receipt.failed')}</span>}
              </span>
              <span className="apps-muted">
                {t('wsChatMemory.receipt.usage', { model: r.modelName ?? r.model ?? '-', input: count(r.promptTokens), output: count(r.completionTokens) })}
              </span>
            </span>
            <strong data-testid="receipt-linked-charged" data-value={r.charged}>
              {tokens(r.charged)}
            </strong>
          </li>
        ))}
        <li>
          <strong>{t('wsChatMemory.receipt.total')}</strong>
          <strong data-testid="receipt-total" data-value={receipt.total}>
            {tokens(receipt.total)}
          </strong>
        </li>
      </ul>
    </div>
  );
}
