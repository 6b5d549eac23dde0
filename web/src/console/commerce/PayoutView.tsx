/**
 * Payouts (base/payout) on the generic table: the member by name, the tokens, the state as a tag, the
 * member's note and the administrator's reference or reason; a requested payout offers Mark paid and
 * Reject (PayoutSettle) to an administrator whose role holds those keys.
 */
import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useCan } from '../../app/auth';
import { formatTokens } from '../../app/money';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { Row } from '../crud/table-columns';
import EntityGate from '../views/data/EntityGate';
import { formatTime, type EntityMeta } from '../views/data/entity';
import EnumTag from './EnumTag';
import PayoutSettle, { type Settling } from './PayoutSettle';
import { filterForm, idFilter, selectFilter } from './filters';
import { useUserNames } from './use-user-names';

const STATUS_COLORS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };

function Screen({ meta }: { meta: EntityMeta }) {
  const { t, lang } = useI18n();
  const can = useCan();
  const table = useRef<ActionType>(undefined);
  const [settling, setSettling] = useState<Settling>(null);
  const [shownIds, setShownIds] = useState<number[]>([]);
  const names = useUserNames(shownIds);
  const muted = (v: unknown, maxWidth: number, danger = false) =>
    v ? (
      <Typography.Text type={danger ? 'danger' : undefined} ellipsis={{ tooltip: String(v) }} style={{ maxWidth }}>
        {String(v)}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">-</Typography.Text>
    );

  const columns: ProColumns<Row>[] = [
    { title: t('viewsCommerce.id'), dataIndex: 'id', width: 70, search: false },
    {
      title: t('viewsCommerce.payout.member'),
      dataIndex: 'userId',
      width: 150,
      ...idFilter('userId'),
      render: (_, r) => `${names.get(Number(r.userId)) ?? ''} #${String(r.userId ?? '')}`.trim(),
    },
    {
      title: meta.label('tokens'),
      dataIndex: 'tokens',
      width: 120,
      align: 'right',
      search: false,
      render: (_, r) => <Typography.Text strong>{formatTokens(r.tokens, lang)}</Typography.Text>,
    },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 110,
      ...selectFilter('status', meta.options('status')),
      render: (_, r) => <EnumTag value={r.status} options={meta.options('status')} colors={STATUS_COLORS} />,
    },
    { title: meta.label('note'), dataIndex: 'note', width: 220, search: false, render: (_, r) => muted(r.note, 200) },
    {
      title: t('viewsCommerce.payout.outcome'),
      dataIndex: 'reference',
      width: 200,
      search: false,
      render: (_, r) => muted(r.reference ?? r.reason, 180, !r.reference),
    },
    { title: t('viewsCommerce.createdAt'), dataIndex: 'createTime', width: 170, search: false, render: (_, r) => formatTime(r.createTime) },
    { title: meta.label('handleTime'), dataIndex: 'handleTime', width: 170, search: false, render: (_, r) => formatTime(r.handleTime) || '-' },
  ];

  const actions = (r: Row) => {
    if (Number(r.status) !== 0) return null;
    return (
      <Space size={0}>
        {can('base:payout:markPaid') ? (
          <Button type="link" size="small" data-testid="payout-mark-paid" onClick={() => setSettling({ payout: r, action: 'markPaid' })}>
            {t('viewsCommerce.payout.markPaid')}
          </Button>
        ) : null}
        {can('base:payout:reject') ? (
          <Button type="link" size="small" danger data-testid="payout-reject" onClick={() => setSettling({ payout: r, action: 'reject' })}>
            {t('viewsCommerce.payout.reject')}
          </Button>
        ) : null}
      </Space>
    );
  };

  return (
    <div data-testid="payout-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="base/payout"
        actionRef={table}
        keywordPlaceholder={t('viewsCommerce.payout.searchHint')}
        tools={{ import: false, select: false }}
        table={() => ({ search: filterForm(t), scroll: { x: 1200 }, onLoad: (rows: Row[]) => setShownIds([...new Set(rows.map((r) => Number(r.userId)))]) })}
        slots={{ columns, rowActionsWidth: 170, rowActions: actions }}
      />
      <PayoutSettle settling={settling} onClose={() => setSettling(null)} onSettled={() => void table.current?.reload()} />
    </div>
  );
}

export default function PayoutView() {
  return <EntityGate keys={['base/payout']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
