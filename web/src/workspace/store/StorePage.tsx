/**
 * `/workflow_store`: the store, open to signed-out visitors (router rules let them in). The search
 * box, goods types, suggested keywords (for roles allowed to list them) and the sort narrow the list;
 * the pinned row leads the whole store; the goods come page after page as the visitor scrolls.
 * The filter is kept in the address. Framed by the workspace's top bar: the site name, the way
 * back to the workspace and the member menu, or a sign-in button for visitors.
 * A second view, `?view=apps`, lists the AI apps to run (apps/AppsSection, loaded when shown).
 */
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import WorkspaceLayout from '../WorkspaceLayout';
import FeaturedRow from './FeaturedRow';
import GoodsCard from './GoodsCard';
import LoadMore from './LoadMore';
import StoreFilters, { StoreSearch } from './StoreFilters';
import { isFiltered, readQuery, toFilter, writeQuery, type StoreQuery } from './store-query';
import { useSiteCurrency } from '../../app/use-site-currency';
import { useStoreList } from './use-store-list';
import { useStoreMeta } from './use-store-meta';
import './store.css';
import '../../i18n/store-texts';

// Loaded apart, with their texts: the router's preload list of this page stays as it was.
const AppsSection = lazy(() => import('../apps/AppsSection'));
const StoreViewSwitch = lazy(() => import('../apps/StoreViewSwitch'));

function StoreView() {
  const { t } = useI18n();
  const signedIn = !!useAuth().user;
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(params), [params]);
  const filter = useMemo(() => toFilter(query), [query]);
  const change = useCallback((next: StoreQuery) => setParams(writeQuery(next)), [setParams]);
  const currency = useSiteCurrency();
  const { types, keywords } = useStoreMeta();
  const list = useStoreList(filter);
  const { items, total } = list.paged;
  const filtered = isFiltered(query);
  const first = list.paged.page === 0;
  const apps = params.get('view') === 'apps';

  return (
    <div className="st-page" data-testid="store-page">
      <section className="st-hero">
        <div className="st-hero-text">
          <Typography.Title level={2} className="st-title">
            {t('wsStore.store.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="st-intro">
            {t(signedIn ? 'wsStore.store.introMember' : 'wsStore.store.intro')}
          </Typography.Paragraph>
        </div>
        {signedIn && (
          <Link to="/workbench" className="st-back-ws" data-testid="store-workbench">
            <AppstoreOutlined /> {t('wsStore.store.myWorkspace')}
          </Link>
        )}
        {!apps && <StoreSearch query={query} onChange={change} />}
      </section>

      <Suspense fallback={<div style={{ height: 32 }} />}>
        <StoreViewSwitch apps={apps} onChange={(next) => setParams(next ? { view: 'apps' } : writeQuery(query))} />
      </Suspense>

      {apps ? (
        <Suspense fallback={<Spin className="ws-spin" />}>
          <AppsSection />
        </Suspense>
      ) : (
        <>
          <StoreFilters query={query} types={types} keywords={keywords} onChange={change} />

          {!filtered && <FeaturedRow currency={currency} />}

          {first && list.loading ? (
            <Spin className="ws-spin" />
          ) : first && list.error ? (
            <div data-testid="store-error">
              <Result
                status="warning"
                title={t('wsStore.store.loadFailed')}
                subTitle={list.error}
                extra={
                  <Button type="primary" onClick={list.retry}>
                    {t('wsStore.store.retry')}
                  </Button>
                }
              />
            </div>
          ) : items.length === 0 ? (
            <div data-testid="store-empty">
              <Empty
                className="st-empty"
                description={
                  <>
                    <div className="st-empty-title">{t(filtered ? 'wsStore.store.emptyFiltered' : 'wsStore.store.empty')}</div>
                    <div className="st-empty-hint">{t(filtered ? 'wsStore.store.emptyFilteredHint' : 'wsStore.store.emptyHint')}</div>
                  </>
                }
              >
                {filtered && <Button onClick={() => change({ q: '', kw: '', sort: query.sort })}>{t('wsStore.store.clearFilters')}</Button>}
              </Empty>
            </div>
          ) : (
            <section data-testid="store-list">
              <div className="st-count">{t('wsStore.store.count', { count: total })}</div>
              <div className="st-grid">
                {items.map((g) => (
                  <GoodsCard key={g.id} goods={g} currency={currency} />
                ))}
              </div>
              <LoadMore hasMore={list.paged.hasMore} loading={list.loading} error={list.error} onMore={list.loadMore} onRetry={list.retry} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

export default function StorePage() {
  return (
    <WorkspaceLayout>
      <StoreView />
    </WorkspaceLayout>
  );
}
