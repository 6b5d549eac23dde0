/**
 * The generic screen of one entity, rendered from its /eps entry: a new entity declaration appears
 * here as a working screen with no web code. Special screens (app/views.ts) may reuse it.
 */
import { Card, Result, Skeleton } from 'antd';
import { useI18n } from '../../i18n';
import { useEps } from '../eps';
import CrudTable from './CrudTable';

export default function CrudScreen({ entityKey }: { entityKey: string }) {
  const { t } = useI18n();
  const { eps, error } = useEps();
  const entry = eps?.[entityKey];
  return (
    <div data-testid="crud-screen" data-entity={entityKey}>
      {!eps && !error ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : entry ? (
        <CrudTable key={entityKey} entry={entry} entityKey={entityKey} />
      ) : (
        <Result status="404" title="404" subTitle={t('crud.notFound')} />
      )}
    </div>
  );
}
