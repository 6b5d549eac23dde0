import { useEffect } from 'react';
import { useI18n } from '../i18n';
import { displayName, siteIdentity } from './site';

/** The display name for this host (000 §1). */
export function useSiteName(): string {
  const { t } = useI18n();
  const d = displayName(window.location.hostname);
  return t(d.key, { product: d.product });
}

/** Keeps the document title and favicon on the host rule; mounted once above the router (main.tsx). */
export function SiteIdentity(): null {
  const name = useSiteName();
  useEffect(() => {
    const { title, favicon } = siteIdentity(window.location.hostname, name);
    const link = document.getElementById('app-favicon') as HTMLLinkElement | null;
    if (link) link.href = favicon;
    document.title = title;
  }, [name]);
  return null;
}
