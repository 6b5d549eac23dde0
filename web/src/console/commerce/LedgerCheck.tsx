/**
 * The ledger check (`base/tokenLog/check`): users and entries counted, mismatches (must be 0: green,
 * else red with each line), and debts (balances below zero after refunds of spent revenue).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { calls } from '../../app/data';
import { useI18n } from '../../i18n';
import type { EpsDictOption } from '../eps';
import { optionLabel } from '../crud/values';
import { difference, verdict, type LedgerCheck as Check, type LedgerLine } from './ledger-check';
import { formatTokens } from '../../app/money';
import { useUserNames } from './use-user-names';

const GREEN = '#389e0d';
const RED = '#cf1322';

export default function LedgerCheck({ fields, refreshKey }: { fields: EpsDictOption[]; refreshKey: number }) {
  const { t, lang } = useI18n();
  const [check, setCheck] = useState<Check | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    setFailed(false);
    (calls.base.tokenLog.check() as Promise<Check>).then(setCheck, () => setFailed(true)).finally(() => setLoading(false));
  }, []);
  useEffect(load, [load, refreshKey]);

  const v = check ? verdict(check) : null;
  const names = useUserNames(v?.userIds ?? []);
  const user = (id: number) => (names.get(id) ? `${names.get(id)} (#${id})` : `#${id}`);
  const lineColumns = (withSum: boolean) => [
    { title: t('viewsCommerce.audit.user'), dataIndex: 'userId', render: (id: number) => user(id) },
    { title: t('viewsCommerce.audit.balanceKind'), dataIndex: 'field', render: (f: string) => optionLabel(fields, f) ?? f },
    { title: t('viewsCommerce.audit.balance'), dataIndex: 'balance', align: 'right' as const, render: (n: number) => formatTokens(n, lang) },
    ...(withSum
      ? [
          { title: t('viewsCommerce.audit.entriesSum'), dataIndex: 'sum', align: 'right' as const, render: (n: number) => formatTokens(n, lang) },
          {
            title: t('viewsCommerce.audit.difference'),
            key: 'diff',
            align: 'right' as const,
            render: (_: unknown, l: LedgerLine) => <Typography.Text type="danger">{formatTokens(difference(l), lang, true)}</Typography.Text>,
          },
        ]
      : []),
  ];
  const rowKey = (l: LedgerLine) => `${l.userId}:${l.field}`;

  return (
    <Card
      size="small"
      title={t('viewsCommerce.audit.checkTitle')}
      data-testid="ledger-check"
      extra={
        <Button size="small" type="text" icon={<ReloadOutlined />} loading={loading} onClick={load} aria-label={t('common.refresh')}>
          {t('common.refresh')}
        </Button>
      }
    >
      {failed ? (
        <Alert type="error" showIcon message={t('viewsCommerce.audit.checkFailed')} />
      ) : !check || !v ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Row gutter={[16, 12]}>
            <Col xs={12} md={6}>
              <Statistic title={t('viewsCommerce.audit.users')} value={check.users} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('viewsCommerce.audit.entries')} value={check.entries} />
            </Col>
            <Col xs={12} md={6} data-testid="ledger-mismatches" data-balanced={v.balanced ? 'yes' : 'no'}>
              <Statistic
                title={t('viewsCommerce.audit.mismatches')}
                value={v.mismatches}
                valueStyle={{ color: v.balanced ? GREEN : RED }}
                prefix={v.balanced ? <CheckCircleFilled /> : <CloseCircleFilled />}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('viewsCommerce.audit.debts')} value={v.debts} valueStyle={v.debts ? { color: '#d46b08' } : undefined} />
            </Col>
          </Row>
          <Alert
            style={{ marginTop: 12 }}
            type={v.balanced ? 'success' : 'error'}
            showIcon
            message={v.balanced ? t('viewsCommerce.audit.balanced') : t('viewsCommerce.audit.unbalanced', { n: v.mismatches })}
          />
          {v.mismatches > 0 && (
            <Table<LedgerLine>
              style={{ marginTop: 12 }}
              size="small"
              rowKey={rowKey}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={check.mismatches}
              columns={lineColumns(true)}
            />
          )}
          {v.debts > 0 && (
            <>
              <Typography.Paragraph type="secondary" style={{ margin: '12px 0 8px' }}>
                {t('viewsCommerce.audit.debtsHint')}
              </Typography.Paragraph>
              <Table<LedgerLine>
                size="small"
                rowKey={rowKey}
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={check.debts}
                columns={lineColumns(false)}
                data-testid="ledger-debts"
              />
            </>
          )}
        </>
      )}
    </Card>
  );
}
