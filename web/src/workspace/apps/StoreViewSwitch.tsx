/**
 * The store's switch between its goods and its AI apps (`?view=apps`). Loaded apart by the store
 * page (with the apps' texts), so the router's list of what the store page needs stays as it was;
 * two plain buttons rather than antd's Segmented, whose own parts would move code between the
 * chunks the workspace's first page loads.
 */
import { Button } from 'antd';
import { useI18n } from '../../i18n';
import '../../i18n/apps-texts';

export default function StoreViewSwitch({ apps, onChange }: { apps: boolean; onChange: (apps: boolean) => void }) {
  const { t } = useI18n();
  return (
    <div className="st-view-switch" role="tablist" data-testid="store-view" style={{ display: 'flex', gap: 8 }}>
      <Button type={apps ? 'text' : 'primary'} shape="round" role="tab" aria-selected={!apps} onClick={() => onChange(false)} data-testid="store-view-goods">
        {t('wsApps.store.tabGoods')}
      </Button>
      <Button type={apps ? 'primary' : 'text'} shape="round" role="tab" aria-selected={apps} onClick={() => onChange(true)} data-testid="store-view-apps">
        {t('wsApps.store.tabApps')}
      </Button>
    </div>
  );
}
