import { Avatar, Button, Card, Dropdown, Space, Typography } from 'antd';
import { AppstoreOutlined, ArrowRightOutlined, ControlOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { logout, useAuth } from '../app/auth';
import { useSiteName } from '../app/use-site';
import { canEnterConsole } from '../lib/router-rules';
import LangSwitch from '../components/LangSwitch';
import ThemeSwitch from '../components/ThemeSwitch';
import './auth/auth.css';
import './auth/home.css';
import '../i18n/auth-texts';

/** The landing page: the display name of this host and the ways into the workbench and the console. */
export default function Home() {
  const { t } = useI18n();
  const site = useSiteName();
  const navigate = useNavigate();
  const auth = useAuth();
  const user = auth.user;
  const name = user?.nickName || user?.name || '';
  const consoleOk = canEnterConsole(user, auth.consoleRoleIds);

  return (
    <div className="auth-page" data-testid="home-page">
      <header className="auth-top">
        <Link to="/" className="auth-brand">
          <img src="/favicon.svg" alt={site} />
          <Typography.Text strong className="auth-hide-xs" style={{ fontSize: 17 }}>
            {site}
          </Typography.Text>
        </Link>
        <Space size={4}>
          <LangSwitch />
          <ThemeSwitch />
          {user ? (
            <Dropdown
              menu={{
                items: [
                  { key: 'me', icon: <UserOutlined />, label: t('auth.home.personal'), onClick: () => navigate('/my/info') },
                  { type: 'divider' },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('auth.personal.logout'), onClick: () => void logout().then(() => navigate('/login')) },
                ],
              }}
            >
              <Button
                type="text"
                data-testid="user-name"
                icon={<Avatar size="small" src={(user.headImg as string | undefined) || undefined} icon={<UserOutlined />} />}
              >
                <span className="auth-hide-xs">{name}</span>
              </Button>
            </Dropdown>
          ) : (
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('auth.home.signIn')}
            </Button>
          )}
        </Space>
      </header>
      <section className="home-hero">
        <Typography.Title>
          <span className="home-accent">{site}</span>
        </Typography.Title>
        <Typography.Paragraph className="home-tagline">{t('auth.home.tagline')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{name ? t('auth.home.hello', { name }) : t('auth.home.intro')}</Typography.Paragraph>
        {!user ? (
          <Space>
            <Button type="primary" size="large" onClick={() => navigate('/login')}>
              {t('auth.home.signIn')}
            </Button>
            <Button size="large" onClick={() => navigate('/register')}>
              {t('auth.home.signUp')}
            </Button>
          </Space>
        ) : null}
      </section>
      <section className="home-cards">
        <Entrance to="/workbench" icon={<AppstoreOutlined />} title={t('auth.home.workbench')} text={t('auth.home.workbenchDesc')} testId="home-workbench" />
        {consoleOk || !user ? (
          <Entrance to="/admin" icon={<ControlOutlined />} title={t('auth.home.console')} text={t('auth.home.consoleDesc')} testId="home-console" />
        ) : null}
      </section>
    </div>
  );
}

function Entrance({ to, icon, title, text, testId }: { to: string; icon: ReactNode; title: string; text: string; testId: string }) {
  return (
    <Link to={to} data-testid={testId}>
      <Card className="home-card" hoverable variant="borderless">
        <span className="home-card-icon">{icon}</span>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title} <ArrowRightOutlined style={{ fontSize: 16 }} />
        </Typography.Title>
        <Typography.Text type="secondary">{text}</Typography.Text>
      </Card>
    </Link>
  );
}
