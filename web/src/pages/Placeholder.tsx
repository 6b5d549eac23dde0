import { Result } from 'antd';
import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n';

/** Workspace routes whose screens come with their own issue show their name for now. */
export default function Placeholder() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return <Result status="info" title={t('auth.soonTitle')} subTitle={pathname} />;
}
