/**
 * The revenue audit: sellers' sale revenue entries (`base/tokenLog/auditList`), pending first; the
 * pending ones are selected and made withdrawable together (`batchSetWithdrawable {ids}`: all or
 * nothing). The ledger check sits above, and is asked again after each change.
 */
import { useRef, useState } from 'react';
import { Button, Input, Segmented, Space, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { calls, data, type PageQuery } from '../../app/data';
import { useCan } from '../../app/auth';
import { notify } from '../../app/notify';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { Row } from '../crud/table-columns';
import { formatTime, type EntityMeta } from '../views/data/entity';
import { orderIdsOf, releasable, saleRefunded, sellerIdOf, withOrderStatus, type AuditRow } from './audit-rows';
import LedgerCheck from './LedgerCheck';
import { formatTokens } from '../../app/money';
import { useAppApi } from '../../app/app-api';

type Shown = 'pending' | 'withdrawable' | 'all';
const FILTER: Record<Shown, number | undefined> = { pending: 0, withdrawable: 1, all: undefined };

export default function TokenAudit({ meta }: { meta: EntityMeta }) {
  const { t, lang } = useI18n();
  const can = useCan();
  const { modal } = useAppApi();
  const table = useRef<ActionType>(undefined);
  const [shown, setShown] = useState<Shown>('pending');
  const [seller, setSeller] = useState<number | undefined>(undefined);
  const [checkKey, setCheckKey] = useState(0);
  const mayRelease = can('base:tokenLog:batchSetWithdrawable');
  const selectable = shown === 'pending' && mayRelease;

  const mayReadOrders = can('goods:order:page');

  // The audit page, with the state of each entry's order (a refunded sale is not offered for withdrawal).
  const auditPage = async (body: Record<string, unknown>) => {
    const page = (await calls.base.tokenLog.auditList(body)) as { list: AuditRow[]; pagination: { total: number } };
    const ids = orderIdsOf(page.list);
    if (!mayReadOrders || !ids.length) return page;
    // `id` is a declared equality filter of orders, though the generated row type leaves the id out.
    const query = { page: 1, size: ids.length, id: ids } as PageQuery<'goods/order'>;
    const orders = await data('goods/order')
      .page(query, { silent: true })
      .then(
        (r) => r.list,
        () => [],
      );
    return { ...page, list: withOrderStatus(page.list, orders) };
  };

  const filters: Record<string, unknown> = {};
  if (FILTER[shown] !== undefined) filters.isWithdrawable = FILTER[shown];
  if (seller !== undefined) filters.userId = seller;

  const release = (ids: number[], done: () => void) =>
    modal.confirm({
      title: t('viewsCommerce.audit.releaseTitle'),
      content: t('viewsCommerce.audit.releaseConfirm', { n: ids.length }),
      okText: t('viewsCommerce.audit.release'),
      cancelText: t('common.cancel'),
      // A refusal (409: an entry already withdrawable, or a seller's debt) was shown by the client; nothing changed.
      onOk: () =>
        (calls.base.tokenLog.batchSetWithdrawable({ ids }) as Promise<{ count: number; users: number }>).then(
          (r) => {
            notify('success', t('viewsCommerce.audit.released', { n: r.count, users: r.users }));
            done();
            void table.current?.reload();
            setCheckKey((k) => k + 1);
          },
          () => undefined,
        ),
    });

  const columns: ProColumns<Row>[] = [
    { title: t('viewsCommerce.id'), dataIndex: 'id', width: 80 },
    {
      title: t('viewsCommerce.audit.seller'),
      dataIndex: 'userId',
      width: 180,
      render: (_, r) => (
        <Space size={4}>
          <Typography.Text>{typeof r.userName === 'string' && r.userName ? r.userName : '-'}</Typography.Text>
          <Typography.Text type="secondary">#{String(r.userId)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('viewsCommerce.audit.tokens'),
      dataIndex: 'tokens',
      width: 130,
      align: 'right',
      render: (_, r) => <Typography.Text strong>{formatTokens(r.tokens, lang)}</Typography.Text>,
    },
    {
      title: t('viewsCommerce.audit.source'),
      dataIndex: 'relateId',
      width: 170,
      render: (_, r) =>
        r.relateType === 'order' && r.relateId ? (
          <Space size={4} wrap>
            {t('viewsCommerce.audit.orderRef', { id: r.relateId })}
            {saleRefunded(r as AuditRow) ? <Tag color="purple">{t('viewsCommerce.audit.saleRefunded')}</Tag> : null}
          </Space>
        ) : r.relateType ? (
          `${String(r.relateType)} #${String(r.relateId ?? '')}`
        ) : (
          '-'
        ),
    },
    { title: t('viewsCommerce.audit.time'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
    {
      title: meta.label('isWithdrawable'),
      dataIndex: 'isWithdrawable',
      width: 130,
      render: (_, r) =>
        Number(r.isWithdrawable) === 1 ? (
          <Tag color="green">{t('viewsCommerce.audit.withdrawable')}</Tag>
        ) : saleRefunded(r as AuditRow) ? (
          <Tag>{t('viewsCommerce.audit.notReleasable')}</Tag>
        ) : (
          <Tag color="gold">{t('viewsCommerce.audit.pending')}</Tag>
        ),
    },
    { title: meta.label('remark'), dataIndex: 'remark', ellipsis: true, render: (_, r) => (r.remark ? String(r.remark) : '-') },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="token-audit">
      <LedgerCheck fields={meta.options('field')} refreshKey={checkKey} />
      <CrudTable
        entry={meta.entry}
        entityKey="base/tokenLog:audit"
        actionRef={table}
        title={t('viewsCommerce.audit.title')}
        filters={filters}
        pageCall={auditPage}
        rowSelectable={(r) => releasable(r as AuditRow)}
        tools={{ import: false, export: false, inlineEdit: false, filters: false, select: selectable, keepSelection: true }}
        table={(ctx) => ({
          scroll: { x: 980 },
          tableAlertRender: ({ selectedRowKeys }) => <Typography.Text>{t('viewsCommerce.audit.selected', { n: selectedRowKeys.length })}</Typography.Text>,
          tableAlertOptionRender: () => (
            <Button type="link" size="small" onClick={ctx.clearSelection}>
              {t('viewsCommerce.audit.clearSelection')}
            </Button>
          ),
        })}
        slots={{
          columns,
          toolbar: (_items, ctx) => [
            <Segmented<Shown>
              key="shown"
              value={shown}
              onChange={(v) => {
                ctx.clearSelection();
                setShown(v);
              }}
              options={[
                { value: 'pending', label: t('viewsCommerce.audit.pending') },
                { value: 'withdrawable', label: t('viewsCommerce.audit.withdrawable') },
                { value: 'all', label: t('viewsCommerce.audit.all') },
              ]}
              data-testid="audit-shown"
            />,
            <Input.Search
              key="seller"
              allowClear
              inputMode="numeric"
              placeholder={t('viewsCommerce.audit.sellerId')}
              style={{ width: 160 }}
              onSearch={(v) => setSeller(sellerIdOf(v))}
              data-testid="audit-seller"
            />,
            selectable && (
              <Button
                key="release"
                type="primary"
                icon={<CheckOutlined />}
                disabled={!ctx.selected.length}
                onClick={() => release(ctx.selected, ctx.clearSelection)}
                data-testid="audit-release"
              >
                {ctx.selected.length ? t('viewsCommerce.audit.releaseCount', { n: ctx.selected.length }) : t('viewsCommerce.audit.release')}
              </Button>
            ),
          ],
        }}
      />
    </Space>
  );
}
