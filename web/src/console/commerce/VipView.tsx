/**
 * VIP plans (base/vip) on the generic table with the generated form, showing what the generic
 * columns leave as bare numbers: the price in the site currency, the period in days, gift tokens,
 * and Purchasable as a switch; Type and Purchasable filter by select.
 */
import { useRef } from 'react';
import { Switch, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { data } from '../../app/data';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { Row } from '../crud/table-columns';
import RowActions from '../../components/RowActions';
import EntityGate from '../views/data/EntityGate';
import type { EntityMeta } from '../views/data/entity';
import { confirmThen } from '../views/system/confirm';
import { filterForm, idFilter, selectFilter } from './filters';
import { formatMoney, formatTokens } from '../../app/money';
import { useSiteCurrency } from '../../app/use-site-currency';
import { useAppApi } from '../../app/app-api';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t, lang } = useI18n();
  const can = useCan();
  const { modal } = useAppApi();
  const currency = useSiteCurrency();
  const table = useRef<ActionType>(undefined);
  const none = <Typography.Text type="secondary">-</Typography.Text>;
  const yesNo = [
    { value: 1, label: t('common.yes') },
    { value: 0, label: t('common.no') },
  ];

  const setPurchasable = (r: Row, on: boolean) =>
    confirmThen(modal, on ? t('common.confirmEnable') : t('common.confirmDisable'), async () => {
      await data('base/vip').update({ id: Number(r.id), enablePay: on ? 1 : 0 }, { successMessage: t('common.updateSuccess') });
      void table.current?.reload();
    });

  const columns: ProColumns<Row>[] = [
    { title: t('viewsCommerce.id'), dataIndex: 'id', width: 70, search: false },
    { title: meta.label('name'), dataIndex: 'name', width: 160, search: false, ellipsis: true },
    {
      title: meta.label('amount'),
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      search: false,
      render: (_, r) => formatMoney(r.amount, currency, lang) || none,
    },
    {
      title: meta.label('period'),
      dataIndex: 'period',
      width: 110,
      search: false,
      render: (_, r) => (r.period === null || r.period === undefined ? none : t('viewsCommerce.vip.days', { n: r.period })),
    },
    {
      title: meta.label('giftTokenAmount'),
      dataIndex: 'giftTokenAmount',
      width: 120,
      align: 'right',
      search: false,
      render: (_, r) => formatTokens(r.giftTokenAmount, lang) || none,
    },
    {
      title: meta.label('type'),
      dataIndex: 'type',
      width: 90,
      ...idFilter('type'),
      render: (_, r) => (r.type === null || r.type === undefined ? none : String(r.type)),
    },
    {
      title: meta.label('enablePay'),
      dataIndex: 'enablePay',
      width: 120,
      align: 'center',
      ...selectFilter('enablePay', yesNo),
      render: (_, r) => (
        <Switch
          size="small"
          checked={Number(r.enablePay) === 1}
          disabled={!can('base:vip:update')}
          aria-label={meta.label('enablePay')}
          onChange={(on) => setPurchasable(r, on)}
        />
      ),
    },
    { title: meta.label('sort'), dataIndex: 'sort', width: 80, search: false },
    { title: meta.label('remark'), dataIndex: 'remark', search: false, ellipsis: true, render: (_, r) => (r.remark ? String(r.remark) : none) },
  ];

  return (
    <div data-testid="vip-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="base/vip"
        actionRef={table}
        tools={{ import: false }}
        table={() => ({ search: filterForm(t), scroll: { x: 1000 } })}
        slots={{
          columns,
          rowActionsWidth: 90,
          rowActions: (_r, d) => <RowActions iconsOnly onEdit={d.edit && (() => d.edit!())} onDelete={d.remove} />,
        }}
      />
    </div>
  );
}

export default function VipView() {
  return <EntityGate keys={['base/vip']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
