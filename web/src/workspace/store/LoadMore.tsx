/**
 * The foot of an endless list: an IntersectionObserver asks for the next page as the foot comes
 * near, and a button does the same where there is no observer (or for keyboard users). A failed
 * page shows a retry; the end of the list says so.
 */
import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import { useI18n } from '../../i18n';

interface Props {
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  onMore(): void;
  onRetry(): void;
  /** Whether to say "that is everything" when the list ends. */
  showEnd?: boolean;
}

export default function LoadMore({ hasMore, loading, error, onMore, onRetry, showEnd = true }: Props) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || error || typeof IntersectionObserver === 'undefined') return;
    // A new observer after every page: it reports at once when the foot is still in sight.
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading, error, onMore]);

  return (
    <div ref={ref} className="st-more" data-testid="store-more">
      {error ? (
        <>
          <span className="st-more-error">{t('wsStore.store.loadMoreFailed')}</span>
          <Button onClick={onRetry}>{t('wsStore.store.retry')}</Button>
        </>
      ) : hasMore ? (
        <Button loading={loading} onClick={onMore} data-testid="store-load-more">
          {t('wsStore.store.loadMore')}
        </Button>
      ) : (
        showEnd && <span className="st-more-end">{t('wsStore.store.end')}</span>
      )}
    </div>
  );
}
