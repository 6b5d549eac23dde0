import { useEffect } from 'react';
import { useI18n } from '../i18n';
import { displayName, faviconFor } from './site';

/** The display name for this host (000 §1); also sets the favicon and the document title. */
export function useSiteName(): string {
  const { t } = useI18n();
  const host = window.location.hostname;
  const d = displayName(host);
  const name = t(d.key, { product: d.product });
  useEffect(() => {
    const link = document.getElementById('app-favicon') as HTMLLinkElement | null;
    if (link) link.href = faviconFor(host);
    document.title = name;
  }, [host, name]);
  return name;
}
