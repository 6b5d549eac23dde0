/**
 * Redemption codes (base/coupon): the generic screen (its columns, filters, inline edit of unused
 * codes, delete, export) with a Generate button in the toolbar that opens the generate dialog.
 */
import { useRef, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import EntityGate from '../views/data/EntityGate';
import type { EntityMeta } from '../views/data/entity';
import CouponGenerate from './CouponGenerate';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const table = useRef<ActionType>(undefined);
  const [generating, setGenerating] = useState(false);
  return (
    <div data-testid="coupon-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="base/coupon"
        actionRef={table}
        tools={{ import: false }}
        slots={{
          toolbar: (items) => [
            items.keyword,
            can('base:coupon:generate') && (
              <Button key="generate" type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)} data-testid="coupon-generate">
                {t('viewsCommerce.coupon.generate')}
              </Button>
            ),
            items.export,
            items.delete,
          ],
        }}
      />
      <CouponGenerate open={generating} onClose={() => setGenerating(false)} onGenerated={() => void table.current?.reload()} />
    </div>
  );
}

export default function CouponView() {
  return <EntityGate keys={['base/coupon']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
