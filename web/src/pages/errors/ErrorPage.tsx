import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';

export type ErrorCode = 401 | 403 | 404 | 500 | 502;

/** The error pages 401/403/404/500/502 with the titles of 000 §8. */
export default function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const status = code === 401 || code === 502 ? 'warning' : (String(code) as '403' | '404' | '500');
  return (
    <Result
      status={status}
      title={String(code)}
      subTitle={t(`auth.errors.e${code}`)}
      extra={<Button type="primary" onClick={() => navigate('/')}>{t('common.back')}</Button>}
    />
  );
}
