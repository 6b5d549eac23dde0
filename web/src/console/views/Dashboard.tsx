import { Typography } from 'antd';
import { useI18n } from '../../i18n';

export default function Dashboard() {
  const { t } = useI18n();
  return <Typography.Title level={3}>{t('shell.dashboard')}</Typography.Title>;
}
