import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n';
import { useEntities, type EntityMeta } from './entity';

/** Renders `children(metas)` once /eps describes every entity; a spinner before, an error if it cannot. */
export default function EntityGate({ keys, children }: { keys: readonly string[]; children: (metas: EntityMeta[]) => ReactNode }) {
  const { t } = useI18n();
  const metas = useEntities(keys);
  if (metas === null) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (metas === false) return <Result status="warning" title={t('common.epsError')} />;
  return <>{children(metas)}</>;
}
