import { Button, Result, Space } from 'antd';
import { ArrowLeftOutlined, HomeOutlined, RocketOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n';
import './errors/errors.css';
import '../i18n/auth-texts';

function readable(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Workspace routes whose screens come with their own issue: the route's name and the way back. */
export default function Placeholder() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="error-page" data-testid="placeholder-page">
      <Result
        icon={<RocketOutlined style={{ color: 'var(--color-primary)' }} />}
        title={t('auth.soonTitle')}
        subTitle={<code>{t('auth.placeholder.page', { path: readable(pathname) })}</code>}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              {t('common.back')}
            </Button>
            <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/')}>
              {t('auth.placeholder.back')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
