/**
 * Apps (base/app) in the console: the generic screen, whose form edits the configuration with a
 * model select over the registry (AppConfigInput.tsx) above its JSON.
 */
import CrudTable from '../../crud/CrudTable';
import EntityGate from '../data/EntityGate';
import type { EntityMeta } from '../data/entity';
import AppConfigInput from './AppConfigInput';

function Screen({ meta }: { meta: EntityMeta }) {
  return (
    <div data-testid="app-screen">
      <CrudTable entry={meta.entry} entityKey="base/app" slots={{ fields: { config: { control: <AppConfigInput /> } } }} />
    </div>
  );
}

export default function AppView() {
  return <EntityGate keys={['base/app']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
