/**
 * The pinned row at the top of the whole store. Sellers pin up to three of their goods
 * (updateGoods); openList has no pinned filter, so the row takes the pinned ones among the first
 * {@link SCAN} listings in the store's own order. Nothing pinned: no row.
 */
import { useEffect, useState } from 'react';
import { PushpinOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import GoodsCard from './GoodsCard';
import { storeCalls, type StoreGoods } from './store-calls';
import { pinnedOf } from './store-meta';

/** How many listings are looked through for pinned ones. */
const SCAN = 100;

export default function FeaturedRow({ currency }: { currency: string }) {
  const { t } = useI18n();
  const [pinned, setPinned] = useState<StoreGoods[]>([]);
  useEffect(() => {
    let live = true;
    storeCalls.list({ page: 1, size: SCAN }).then(
      (answer) => live && setPinned(pinnedOf(answer.list)),
      () => undefined, // the row is extra: the list below shows its own error
    );
    return () => {
      live = false;
    };
  }, []);
  if (pinned.length === 0) return null;
  return (
    <section className="st-featured" data-testid="store-featured">
      <h2 className="st-section-title">
        <PushpinOutlined /> {t('wsStore.store.featured')}
      </h2>
      <div className="st-featured-row">
        {pinned.map((g) => (
          <GoodsCard key={g.id} goods={g} currency={currency} />
        ))}
      </div>
    </section>
  );
}
