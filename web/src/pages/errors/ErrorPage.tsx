import { Button, Result, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { logout } from '../../app/auth';
import { WORKBENCH_PATH } from '../../lib/router-rules';
import './errors.css';
import '../../i18n/auth-texts';

export type ErrorCode = 401 | 403 | 404 | 500 | 502;

/** antd's illustrations: 401 shares the locked door of 403, 502 the broken page of 500. */
const PICTURE: Record<ErrorCode, '403' | '404' | '500'> = { 401: '403', 403: '403', 404: '404', 500: '500', 502: '500' };

/**
 * The error pages 401/403/404/500/502 with the titles of 000 §8; 401 also offers to sign in again. A
 * signed-in member sent away from the console (router rule 3: `/404?from=console`) is told why and
 * offered the workspace.
 */
export default function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const fromConsole = code === 404 && search.get('from') === 'console';
  const again = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <div className="error-page" data-testid="error-page" data-code={code}>
      <Result
        status={PICTURE[code] ?? '404'}
        title={<span className="error-code">{code}</span>}
        subTitle={
          <span className="error-text" data-testid={fromConsole ? 'error-console-only' : undefined}>
            {fromConsole ? t('auth.errors.consoleOnly') : t(`auth.errors.e${code}`)}
          </span>
        }
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            {fromConsole ? (
              <Button type="primary" onClick={() => navigate(WORKBENCH_PATH)} data-testid="error-workspace">
                {t('auth.errors.workspace')}
              </Button>
            ) : null}
            <Button type={fromConsole ? 'default' : 'primary'} onClick={() => navigate('/')} data-testid="error-home">
              {t('auth.errors.home')}
            </Button>
            {code === 401 ? (
              <Button onClick={() => void again()} data-testid="error-login">
                {t('auth.errors.login')}
              </Button>
            ) : null}
          </Space>
        }
      />
    </div>
  );
}
