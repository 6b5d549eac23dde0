/**
 * Token log (base/tokenLog): the revenue audit with the ledger check (for those who may use
 * `auditList`), and every ledger entry on the generic table; an entry an AI run moved opens that
 * run's receipt (for those who may read receipts).
 */
import { Tabs } from 'antd';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import EntityGate from '../views/data/EntityGate';
import type { EntityMeta } from '../views/data/entity';
import TokenAudit from './TokenAudit';
import RowActions from '../../components/RowActions';
import RunReceiptButton from '../../components/receipt/RunReceiptButton';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const entries = {
    key: 'entries',
    label: t('viewsCommerce.audit.entriesTab'),
    children: (
      <CrudTable
        entry={meta.entry}
        entityKey="base/tokenLog"
        tools={{ import: false }}
        slots={{
          rowActionsWidth: 170,
          rowActions: (r, d) => (
            <RowActions onEdit={d.edit && (() => d.edit!())} onDelete={d.remove}>
              {r.relateType === 'run' && Number(r.relateId) > 0 && can('base:run:receipt') && <RunReceiptButton runId={Number(r.relateId)} />}
            </RowActions>
          ),
        }}
      />
    ),
  };
  if (!can('base:tokenLog:auditList')) return <div data-testid="token-log-screen">{entries.children}</div>;
  return (
    <div data-testid="token-log-screen">
      <Tabs
        destroyOnHidden
        items={[{ key: 'audit', label: t('viewsCommerce.audit.tab'), children: <TokenAudit meta={meta} /> }, entries]}
        tabBarStyle={{ marginBottom: 12 }}
      />
    </div>
  );
}

export default function TokenLogView() {
  return <EntityGate keys={['base/tokenLog']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
