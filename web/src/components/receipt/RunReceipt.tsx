/**
 * The receipt of one AI run (issue 39), for the member who paid it: what answered and on which
 * model, the tokens it read and wrote (marked when counted because the AI service reported none;
 * the part of the input read from the provider's cache, when there was any), for a run priced by
 * use the rate (with the cached input price when the model has one) and the coefficient, what was reserved, charged and returned,
 * the store fee inside the charge, whether an AI member ran on its owner's own key (then the charge
 * is only the platform fee), how long it took, and the ledger entries it moved.
 *
 * Decisions the issue leaves open:
 * - A 404 (another member's run, or a run that is gone) says plainly that the receipt is not
 *   available: whose run it was is not the reader's business.
 * - Amounts are the ledger's, signed as the ledger shows them (a charge is negative).
 * - Loaded with its dialog (RunReceiptButton), so the ledger's kind labels (store-texts) come only
 *   when a receipt is opened.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Descriptions, Result, Skeleton, Tag, Tooltip } from 'antd';
import { ApiError } from '../../lib/http';
import { useI18n } from '../../i18n';
import { formatDateTime, formatTokens } from '../../app/money';
import { loadReceipt, type RunReceiptData } from './receipt-data';
import { ledgerKindKey } from './ledger-kinds';
import LinkedRuns from './LinkedRuns';
import ReceiptTools from './ReceiptTools';
import '../../i18n/receipt-texts';
import '../../i18n/store-texts';

type Loaded = { state: 'loading' } | { state: 'ready'; receipt: RunReceiptData } | { state: 'missing' } | { state: 'failed' };

const STATUS = ['running', 'succeeded', 'failed'] as const;

function useReceipt(runId: number): { loaded: Loaded; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    loadReceipt(runId).then(
      (receipt) => live && setLoaded({ state: 'ready', receipt }),
      (e: unknown) => live && setLoaded({ state: e instanceof ApiError && e.status === 404 ? 'missing' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [runId, attempt]);
  return { loaded, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

function Entries({ receipt }: { receipt: RunReceiptData }) {
  const { t, lang } = useI18n();
  if (!receipt.entries.length) return <div className="apps-muted">{t('receipt.noEntries')}</div>;
  return (
    <ul className="apps-receipt-entries">
      {receipt.entries.map((e) => (
        <li key={e.id} data-testid="receipt-entry" data-kind={e.type}>
          <span className="apps-receipt-entry-main">
            <span>{t(ledgerKindKey(e.type))}</span>
            <span className="apps-muted">{formatDateTime(e.createTime, lang)}</span>
          </span>
          <strong className={e.tokens < 0 ? 'apps-receipt-minus' : 'apps-receipt-plus'}>{formatTokens(e.tokens, lang, true)}</strong>
        </li>
      ))}
    </ul>
  );
}

function Body({ receipt: r }: { receipt: RunReceiptData }) {
  const { t, lang } = useI18n();
  const tokens = (v: unknown) => t('receipt.tokens', { value: formatTokens(v, lang) });
  const count = (n: number) => new Intl.NumberFormat(lang).format(n);
  const estimated = r.usageEstimated === 1 && (
    <Tooltip title={t('receipt.estimatedHint')}>
      <Tag bordered={false} className="apps-receipt-tag" data-testid="receipt-estimated">
        {t('receipt.estimated')}
      </Tag>
    </Tooltip>
  );
  const byUse = r.pricing === 1;
  // kind 1 an AI member's reply, 2 the conversation summary it needed (LinkedRuns), else an app's run.
  const who = r.kind === 1 || r.kind === 2 ? r.aiName : r.appName;
  const items = [
    {
      key: 'who',
      label: t('receipt.answeredBy'),
      children: (
        <span data-testid="receipt-who">
          {who ?? '-'}{' '}
          <Tag color="purple" bordered={false} className="apps-receipt-tag">
            {t(r.kind === 1 ? 'receipt.aiMember' : r.kind === 2 ? 'wsChatMemory.receipt.summary' : 'receipt.app')}
          </Tag>
        </span>
      ),
    },
    { key: 'model', label: t('receipt.model'), children: <span data-testid="receipt-model">{r.modelName ?? r.model ?? '-'}</span> },
    { key: 'status', label: t('receipt.status'), children: t(`receipt.${STATUS[r.status] ?? 'running'}`) },
    {
      key: 'in',
      label: t('receipt.inputTokens'),
      children: (
        <span data-testid="receipt-input">
          {count(r.promptTokens)} {estimated}
          {r.cachedTokens > 0 && (
            <span className="apps-muted apps-receipt-cached" data-testid="receipt-cached">
              {t('receipt.cachedTokens', { count: count(r.cachedTokens) })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'out',
      label: t('receipt.outputTokens'),
      children: (
        <span data-testid="receipt-output">
          {count(r.completionTokens)} {estimated}
        </span>
      ),
    },
    ...(r.ownKey ? [{ key: 'ownKey', label: t('receipt.ownKey'), children: <span data-testid="receipt-own-key">{t('receipt.ownKeyValue')}</span> }] : []),
    { key: 'pricing', label: t('receipt.pricing'), children: t(byUse ? 'receipt.byUse' : 'receipt.fixed') },
    ...(byUse
      ? [
          {
            key: 'rate',
            label: t('receipt.rate'),
            children: (
              <span data-testid="receipt-rate">
                {r.priceCachedInput > 0
                  ? t('receipt.rateValueCached', {
                      input: formatTokens(r.priceInput, lang),
                      cached: formatTokens(r.priceCachedInput, lang),
                      output: formatTokens(r.priceOutput, lang),
                    })
                  : t('receipt.rateValue', { input: formatTokens(r.priceInput, lang), output: formatTokens(r.priceOutput, lang) })}
              </span>
            ),
          },
          { key: 'coefficient', label: t('receipt.coefficient'), children: `× ${formatTokens(r.coefficient, lang)}` },
        ]
      : []),
    { key: 'reserved', label: t('receipt.reserved'), children: <span data-testid="receipt-reserved">{tokens(r.reserved)}</span> },
    {
      key: 'charged',
      label: t('receipt.charged'),
      children: (
        <strong data-testid="receipt-charged" data-value={r.charged}>
          {tokens(r.charged)}
        </strong>
      ),
    },
    { key: 'returned', label: t('receipt.returned'), children: <span data-testid="receipt-returned">{tokens(r.refunded)}</span> },
    ...(r.fee > 0 ? [{ key: 'fee', label: t('receipt.fee'), children: <span data-testid="receipt-fee">{tokens(r.fee)}</span> }] : []),
    ...(r.durationMs !== null
      ? [
          {
            key: 'duration',
            label: t('receipt.duration'),
            children: t('receipt.seconds', { value: formatTokens(Math.round(r.durationMs / 100) / 10, lang) }),
          },
        ]
      : []),
  ];
  return (
    <>
      <Descriptions size="small" column={1} bordered items={items} className="apps-receipt-table" />
      <LinkedRuns receipt={r} />
      <ReceiptTools receipt={r} />
      <div className="apps-receipt-entries-title">{t('receipt.entries')}</div>
      <Entries receipt={r} />
    </>
  );
}

export default function RunReceipt({ runId }: { runId: number }) {
  const { t } = useI18n();
  const { loaded, retry } = useReceipt(runId);
  return (
    <div className="apps-receipt" data-testid="run-receipt" data-run={runId} data-state={loaded.state}>
      {loaded.state === 'loading' && <Skeleton active paragraph={{ rows: 6 }} />}
      {loaded.state === 'missing' && <Result status="info" subTitle={t('receipt.notAvailable')} className="apps-receipt-result" />}
      {loaded.state === 'failed' && (
        <Result
          status="warning"
          subTitle={t('receipt.loadFailed')}
          extra={<Button onClick={retry}>{t('receipt.retry')}</Button>}
          className="apps-receipt-result"
        />
      )}
      {loaded.state === 'ready' && <Body receipt={loaded.receipt} />}
    </div>
  );
}
