/**
 * My payouts (`base/payout/page`, a member reads their own), newest first: the tokens, when asked,
 * the state (requested, paid, rejected) and the administrator's reference or reason.
 */
import { Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { data, type Row } from '../../app/data';
import { formatDateTime, formatTokens } from '../../app/money';
import { usePaged } from './use-paged';
import LoadError from './LoadError';

type Payout = Row<'base/payout'>;

const STATUS_COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };

export default function PayoutList({ version }: { version: number }) {
  const { t, lang } = useI18n();
  const paged = usePaged<Payout>((page, size) => data('base/payout').page({ page, size, order: 'id', sort: 'desc' }, { silent: true }), [version], 10);

  return (
    <section className="acc-ledger" data-testid="acc-payouts">
      <Typography.Title level={5}>{t('wsAccount.payout.mine')}</Typography.Title>
      {paged.error ? <LoadError error={paged.error} onRetry={paged.reload} /> : null}
      {paged.loading && !paged.list.length && !paged.error ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {!paged.loading && !paged.error && !paged.list.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsAccount.payout.none')} /> : null}
      <div className={paged.loading ? 'acc-list acc-reloading' : 'acc-list'}>
        {paged.list.map((p) => {
          const status = Number(p.status ?? 0);
          return (
            <div key={p.id} className="acc-ledger-row acc-payout-row" data-testid="acc-payout" data-status={status}>
              <div className="acc-row-main">
                <div className="acc-tags">
                  <Typography.Text strong>{formatTokens(p.tokens, lang)}</Typography.Text>
                  <Tag color={STATUS_COLOR[status]}>{t(`wsAccount.payout.status.s${status}`)}</Tag>
                </div>
                {p.note ? (
                  <Typography.Text className="acc-ledger-source" ellipsis={{ tooltip: p.note }}>
                    {p.note}
                  </Typography.Text>
                ) : null}
                {p.reference ? (
                  <Typography.Text className="acc-small" data-testid="acc-payout-reference">
                    {t('wsAccount.payout.reference', { reference: p.reference })}
                  </Typography.Text>
                ) : null}
                {p.reason ? (
                  <Typography.Text type="danger" className="acc-small" data-testid="acc-payout-reason">
                    {t('wsAccount.payout.reason', { reason: p.reason })}
                  </Typography.Text>
                ) : null}
              </div>
              <Typography.Text type="secondary" className="acc-small acc-ledger-side">
                {t('wsAccount.payout.requestedAt', { date: formatDateTime(p.createTime, lang) })}
              </Typography.Text>
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
