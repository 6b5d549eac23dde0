/**
 * Payment log (base/paidLog): each payment a provider reported, on the generic table with labels for
 * what the declaration leaves as numbers (status, order type), amounts in their currency, and the
 * declared equality filters. The entity has only `list` (GET), so every row comes at once.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { Row } from '../crud/table-columns';
import EntityGate from '../views/data/EntityGate';
import { formatTime, type EntityMeta } from '../views/data/entity';
import EnumTag from './EnumTag';
import { filterForm, idFilter, selectFilter } from './filters';
import { ORDER_TYPE_COLORS, PAID_LOG_STATUS_COLORS, paidLogStatusOptions, PROVIDER_COLORS, providerOptions } from './labels';
import { formatMoney } from '../../app/money';
import { personLabel } from './orders';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t, lang } = useI18n();
  const providers = providerOptions(t);
  const statuses = paidLogStatusOptions(t);
  const types = [0, 1, 2, 3].map((value) => ({ value, label: t(`viewsCommerce.orderType.t${value}`) }));
  const mono = (v: unknown) =>
    v ? (
      <Typography.Text copyable={{ text: String(v) }} ellipsis style={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 220 }}>
        {String(v)}
      </Typography.Text>
    ) : (
      '-'
    );

  const columns: ProColumns<Row>[] = [
    { title: t('viewsCommerce.id'), dataIndex: 'id', width: 70, search: false },
    { title: meta.label('orderNo'), dataIndex: 'orderNo', width: 240, search: false, render: (_, r) => mono(r.orderNo) },
    { title: meta.label('userId'), dataIndex: 'userId', width: 130, ...idFilter('userId'), render: (_, r) => personLabel(r.userName, r.userId) ?? '-' },
    {
      title: meta.label('provider'),
      dataIndex: 'provider',
      width: 110,
      ...selectFilter('provider', providers),
      render: (_, r) => <EnumTag value={r.provider} options={providers} colors={PROVIDER_COLORS} />,
    },
    {
      title: meta.label('type'),
      dataIndex: 'type',
      width: 120,
      ...selectFilter('type', types),
      render: (_, r) => <EnumTag value={r.type} options={types} colors={ORDER_TYPE_COLORS} />,
    },
    {
      title: meta.label('amount'),
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      search: false,
      render: (_, r) => formatMoney(r.amount, r.currency, lang) || '-',
    },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 120,
      ...selectFilter('status', statuses),
      render: (_, r) => <EnumTag value={r.status} options={statuses} colors={PAID_LOG_STATUS_COLORS} />,
    },
    { title: meta.label('transactionId'), dataIndex: 'transactionId', width: 240, search: false, render: (_, r) => mono(r.transactionId) },
    { title: meta.label('payTime'), dataIndex: 'payTime', width: 170, search: false, render: (_, r) => formatTime(r.payTime) || '-' },
    { title: meta.label('eventId'), dataIndex: 'eventId', width: 240, search: false, render: (_, r) => mono(r.eventId) },
  ];

  return (
    <div data-testid="paid-log-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="base/paidLog"
        tools={{ import: false, export: false, select: false }}
        table={() => ({ search: filterForm(t), scroll: { x: 1500 } })}
        slots={{ columns }}
      />
    </div>
  );
}

export default function PaidLogView() {
  return <EntityGate keys={['base/paidLog']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
