import { Typography } from 'antd';
import { useI18n } from '../../i18n';

/** Sign in (username, password, image captcha) and the other sign-in paths. */
export default function Login({ console: isConsole = false }: { console?: boolean }) {
  const { t } = useI18n();
  return <Typography.Title>{isConsole ? t('shell.console') : t('auth.title')}</Typography.Title>;
}
