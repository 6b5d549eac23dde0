/**
 * AI runs (base/run) in the console: the generic table of runs, each with its receipt (what answered,
 * the usage, the rate, what was reserved, charged and returned, every ledger entry it moved), and,
 * for administrators, a Usage tab with tokens and cost by model, app, member and day (UsagePanel.tsx).
 */
import { Tabs } from 'antd';
import { useCan } from '../../../app/auth';
import { useI18n } from '../../../i18n';
import CrudTable from '../../crud/CrudTable';
import { mayUse } from '../../crud/fields';
import EntityGate from '../data/EntityGate';
import type { EntityMeta } from '../data/entity';
import UsagePanel from './UsagePanel';
import RowActions from '../../../components/RowActions';
import RunReceiptButton from '../../../components/receipt/RunReceiptButton';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  // The receipt is read with base/run/receipt, which answers every run to an administrator.
  const receipts = mayUse(meta.entry, 'receipt', can);
  const runs = (
    <CrudTable
      entry={meta.entry}
      entityKey="base/run"
      slots={{
        rowActionsWidth: receipts ? 170 : undefined,
        rowActions: (r, d) => (
          <RowActions onEdit={d.edit && (() => d.edit!())} onDelete={d.remove}>
            {receipts && <RunReceiptButton runId={Number(r.id)} />}
          </RowActions>
        ),
      }}
    />
  );
  if (!mayUse(meta.entry, 'usage', can)) return <div data-testid="run-screen">{runs}</div>;
  return (
    <div data-testid="run-screen">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'runs', label: t('viewsAi.usage.runs'), children: runs },
          { key: 'usage', label: t('viewsAi.usage.tab'), children: <UsagePanel /> },
        ]}
      />
    </div>
  );
}

export default function RunView() {
  return <EntityGate keys={['base/run']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
