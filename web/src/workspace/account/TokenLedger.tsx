/**
 * My token ledger (`base/tokenLog/page`, a member reads their own rows), newest first: each entry's
 * kind and what it came from (`source`: the goods or order title, a code's last 4 characters), which
 * balance it changed (tokens, earned, withdrawable), the change and the balance after it.
 */
import { Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { data, type Row } from '../../app/data';
import { formatDateTime, formatTokens } from '../../app/money';
import { usePaged } from './use-paged';
import LoadError from './LoadError';
import { ledgerKindKey } from './token-terms';

type Entry = Row<'base/tokenLog'>;

const FIELDS = ['tokens', 'earnedTokens', 'withdrawableTokens'];

export default function TokenLedger({ version }: { version: number }) {
  const { t, lang } = useI18n();
  const paged = usePaged<Entry>((page, size) => data('base/tokenLog').page({ page, size, order: 'id', sort: 'desc' }, { silent: true }), [version], 10);

  return (
    <section className="acc-ledger" data-testid="acc-ledger">
      <Typography.Title level={5}>{t('wsAccount.ledger.title')}</Typography.Title>
      {paged.error ? <LoadError error={paged.error} onRetry={paged.reload} /> : null}
      {paged.loading && !paged.list.length && !paged.error ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {!paged.loading && !paged.error && !paged.list.length ? <Empty description={t('wsAccount.ledger.none')} /> : null}
      <div className={paged.loading ? 'acc-list acc-reloading' : 'acc-list'}>
        {paged.list.map((e) => {
          const change = Number(e.tokens ?? 0);
          const kind = t(ledgerKindKey(e.type));
          const field = FIELDS.includes(String(e.field)) ? t(`wsAccount.ledger.field.${String(e.field)}`) : String(e.field ?? '');
          return (
            <div key={e.id} className="acc-ledger-row" data-testid="acc-ledger-entry" data-kind={e.type ?? ''}>
              <div className="acc-row-main">
                <div className="acc-tags">
                  <Typography.Text strong>{kind}</Typography.Text>
                  <Tag>{field}</Tag>
                </div>
                {e.source ? (
                  <Typography.Text className="acc-ledger-source" ellipsis={{ tooltip: e.source }} data-testid="acc-ledger-source">
                    {e.source}
                  </Typography.Text>
                ) : null}
                <Typography.Text type="secondary" className="acc-small">
                  {formatDateTime(e.createTime, lang)}
                  {e.remark ? ` · ${e.remark}` : ''}
                </Typography.Text>
              </div>
              <div className="acc-ledger-side">
                <span className={change < 0 ? 'acc-minus' : 'acc-plus'}>
                  {change > 0 ? '+' : ''}
                  {formatTokens(change, lang)}
                </span>
                <Typography.Text type="secondary" className="acc-small">
                  {t('wsAccount.ledger.balanceAfter', { balance: formatTokens(e.balance, lang) })}
                </Typography.Text>
              </div>
            </div>
          );
        })}
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
    </section>
  );
}
