/**
 * AI runs (base/run) in the console: the generic table of runs and, for administrators, a Usage tab
 * with tokens and cost by model, app, member and day (UsagePanel.tsx).
 */
import { Tabs } from 'antd';
import { useCan } from '../../../app/auth';
import { useI18n } from '../../../i18n';
import CrudTable from '../../crud/CrudTable';
import { mayUse } from '../../crud/fields';
import EntityGate from '../data/EntityGate';
import type { EntityMeta } from '../data/entity';
import UsagePanel from './UsagePanel';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const runs = <CrudTable entry={meta.entry} entityKey="base/run" />;
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
