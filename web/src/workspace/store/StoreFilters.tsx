/** The store's search box, sort, what-is-sold and goods-type chips and (when allowed) suggested keywords. */
import { useEffect, useState } from 'react';
import { Input, Select, Tag } from 'antd';
import { useI18n } from '../../i18n';
import type { GoodsType } from './store-calls';
import { SOLD_KINDS, SORTS, type SortKey, type StoreQuery } from './store-query';

interface Props {
  query: StoreQuery;
  types: GoodsType[];
  keywords: string[];
  onChange(next: StoreQuery): void;
}

export function StoreSearch({ query, onChange }: Pick<Props, 'query' | 'onChange'>) {
  const { t } = useI18n();
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  return (
    <Input.Search
      className="st-search"
      size="large"
      value={text}
      maxLength={200}
      allowClear
      enterButton={t('wsStore.store.search')}
      placeholder={t('wsStore.store.searchPlaceholder')}
      aria-label={t('wsStore.store.searchPlaceholder')}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onChange({ ...query, q: v.trim() })}
      data-testid="store-search"
    />
  );
}

export default function StoreFilters({ query, types, keywords, onChange }: Props) {
  const { t } = useI18n();
  return (
    <div className="st-filters">
      <div className="st-chips st-sells-filter" role="group" aria-label={t('wsAccount.sells.filter')} data-testid="store-sells">
        <span className="st-chips-label">{t('wsAccount.sells.filter')}</span>
        <Tag.CheckableTag checked={!query.sells} onChange={() => onChange({ ...query, sells: undefined })}>
          {t('wsAccount.sells.all')}
        </Tag.CheckableTag>
        {SOLD_KINDS.map((k) => (
          <Tag.CheckableTag key={k} checked={query.sells === k} onChange={(on) => onChange({ ...query, sells: on ? k : undefined })} data-kind={k}>
            {t(`wsAccount.sells.filterKind.k${k}`)}
          </Tag.CheckableTag>
        ))}
      </div>
      <div className="st-filters-row">
        <div className="st-chips st-types" role="group" aria-label={t('wsStore.store.types')} data-testid="store-types">
          <Tag.CheckableTag checked={!query.type} onChange={() => onChange({ ...query, type: undefined })}>
            {t('wsStore.store.allTypes')}
          </Tag.CheckableTag>
          {types.map((ty) => (
            <Tag.CheckableTag key={ty.id} checked={query.type === ty.id} onChange={(on) => onChange({ ...query, type: on ? ty.id : undefined })}>
              {ty.name}
            </Tag.CheckableTag>
          ))}
        </div>
        <Select<SortKey>
          className="st-sort"
          value={query.sort}
          aria-label={t('wsStore.store.sortLabel')}
          onChange={(sort) => onChange({ ...query, sort })}
          options={SORTS.map((s) => ({ value: s, label: t(`wsStore.store.sort.${s}`) }))}
          popupMatchSelectWidth={false}
          data-testid="store-sort"
        />
      </div>
      {keywords.length > 0 && (
        <div className="st-chips st-keywords" data-testid="store-keywords">
          <span className="st-chips-label">{t('wsStore.store.suggested')}</span>
          {keywords.map((k) => (
            <Tag.CheckableTag key={k} checked={query.kw === k} onChange={(on) => onChange({ ...query, kw: on ? k : '' })}>
              {k}
            </Tag.CheckableTag>
          ))}
        </div>
      )}
    </div>
  );
}
