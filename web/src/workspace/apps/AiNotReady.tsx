/**
 * What a member sees where AI would answer while the site has no model yet (issue 39, first start):
 * a plain notice that AI is not set up, instead of runs refused one by one with a 503. `purpose`
 * picks the model that matters here: apps (`chat`) or AI members (`aiMember`). Nothing shows while
 * the answer is unknown or when it could not be read.
 */
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { calls } from '../../app/data';
import { useI18n } from '../../i18n';
import '../../i18n/apps-texts';

export default function AiNotReady({ purpose }: { purpose: 'chat' | 'aiMember' }) {
  const { t } = useI18n();
  const [ready, setReady] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    calls.base.app.ready().then(
      (r) => live && setReady(r[purpose]),
      () => live && setReady(null),
    );
    return () => {
      live = false;
    };
  }, [purpose]);
  if (ready !== false) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="apps-not-ready"
      message={t('wsApps.store.notReadyTitle')}
      description={t('wsApps.store.notReady')}
      data-testid="ai-not-ready"
    />
  );
}
