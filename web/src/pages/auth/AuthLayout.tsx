import type { ReactNode } from 'react';
import { Card, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import LangSwitch from '../../components/LangSwitch';
import ThemeSwitch from '../../components/ThemeSwitch';
import { useSiteName } from '../../app/use-site';
import './auth.css';

/** The frame of the sign-in family of pages: brand bar with language and theme switches, one centred card. */
export default function AuthLayout({
  title,
  subtitle,
  wide = false,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const site = useSiteName();
  return (
    <div className="auth-page" data-testid={testId}>
      <header className="auth-top">
        <Link to="/" className="auth-brand">
          <img src="/favicon.svg" alt={site} />
          <Typography.Text strong style={{ fontSize: 17 }}>
            {site}
          </Typography.Text>
        </Link>
        <Space size={4}>
          <LangSwitch />
          <ThemeSwitch />
        </Space>
      </header>
      <main className="auth-main">
        <Card className={wide ? 'auth-card auth-card-wide' : 'auth-card'} variant="borderless">
          <div className="auth-head">
            <Typography.Title level={3}>{title}</Typography.Title>
            {subtitle ? (
              <Typography.Text type="secondary" className="auth-sub">
                {subtitle}
              </Typography.Text>
            ) : null}
          </div>
          {children}
        </Card>
      </main>
      <footer className="auth-foot">
        {'© '}
        {new Date().getFullYear()} {site}
      </footer>
    </div>
  );
}
